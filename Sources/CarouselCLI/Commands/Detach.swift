import ArgumentParser
import CarouselCore

struct Detach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detach",
        abstract: "Remove one attachment from a card, and its link from the notes. Git history keeps the file.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its number, slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    @Argument(help: "The attachment's name, as `carousel show` lists it.")
    var name: String

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let (card, removed) = try ws.detach(ref, name: name)
            if options.json {
                return Output(card: card.slug, detached: AttachmentJSON(removed), attachments: ws.attachments(of: card).map(AttachmentJSON.init)).printJSON()
            }
            let t = Terminal.current
            print("Detached " + t.bold(removed.name) + " from " + t.bold(card.title) + ". It's still in the history:")
            print(t.dim("  git log -- \(removed.path)   ·   git checkout HEAD~1 -- \(removed.path)"))
        }
    }
}

extension Detach {
    struct Output: Encodable {
        let card: String
        let detached: AttachmentJSON
        let attachments: [AttachmentJSON]
    }
}
