import ArgumentParser
import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove cards. Git history keeps them.",
        discussion: "One or a few cards go at once; more than 3 (from a filter such as `+old`) are listed and asked about first, or need --yes.")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var bulk: BulkOptions

    @Flag(name: .customLong("keep-attachments"), help: "Keep the cards' attachments in the vault (without it, --yes removes them too and a terminal asks).")
    var keepAttachments = false

    @Argument(parsing: .allUnrecognized, help: refsHelp, completion: .custom(completeRefs))
    var refs: [String] = []

    func validate() throws { try validateTerms(refs, required: true, options: ["--yes", "--keep-attachments"]) }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let selection = try ws.select(refs, openOnly: false)
            if selection.cards.isEmpty { return print(BulkOptions.noMatch) }
            guard try bulk.confirm(selection.cards, verb: "remove them", ws: ws) else { return }
            let cards = selection.cards
            let files = cards.flatMap { ws.attachments(of: $0) }
            let withFiles = try !files.isEmpty && removeAttachments(files)
            let orphans = try ws.remove(cards, attachments: withFiles)
            if options.json {
                let removed = cards.map { Removed(id: $0.id, slug: $0.slug, title: $0.title, path: $0.path) }
                let children = orphans.map(\.slug)
                let gone = withFiles ? files.map(\.path) : []
                return selection.single ? Output(removed: removed[0], children: children, attachments: gone).printJSON()
                                        : Output(removed: removed, children: children, attachments: gone).printJSON()
            }
            let t = Terminal.current
            if let card = cards.first, cards.count == 1 {
                print("Removed " + t.bold(card.title) + ". It's still in the history if you want it back:")
                print(t.dim("  git log -- \(card.path)   ·   git checkout HEAD~1 -- \(card.path)"))
            } else {
                print("Removed \(cards.count) cards: " + cards.map(\.title).joined(separator: ", ") + ".")
                print(t.dim("  They are still in the history: `carousel undo` brings them all back."))
            }
            if !files.isEmpty {
                let what = Words.plural(files.count, "attachment")
                print(withFiles ? "Removed \(what) with \(cards.count == 1 ? "it" : "them") too." : "Kept \(what) in " + Set(files.map { VaultPath.folder(of: $0.path) + "/" }).sorted().joined(separator: ", ") + " (`git rm -r` that folder to let \(files.count == 1 ? "it" : "them") go).")
            }
            if !orphans.isEmpty {
                print("Their \(Words.plural(orphans.count, "child card")) stay: " + orphans.map(\.title).joined(separator: ", ") + ".")
            }
        }
    }
}

extension Remove {
    /// Whether the cards' attachments go too: `--keep-attachments` keeps them, `--yes` removes
    /// them, a terminal asks (default no), and without one they stay and the text says where.
    func removeAttachments(_ files: [Attachment]) throws -> Bool {
        if keepAttachments { return false }
        if bulk.yes { return true }
        guard CommandLineRun.current.inputIsTerminal else { return false }
        let total = files.reduce(Int64(0)) { $0 + $1.size }
        CommandLineRun.current.writeError("Remove \(Words.plural(files.count, "attachment")) (\(Attachments.size(total))) too? History keeps them. [y/N] ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// `rm --json`: `removed` is one object for one REF, a list for several REFs or a filter.
    struct Output<R: Encodable>: Encodable {
        let removed: R
        let children: [String]
        /// Paths of the attachments removed with the cards.
        let attachments: [String]
    }

    struct Removed: Encodable {
        @OrNull var id: String?
        let slug, title, path: String
    }
}
