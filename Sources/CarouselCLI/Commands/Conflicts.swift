import ArgumentParser
import CarouselCore

struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the values that lost a sync clash, or clear them for a card once you've looked.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "Clear the conflicts of this card (slug, id, or the start of either).")
    var clear: String?

    func run() throws {
        try reporting {
            let t = Terminal.current
            if let clear {
                let ws = try options.workspace(writing: true)
                printNotices(ws)
                let (card, cleared) = try ws.clearConflicts(clear)
                if options.json { return Cleared(card: card.slug, cleared: cleared).printJSON() }
                print(cleared ? t.green("✓") + " Cleared the conflicts of " + t.bold(card.title) + "."
                              : t.bold(card.title) + " has no conflicts. Nothing changed.")
                return
            }
            let ws = try options.workspace(writing: false)
            let list = ws.conflicts()
            if options.json {
                return Output(cards: list.map { Item(slug: $0.card.slug, title: $0.card.title, path: $0.card.path, conflicts: $0.entries) }).printJSON()
            }
            guard !list.isEmpty else { return print("No sync clashes to look at. Everything merged cleanly.") }
            for item in list {
                print(t.bold(item.card.title) + t.dim("  \(item.card.slug)"))
                item.entries.forEach { print("  " + $0) }
            }
            print("")
            print(t.dim("The kept values are in the cards. Clear a card's list with `carousel conflicts --clear REF`."))
        }
    }
}

extension Conflicts {
    /// `conflicts --json`.
    struct Output: Encodable { let cards: [Item] }

    struct Item: Encodable {
        let slug, title, path: String
        let conflicts: [String]
    }

    /// `conflicts --clear REF --json`.
    struct Cleared: Encodable {
        let card: String
        let cleared: Bool
    }
}
