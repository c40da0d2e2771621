import ArgumentParser
import CarouselCore

struct WelcomeSpread: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "spread", abstract: "Spread the overdue cards over the coming days, most important first, never over a day's spoon budget.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let outcome = try ws.welcomeSpread()
            if options.json { return WelcomeRender.json(outcome, way: "spread").printJSON() }
            print(WelcomeRender.lines(outcome, way: "spread", today: ws.today, Terminal.current).joined(separator: "\n"))
        }
    }
}
