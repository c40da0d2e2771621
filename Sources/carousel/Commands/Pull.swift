import ArgumentParser
import CarouselCore

struct Pull: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pull a card from the carousel into today.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let (card, changed) = try ws.pull(ref)
            let view = TodayView.make(ws.snapshot, today: ws.today)
            if options.json { return TodayRender.json(view).print() }
            let t = Terminal.current
            print(changed ? "Pulled " + t.bold(card.title) + " into today." : t.bold(card.title) + " is already in today.")
            print("  " + TodayRender.spoonBar(view, t))
            if view.overloaded { print("  " + t.yellow(TodayRender.overloaded)) }
        }
    }
}
