import ArgumentParser
import CarouselCore

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last change as a new commit (a synced merge is skipped; later edits stay).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "How many changes to undo, newest first (each becomes its own commit).")
    var count = 1

    func validate() throws {
        guard (1...50).contains(count) else { throw ValidationError("undo takes 1 to 50 changes, found \(count)") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            var outcomes: [Undo.Outcome] = []
            for _ in 0..<count { outcomes.append(try Undo.run(ws)) }
            if options.json {
                let items = outcomes.map { Undone(undone: HistoryRender.json($0.undone), commit: $0.commit, paths: $0.paths) }
                return count == 1 ? items[0].printJSON() : Several(undone: items).printJSON()
            }
            for outcome in outcomes {
                print(Terminal.current.line(Said.undid(outcome.undone.summary)))
            }
            print("Each undo is a new commit, so nothing is gone: `carousel log` shows it all.")
        }
    }
}

extension UndoCommand {
    /// `undo --json`: the change undone (as in `log --json`), the new commit and the files it wrote.
    struct Undone: Encodable {
        let undone: HistoryRender.Change
        @OrNull var commit: String?
        let paths: [String]
    }

    /// `undo N --json` with N > 1.
    struct Several: Encodable { let undone: [Undone] }
}
