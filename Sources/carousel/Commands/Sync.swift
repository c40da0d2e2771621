import ArgumentParser
import CarouselCore

struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Share changes through a git remote: save edits, fetch, merge field by field, push.",
        discussion: "Add a remote first with `git remote add origin URL`. See docs/sync.md for the merge rules.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "The git remote to sync with.")
    var remote = "origin"

    func run() throws {
        try reporting {
            let report = try VaultSync.run(vault: try options.locateVault(), remote: remote, environment: options.environment)
            for d in report.heldBack { printError("Held back \(d.path) because it does not parse:\n\(d.description)") }
            if !report.incomingProblems.isEmpty {
                printError("Came in from \(report.remote) but cannot be used here (left as it is):")
                for d in report.incomingProblems { printError(d.description) }
            }
            if options.json { return SyncRender.json(report).printJSON() }
            SyncRender.text(report).forEach { print($0) }
        }
    }
}
