import ArgumentParser
import CarouselCore

struct Undone: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Take back a completion: the card is open again.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its number, slug, id, the start of either, or its title (quotes optional).", completion: .custom(completeRefs))
    var words: [String]

    /// The words typed, as one REF: `undone pay the phone bill` names the card titled so.
    var ref: String { words.joined(separator: " ") }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let card = try ws.undone(ref)
            let shown = try card ?? ws.resolve(ref)
            if options.json { return CardJSON.full(try ws.open(shown), today: ws.today).printJSON() }
            if card == nil {
                print(Terminal.current.bold(shown.title) + " wasn't done. Nothing changed.")
            } else {
                print("Open again: " + Terminal.current.bold(shown.title) + ".")
            }
        }
    }
}
