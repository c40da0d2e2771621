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
            let focus = date.flatMap { DateInput.parse($0, today: ws.today, weekStart: ws.snapshot.settings.weekStart)?.day } ?? ws.today
            let view = CalendarView.make(ws.snapshot, period: period, date: focus)
            if options.json { return CalendarRender.json(view).print() }
            let t = Terminal.current
            let lines: [String]
            switch period {
            case .day: lines = CalendarRender.day(view, today: ws.today, t, numbers: ws.numbers)
            case .week: lines = CalendarRender.week(view, today: ws.today, t)
            case .month: lines = CalendarGridRender.month(view, today: ws.today, t)
            case .year: lines = CalendarGridRender.year(view, today: ws.today, t)
            }
            printLines(lines + [""])
        }
    }
}
