import ArgumentParser
import CarouselCore

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a card done (a repeating card: today's occurrence).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let outcome = try ws.done(ref)
            let t = Terminal.current
            switch outcome {
            case let .finished(card):
                if options.json { return CardJSON.full(try ws.open(card), today: ws.today).print() }
                print(t.green("✓") + " Done: " + t.bold(card.title) + ". Nice one.")
            case let .occurrence(card, next):
                if options.json { return CardJSON.full(try ws.open(card), today: ws.today).print() }
                let when = next.map { "Next one: " + Words.shortDate($0) + "." } ?? "That was the last one."
                print(t.green("✓") + " Done for today: " + t.bold(card.title) + ". " + when)
            case let .alreadyDone(card):
                if options.json { return CardJSON.full(try ws.open(card), today: ws.today).print() }
                if Occurrence.isFinished(card, today: ws.today) {
                    return print(t.bold(card.title) + " has finished: its last occurrence is behind it. Nothing changed. "
                        + t.dim("`carousel undone \(card.slug)` reopens it."))
                }
                print(t.bold(card.title) + " is already done. Nothing changed.")
            }
        }
    }
}
