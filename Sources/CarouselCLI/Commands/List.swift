import ArgumentParser
import CarouselCore
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List cards, filtered and sorted.",
        discussion: """
            With no filters, every card matches. Filters combine: `carousel list --tag family --open --sort importance`, \
            or the Taskwarrior way: `carousel list +home -someday category:work due.before:eow`. \
            The number in the first column is the card's number for today: `carousel done 3`. \
            The list shows its first \(CardFilter.shown) cards and counts the rest; `--all` shows every card, \
            and `--json` lists every card unless `--limit` is given.
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var filters: ListFilters

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            try showCards(ws, try filters.filter(ws), shown: filters, json: options.json,
                          empty: "No cards match. `carousel list` with no filters shows them all.")
        }
    }
}

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find cards whose title or notes contain TEXT (any case).",
        discussion: "Takes the same filters as `carousel list`.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The text to look for.")
    var text: String

    @OptionGroup var filters: ListFilters

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            try showCards(ws, try filters.filter(ws), containing: text, shown: filters, json: options.json,
                          empty: "Nothing mentions \"\(text)\". Try a shorter word?")
        }
    }
}

/// `list` and `search`: the cards `filter` keeps (with `text` in them), as many as `shown`
/// says, as JSON or lines.
private func showCards(_ ws: Workspace, _ filter: CardFilter, containing text: String? = nil, shown: ListFilters, json: Bool,
                       empty: String) throws(CarouselError) {
    let first: (cards: [Card], total: Int)
    if let count = shown.shown(filter, json: json) {
        first = try ws.firstCards(filter, containing: text, count: count)
    } else {
        let cards = try ws.cards(filter, containing: text)
        first = (cards, cards.count)
    }
    let numbers = ws.numbers(showing: first.cards)
    if json { return ListRender.json(first.cards, today: ws.today, numbers: numbers, vaultZone: ws.settings.vaultZone).printJSON() }
    printDiagnostics(ws)
    ListRender.text(first.cards, today: ws.today, numbers: numbers, total: first.total, empty: empty)
}

extension List: QuickCommand {
    static let quickSpec = ListFilters.quickSpec

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.filters = try ListFilters(quick: words)
        self = c
    }
}
