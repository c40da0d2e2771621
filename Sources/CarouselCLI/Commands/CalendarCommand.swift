import ArgumentParser
import CarouselCore

extension CalendarView.Period: EnumerableFlag {}

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "Cards by date: a day, a week (the default), a month or a year.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Which period to show (default --week, or the month or year DATE names).")
    var period: CalendarView.Period?

    @Argument(help: "A date in the period to show (default today): \(DateInput.help); or a month (2026-12) or a year (2027).")
    var date: String?

    @Flag(help: "List every card of each day (a week or a month lists a day's first \(CalendarView.shownPerDay); --json lists every card).")
    var all = false

    func validate() throws {
        if let date, Self.monthOrYear(date) == nil, DateInput.parse(date, today: Day(year: 2000, month: 1, day: 1)!) == nil {
            throw ValidationError("DATE: " + DateInput.refusal(date, expected: DateInput.help + ", a month (2026-12) or a year (2027)"))
        }
    }

    /// How many cards of each day the view keeps (0: every one): a day lists all of its own, a
    /// week or a month the first `CalendarView.shownPerDay` of each day, and a year shows only
    /// whether a day has cards and the first one's category.
    static func limit(_ period: CalendarView.Period, all: Bool) -> Int {
        guard !all else { return 0 }
        switch period {
        case .day: return 0
        case .week, .month: return CalendarView.shownPerDay
        case .year: return 1
        }
    }

    /// `2026-12` is that month and `2027` that year: their first day, and the period they name.
    static func monthOrYear(_ text: String) -> (day: Day, period: CalendarView.Period)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts.first?.count == 4, let year = Int(parts[0]) else { return nil }
        if parts.count == 1, let day = Day(year: year, month: 1, day: 1) { return (day, .year) }
        if parts.count == 2, parts[1].count <= 2, let month = Int(parts[1]), let day = Day(year: year, month: month, day: 1) {
            return (day, .month)
        }
        return nil
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let named = date.flatMap(Self.monthOrYear)
            let period = period ?? named?.period ?? .week
            let focus = named?.day ?? date.flatMap { DateInput.parse($0, today: ws.today, settings: ws.settings)?.day } ?? ws.today
            // Only the cards that can land in the shown range are read from the index.
            let view = try ws.calendar(period, around: focus, limit: Self.limit(period, all: all || options.json))
            if options.json { return CalendarRender.json(view).printJSON() }
            let t = Terminal.current
            let lines: [String]
            switch period {
            case .day: lines = CalendarRender.day(view, today: ws.today, t,
                                                     numbers: ws.numbers(showing: view.days.flatMap { $0.entries.map(\.card) }))
            case .week: lines = CalendarRender.week(view, today: ws.today, t)
            case .month: lines = CalendarGridRender.month(view, today: ws.today, t)
            case .year: lines = CalendarGridRender.year(view, today: ws.today, t)
            }
            printLines(lines + [""])
        }
    }
}

extension CalendarCommand: QuickCommand {
    static let quickSpec = QuickWords.Spec(flags: Set(Array(periods.keys) + ["--all"]), bare: 1)
    private static let periods = Dictionary(uniqueKeysWithValues: CalendarView.Period.allCases.map { ("--" + $0.rawValue, $0) })

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.period = try words.oneOf(Array(Self.periods.keys)).flatMap { Self.periods[$0] }
        c.date = words.bare.first
        c.all = words.has("--all")
        self = c
    }
}
