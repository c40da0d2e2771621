import ArgumentParser
import CarouselCore

struct Drop: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "drop", abstract: "Take a card out of today; it goes back to the carousel.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var target: OneCard

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let (card, changed) = try ws.drop(target.ref)
            let view = TodayView.make(try ws.todaySnapshot(), today: ws.today)
            if options.json { return TodayRender.json(view, numbers: ws.numbers, vaultZone: ws.settings.vaultZone).printJSON() }
            let t = Terminal.current
            print(t.line(Said.dropped(card.title, changed: changed)))
            print("  " + TodayRender.spoonBar(view, t))
        }
    }
}
