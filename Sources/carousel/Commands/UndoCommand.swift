import ArgumentParser
import CarouselCore

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last change as a new commit (a synced merge is skipped; later edits stay).")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let outcome = try Undo.run(ws)
            if options.json {
                return JSON.object([
                    ("undone", HistoryRender.json(outcome.undone)),
                    ("commit", JSON.str(outcome.commit)),
                    ("paths", .array(outcome.paths.map(JSON.string))),
                ]).print()
            }
            print(Terminal.current.green("↶") + " Undone: " + outcome.undone.summary + ". It's a new commit, so you can undo the undo too.")
        }
    }
}
