import ArgumentParser
import CarouselCore

extension CalendarView.Period: EnumerableFlag {}

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "Cards by date: a day, a week (the default), a month or a year.")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Which period to show (default --week).")
    var period: CalendarView.Period = .week

    @Argument(help: "A date in the period to show (default today): \(DateInput.help).")
    var date: String?

    func validate() throws {
        if let date, DateInput.parse(date, today: Day(year: 2000, month: 1, day: 1)!) == nil {
            throw ValidationError("DATE must be \(DateInput.help); found \"\(date)\"")
        }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let focus = date.flatMap { DateInput.parse($0, today: ws.today, weekStart: ws.settings.weekStart)?.day } ?? ws.today
            // Only the cards that can land in the shown range are read from the index.
            let (from, to) = CalendarView.range(period, around: focus, weekStart: ws.settings.weekStart)
            let view = CalendarView.make(try ws.snapshot(placedFrom: from, to: to), period: period, date: focus)
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
