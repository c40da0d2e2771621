import ArgumentParser
import CarouselCore

struct Order: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "order", abstract: "Move a card to a position in today's list (1 is first).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    @Argument(help: "Its new position, starting from 1.")
    var position: Int

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let view = try ws.order(ref, to: position)
            if options.json { return TodayRender.json(view, numbers: ws.numbers, vaultZone: ws.settings.vaultZone).printJSON() }
            let t = Terminal.current
            print((["", "  " + t.bold("TODAY")] + TodayRender.lines(view, t, numbers: ws.numbers) + [""]).joined(separator: "\n"))
        }
    }
}
