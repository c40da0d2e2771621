import ArgumentParser
import CarouselCore

struct WelcomeSomeday: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "someday", abstract: "Let every overdue card go to someday (its due date removed).")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let outcome = try ws.welcomeSomeday()
            if options.json { return WelcomeRender.json(outcome, way: "someday").printJSON() }
            print(WelcomeRender.lines(outcome, way: "someday", today: ws.today, Terminal.current).joined(separator: "\n"))
        }
    }
}
