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
                let items = outcomes.map { outcome in
                    JSON.object([
                        ("undone", HistoryRender.json(outcome.undone)),
                        ("commit", JSON.str(outcome.commit)),
                        ("paths", .array(outcome.paths.map(JSON.string))),
                    ])
                }
                return (count == 1 ? items[0] : JSON.object([("undone", .array(items))])).print()
            }
            for outcome in outcomes {
                print(Terminal.current.green("↶") + " Undone: " + outcome.undone.summary + ".")
            }
            print("Each undo is a new commit, so nothing is gone: `carousel log` shows it all.")
        }
    }
}
