import ArgumentParser
import CarouselCore
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List cards, filtered and sorted.",
        discussion: "With no filters, every card. Filters combine: `carousel list --tag family --open --sort importance`.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var filters: ListFilters

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            let cards = filters.filter(today: ws.today).apply(ws.snapshot.cards, today: ws.today)
            if options.json { return ListRender.json(cards, today: ws.today).print() }
            printDiagnostics(ws)
            ListRender.text(cards, today: ws.today, empty: "No cards match. `carousel list` with no filters shows them all.")
        }
    }
}

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find cards whose title or notes contain TEXT (any case).",
        discussion: "Takes the same filters as `carousel list`.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The text to look for.")
    var text: String

    @OptionGroup var filters: ListFilters

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            var filter = filters.filter(today: ws.today)
            filter.paths = try CardIndex(vault: ws.vault).search(text)
            let cards = filter.apply(ws.snapshot.cards, today: ws.today)
            if options.json { return ListRender.json(cards, today: ws.today).print() }
            printDiagnostics(ws)
            ListRender.text(cards, today: ws.today, empty: "Nothing mentions \"\(text)\". Try a shorter word?")
        }
    }
}

/// Lines and JSON for card lists.
enum ListRender {
    static func json(_ cards: [Card], today: Day) -> JSON {
        .object([("cards", .array(cards.map { c in
            .object([
                ("id", .str(c.id)), ("slug", .string(c.slug)), ("title", .string(c.title)),
                ("due", .str(CardJSON.dueText(c, today: today))), ("tags", .array(c.tags.map(JSON.string))),
                ("category", .str(c.category)), ("importance", .int(c.importance)), ("spoons", .int(c.spoons)),
                ("done", .bool(Occurrence.isDone(c, today: today))),
                ("overdue", .bool(Occurrence.isOverdue(c, today: today))),
            ])
        }))])
    }

    static func text(_ cards: [Card], today: Day, empty: String) {
        let t = Terminal.current
        guard !cards.isEmpty else { return print(empty) }
        let slugWidth = min(28, cards.map { $0.slug.count }.max() ?? 0)
        let titleWidth = max(20, t.width - slugWidth - 30)
        for c in cards {
            let mark = Occurrence.isDone(c, today: today) ? t.green("✓") : " "
            let title = (c.icon.map { $0 + " " } ?? "") + c.title
            let due = Words.cardDue(c, today: today)
            let tags = c.tags.map { "#" + $0 }.joined(separator: " ")
            let line = "\(mark) " + t.category(c.category, fit(title, titleWidth)) + "  " + fit(Words.spoons(c.spoons), 5) + "  "
                + fit(due, 15) + " " + t.dim(fit(c.slug, slugWidth)) + (tags.isEmpty ? "" : "  " + t.dim(tags))
            print(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        print(t.dim("\(cards.count) card\(cards.count == 1 ? "" : "s")"))
    }
}
