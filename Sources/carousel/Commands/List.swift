import ArgumentParser
import CarouselCore
import Foundation

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List cards, filtered and sorted.",
        discussion: """
            With no filters, every card. Filters combine: `carousel list --tag family --open --sort importance`, \
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
            try ListRender.show(ws, try filters.filter(ws), shown: filters, json: options.json,
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
            try ListRender.show(ws, try filters.filter(ws), containing: text, shown: filters, json: options.json,
                                empty: "Nothing mentions \"\(text)\". Try a shorter word?")
        }
    }
}
