import ArgumentParser
import CarouselCore

struct WelcomePick: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pick", abstract: "Pull three overdue cards into today (the carousel's first that fit the spoons left); the rest wait.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let outcome = try ws.welcomePick()
            if options.json { return WelcomeRender.json(outcome, way: "pick").printJSON() }
            print(WelcomeRender.lines(outcome, way: "pick", today: ws.today, Terminal.current).joined(separator: "\n"))
        }
    }
}
