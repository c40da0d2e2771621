import ArgumentParser
import CarouselCore

struct Undone: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Take back a completion: the card is open again.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup var target: OneCard

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let card = try ws.undone(target.ref)
            let shown = try card ?? ws.resolve(target.ref)
            if options.json { return CardJSON.full(try ws.open(shown), today: ws.today).printJSON() }
            print(Terminal.current.line(Said.undone(shown.title, reopened: card != nil)))
        }
    }
}
