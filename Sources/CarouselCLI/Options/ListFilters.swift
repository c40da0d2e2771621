import ArgumentParser
import CarouselCore

extension CardFilter.Sort: ExpressibleByArgument {}

/// The filters `list` and `search` share.
struct ListFilters: ParsableArguments {
    @Option(help: "Only cards with this tag.")
    var tag: String?

    @Option(help: "Only cards in this category.")
    var category: String?

    @Option(help: "DATE (that day), before:DATE, after:DATE, on:DATE or by:DATE (on or before); dates as --due takes them, e.g. before:eow.")
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

    @Option(help: "Show at most N cards; 0 shows every card. Default: \(CardFilter.shown), or every card with --json.")
    var limit: Int?

    @Flag(help: "Show every card, not only the first \(CardFilter.shown).")
    var all = false

    @Argument(parsing: .allUnrecognized,
              help: "Taskwarrior-style filters: +tag -tag category:work due.before:eow kind:event status:open; numbers and words narrow further.")
    var terms: [String] = []

    /// The long options above, for "did you mean" (`--overdeu` → `--overdue`).
    static let optionNames = ["--tag", "--category", "--due", "--overdue", "--open", "--done", "--repeating", "--spoons",
                              "--importance", "--kind", "--sort", "--limit", "--all"]

    func validate() throws {
        try validateTerms(terms, options: ListFilters.optionNames)
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 (all) or more, found \(limit)") }
        if all, let limit, limit > 0 { throw ValidationError("--all shows every card; leave out --limit \(limit), or drop --all.") }
        if open && done { throw ValidationError("--open and --done together match nothing; pick one") }
        if let due, CardFilter.dueTest(due, today: Day(dayNumber: 0)) == nil {
            throw ValidationError("--due: " + DateInput.refusal(due, expected: "DATE, before:DATE, after:DATE, on:DATE or by:DATE, where DATE is " + DateInput.help))
        }
        for (name, value) in [("--spoons", spoons), ("--importance", importance)] {
            if let value, CardFilter.range(value) == nil {
                throw ValidationError("\(name) must be 1–5 or a range like 1-2, found \"\(value)\"")
            }
        }
    }

    /// The filter of the flags and the terms. Bare numbers pick cards by today's number; other
    /// bare words must appear in the title or slug.
    func filter(_ ws: Workspace) throws(CarouselError) -> CardFilter {
        let parsed = try FilterTerms.parse(terms, dates: ws.dateWords)
        var f = parsed.filter
        let base = filter(today: ws.today, settings: ws.settings)
        f.merge(base)
        var paths: Set<String>?
        for word in parsed.words {
            guard CardRef.number(word) != nil else {
                f.text.append(word)
                continue
            }
            // A number is a REF: one indexed lookup, or "no card has number N today".
            let card = try ws.resolve(word)
            paths = (paths ?? []).union([card.path])
        }
        if let paths { f.paths = paths }
        if let limit { f.limit = limit }
        return f
    }

    /// How many cards `filter` (from `filter(_:)`) shows: `--limit N` or `limit:N`, every card
    /// for `--all`, `--json` or a limit of 0 (nil), else the first `CardFilter.shown`.
    func shown(_ filter: CardFilter, json: Bool) -> Int? {
        if all { return nil }
        if let limit = filter.limit { return limit == 0 ? nil : limit }
        return json ? nil : CardFilter.shown
    }

    func filter(today: Day, settings: Settings = Settings()) -> CardFilter {
        var f = CardFilter()
        f.tag = tag
        f.category = category
        f.due = due.flatMap { CardFilter.dueTest($0, today: today, settings: settings) }
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

extension ListFilters {
    static let quickSpec = QuickWords.Spec(options: ["--tag", "--category", "--due", "--spoons", "--importance", "--kind", "--sort", "--limit"],
                                           flags: ["--overdue", "--open", "--done", "--repeating", "--all"], bare: .max)

    init(quick words: QuickWords) throws {
        var c = Self()
        c.tag = words.text("--tag")
        c.category = words.text("--category")
        c.due = words.text("--due")
        c.overdue = words.has("--overdue")
        c.open = words.has("--open")
        c.done = words.has("--done")
        c.repeating = words.has("--repeating")
        c.spoons = words.text("--spoons")
        c.importance = words.text("--importance")
        c.kind = try words.value("--kind")
        c.sort = try words.value("--sort") ?? .due
        c.limit = try words.value("--limit")
        c.all = words.has("--all")
        c.terms = words.bare
        try c.validate()
        self = c
    }
}
