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
            The number in the first column is the card's number for today: `carousel done 3`.
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var filters: ListFilters

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            let cards = try ws.cards(try filters.filter(ws))
            let numbers = ws.numbers(showing: cards)
            if options.json { return ListRender.json(cards, today: ws.today, numbers: numbers).printJSON() }
            printDiagnostics(ws)
            ListRender.text(cards, today: ws.today, numbers: numbers,
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
            let cards = try ws.cards(try filters.filter(ws), containing: text)
            let numbers = ws.numbers(showing: cards)
            if options.json { return ListRender.json(cards, today: ws.today, numbers: numbers).printJSON() }
            printDiagnostics(ws)
            ListRender.text(cards, today: ws.today, numbers: numbers, empty: "Nothing mentions \"\(text)\". Try a shorter word?")
        }
    }
}
