import ArgumentParser
import CarouselCore

struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "The cards you pulled in today, in your order, with the spoon bar.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let view = TodayView.make(try ws.todaySnapshot(), today: ws.today)
            let numbers = ws.numbers(showing: view.items.map(\.card))
            if options.json { return TodayRender.json(view, numbers: numbers).printJSON() }
            let t = Terminal.current
            print((["", "  " + t.bold("Today, " + Words.longDate(ws.today))] + [""] + TodayRender.lines(view, t, numbers: numbers) + [""])
                .joined(separator: "\n"))
        }
    }
}
