import ArgumentParser
import CarouselCore

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove cards. Git history keeps them.",
        discussion: "One or a few cards go at once; more than 3 (from a filter such as `+old`) are listed and asked about first, or need --yes.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var bulk: BulkOptions

    @Argument(parsing: .allUnrecognized, help: refsHelp, completion: .custom(completeRefs))
    var refs: [String] = []

    func validate() throws { try validateTerms(refs, required: true) }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let selection = try ws.select(refs, openOnly: false)
            if selection.cards.isEmpty { return print(BulkOptions.noMatch) }
            guard try bulk.confirm(selection.cards, verb: "remove them", ws: ws) else { return }
            let cards = selection.cards
            let orphans = try ws.remove(cards)
            if options.json {
                let removed = cards.map { card in
                    JSON.object([("id", .str(card.id)), ("slug", .string(card.slug)), ("title", .string(card.title)),
                                 ("path", .string(card.path))])
                }
                return JSON.object([
                    ("removed", selection.single ? removed[0] : .array(removed)),
                    ("children", .array(orphans.map { .string($0.slug) })),
                ]).print()
            }
            let t = Terminal.current
            if let card = cards.first, cards.count == 1 {
                print("Removed " + t.bold(card.title) + ". It's still in the history if you want it back:")
                print(t.dim("  git log -- \(card.path)   ·   git checkout HEAD~1 -- \(card.path)"))
            } else {
                print("Removed \(cards.count) cards: " + cards.map(\.title).joined(separator: ", ") + ".")
                print(t.dim("  They are still in the history: `carousel undo` brings them all back."))
            }
            if !orphans.isEmpty {
                print("Their \(Words.plural(orphans.count, "child card")) stay: " + orphans.map(\.title).joined(separator: ", ") + ".")
            }
        }
    }
}
