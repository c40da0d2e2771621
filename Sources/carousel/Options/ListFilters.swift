import ArgumentParser
import CarouselCore

extension CardFilter.Sort: ExpressibleByArgument {}

/// The filters `list` and `search` share.
struct ListFilters: ParsableArguments {
    @Option(help: "Only cards with this tag.")
    var tag: String?

    @Option(help: "Only cards in this category.")
    var category: String?

    @Option(help: "before:DATE, after:DATE or on:DATE (dates as --due takes them in `add`).")
    var due: String?

    @Flag(help: "Only overdue cards: open one-off tasks and ideas whose due date has passed (never events, done cards or repeating cards).")
    var overdue = false

    @Flag(help: "Only cards not done.")
    var open = false

    @Flag(help: "Only cards done (for a repeating card: today's occurrence).")
    var done = false

    @Flag(help: "Only repeating cards.")
    var repeating = false

    @Option(help: "Spoons, a number or a range like 1-2.")
    var spoons: String?

    @Option(help: "Importance, a number or a range like 4-5.")
    var importance: String?

    @Option(help: "task, idea or event.")
    var kind: CardKind?

    @Option(help: "due (default), importance, spoons, created or title.")
    var sort: CardFilter.Sort = .due

    func validate() throws {
        if open && done { throw ValidationError("--open and --done together match nothing; pick one") }
        if let due, CardFilter.dueTest(due, today: Day(dayNumber: 0)) == nil {
            throw ValidationError("--due must be before:DATE, after:DATE or on:DATE, found \"\(due)\"")
        }
        for (name, value) in [("--spoons", spoons), ("--importance", importance)] {
            if let value, CardFilter.range(value) == nil {
                throw ValidationError("\(name) must be 1–5 or a range like 1-2, found \"\(value)\"")
            }
        }
    }

    func filter(today: Day) -> CardFilter {
        var f = CardFilter()
        f.tag = tag
        f.category = category
        f.due = due.flatMap { CardFilter.dueTest($0, today: today) }
        f.overdue = overdue
        f.status = open ? .open : done ? .done : .any
        f.repeating = repeating
        f.spoons = spoons.flatMap(CardFilter.range)
        f.importance = importance.flatMap(CardFilter.range)
        f.kind = kind
        f.sort = sort
        return f
    }
}
