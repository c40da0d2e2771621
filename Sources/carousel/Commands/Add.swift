import ArgumentParser
import CarouselCore

extension CardKind: ExpressibleByArgument {}

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "What do you want to do? Add a card.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card's title.")
    var title: String

    @Option(help: "Energy it takes, 1–5 (default 1).")
    var spoons: Int?

    @Option(help: "How much it matters, 1–5 (default 1).")
    var importance: Int?

    @Option(help: "When it is due: YYYY-MM-DD, today, tomorrow, a weekday, +3d, +2w.")
    var due: String?

    @Option(help: "Comma-separated tags, e.g. home,plants.")
    var tags: String?

    @Option(help: "A category: personal, work, health, creative, other, or your own.")
    var category: String?

    @Option(help: "The card this one belongs under (slug or id).")
    var parent: String?

    @Option(help: "task, idea or event.")
    var kind: CardKind?

    @Option(help: "An emoji to show with it.")
    var emoji: String?

    @Option(help: "Notes for the card's body (Markdown).")
    var body: String?

    @Option(name: .customLong("repeat"), help: "A repeat rule, e.g. \"every day\" or \"every 2 weeks on tue, thu\".")
    var repeatRule: String?

    func validate() throws {
        if let spoons, !(1...5).contains(spoons) { throw ValidationError("--spoons must be 1–5, found \(spoons)") }
        if let importance, !(1...5).contains(importance) { throw ValidationError("--importance must be 1–5, found \(importance)") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            var new = NewCard(title: title)
            new.spoons = spoons
            new.importance = importance
            new.due = due
            new.tags = tags.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
            new.category = category
            new.parent = parent
            new.kind = kind
            new.emoji = emoji
            new.body = body
            new.repeatRule = repeatRule
            let card = try ws.add(new)
            if options.json { return CardJSON.full(try ws.open(card)).print() }
            let t = Terminal.current
            print("Added " + t.bold(card.title) + " (\(card.path)) · " + Words.spoons(card.spoons) + " · "
                + Words.due(Occurrence.dueDay(of: card, today: ws.today), today: ws.today))
            print(t.dim("`carousel pull \(card.slug)` takes it into today."))
        }
    }
}
