import ArgumentParser
import CarouselCore

struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the values that lost a sync clash, or clear them for a card once you've looked.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "Clear the conflicts of this card (slug, id, or the start of either).")
    var clear: String?

    func run() throws {
        try reporting {
            let t = Terminal.current
            if let clear {
                let ws = try options.workspace(writing: true)
                printNotices(ws)
                let (card, cleared) = try ws.clearConflicts(clear)
                if options.json { return JSON.object([("card", .string(card.slug)), ("cleared", .bool(cleared))]).print() }
                print(cleared ? t.green("✓") + " Cleared the conflicts of " + t.bold(card.title) + "."
                              : t.bold(card.title) + " has no conflicts. Nothing changed.")
                return
            }
            let ws = try options.workspace(writing: false)
            let list = ws.conflicts()
            if options.json {
                return JSON.object([("cards", .array(list.map {
                    .object([("slug", .string($0.card.slug)), ("title", .string($0.card.title)),
                             ("path", .string($0.card.path)), ("conflicts", .array($0.entries.map(JSON.string)))])
                }))]).print()
            }
            guard !list.isEmpty else { return print("No sync clashes to look at. Everything merged cleanly.") }
            for item in list {
                print(t.bold(item.card.title) + t.dim("  \(item.card.slug)"))
                item.entries.forEach { print("  " + $0) }
            }
            print("")
            print(t.dim("The kept values are in the cards. Clear a card's list with `carousel conflicts --clear REF`."))
        }
    }
}
