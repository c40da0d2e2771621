import ArgumentParser
import CarouselCore

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a card. No confirmation: git history keeps it.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its slug, id, or the start of either.", completion: .custom(completeRefs))
    var ref: String

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let (card, orphans) = try ws.remove(ref)
            if options.json {
                return JSON.object([
                    ("removed", .object([("id", .str(card.id)), ("slug", .string(card.slug)), ("title", .string(card.title)),
                                         ("path", .string(card.path))])),
                    ("children", .array(orphans.map { .string($0.slug) })),
                ]).print()
            }
            let t = Terminal.current
            print("Removed " + t.bold(card.title) + ". It's still in the history if you want it back:")
            print(t.dim("  git log -- \(card.path)   ·   git checkout HEAD~1 -- \(card.path)"))
            if !orphans.isEmpty {
                print("Its \(Words.plural(orphans.count, "child card")) stay: " + orphans.map(\.title).joined(separator: ", ") + ".")
            }
        }
    }
}
