import ArgumentParser
import CarouselCore

struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "The cards you pulled in today, in your order, with the spoon bar.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var clock: ClockOption

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let view = TodayView.make(try ws.todaySnapshot(), today: ws.today)
            let numbers = ws.numbers(showing: view.items.map(\.card))
            let dayClock = try ws.clock(now: clock.minutes(options, ws.moment))
            if options.json { return TodayJSON(list: TodayRender.json(view, numbers: numbers, vaultZone: ws.settings.vaultZone), clock: ClockRender.json(dayClock)).printJSON() }
            let t = Terminal.current
            print((["", "  " + t.bold("Today, " + Words.longDate(ws.today))] + ClockRender.lines(dayClock, t) + [""]
                + TodayRender.lines(view, t, numbers: numbers, clock: dayClock) + [""]).joined(separator: "\n"))
        }
    }
}

/// `today --json`: the list as `pull` and `drop` print it, and the clock.
struct TodayJSON: Encodable {
    let list: TodayRender.Output
    let clock: ClockRender.Output

    func encode(to encoder: Encoder) throws {
        try list.encode(to: encoder)
        var c = encoder.container(keyedBy: AnyKey.self)
        try c.encode(clock, forKey: AnyKey("clock"))
    }
}

extension TodayCommand: QuickCommand {
    static let quickSpec = ClockOption.quickSpec

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.clock = try ClockOption(quick: words)
        self = c
    }
}
