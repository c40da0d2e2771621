import ArgumentParser
import CarouselCore

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Finish a `git pull` that stopped with conflicts, merging each file field by field.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let outcome = try Resolve.run(vault: try options.locateVault(), environment: options.environment)
            if options.json {
                return Output(commit: outcome.commit, paths: outcome.paths,
                              notes: outcome.notes.map { SyncRender.Note(path: $0.path, message: $0.message) }).printJSON()
            }
            print(Terminal.current.green("✓") + " Finished the merge: \(outcome.paths.count) file\(outcome.paths.count == 1 ? "" : "s") merged field by field, no conflict markers left.")
            for note in outcome.notes { print("  " + note.path + ": " + note.message) }
        }
    }
}

extension ResolveCommand {
    /// `resolve --json`.
    struct Output: Encodable {
        @OrNull var commit: String?
        let paths: [String]
        let notes: [SyncRender.Note]
    }
}
