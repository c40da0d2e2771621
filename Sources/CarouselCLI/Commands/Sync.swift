import ArgumentParser
import CarouselCore
import Dispatch
import Foundation

struct Sync: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share changes through a git remote: save edits, fetch, merge field by field, push.",
        discussion: "Add a remote first with `git remote add origin URL`. See docs/sync.md for the merge rules.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "The git remote to sync with.")
    var remote = "origin"

    @Option(name: .long, help: "Seconds the remote may stay silent before sync stops (default 60; 20 to connect).")
    var timeout: Double?

    func validate() throws {
        if let timeout, !(1...3600).contains(timeout) { throw ValidationError("--timeout must be 1–3600 seconds, found \(timeout)") }
    }

    func run() throws {
        try reporting { try sync() }
    }

    private func sync() throws {
        do {
            // Ctrl-C stops the transfer and lets sync say that nothing was lost.
            let cancellation = Cancellation()
            signal(SIGINT, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
            source.setEventHandler { cancellation.cancel() }
            source.resume()
            defer { source.cancel(); signal(SIGINT, SIG_DFL) }
            let run = CommandLineRun.current
            let showProgress = !options.json && run.errors.isTerminal
            let progress = showProgress ? Self.progressLine(started: Date(), run: run) : nil
            var transfer = TransferOptions(cancellation: cancellation, progress: progress)
            defer { if showProgress { run.writeError("\r\u{1B}[K") } }
            let vault = try options.locateVault()
            // --timeout wins; `sync: {timeout: N}` in carousel.yaml only up to this device's ceiling.
            let chosen = SyncTimeout.choose(flag: timeout, vault: vault)
            if let note = chosen.note { printError(note) }
            if let seconds = chosen.seconds { transfer.limits = TransferLimits(timeout: seconds) }
            let report = try VaultSync.run(vault: vault, remote: remote, environment: options.environment,
                                           transfer: transfer)
            for d in report.heldBack { printError("Held back \(d.path) because it does not parse:\n\(d.description)") }
            if !report.incomingProblems.isEmpty {
                printError("Came in from \(report.remote) but cannot be used here (left as it is):")
                for d in report.incomingProblems { printError(d.description) }
            }
            let hidden = IgnoredFiles.hidden(in: vault)
            if !hidden.isEmpty { printError(IgnoredFiles.message(hidden)) }
            defer { syncCalDAV(vault) }
            if options.json { return SyncRender.json(report).printJSON() }
            SyncRender.text(report).forEach { print($0) }
        }
    }

    /// git's progress, redrawn on one line of stderr once a sync has taken more than a second.
    private static func progressLine(started: Date, run: CommandLineRun) -> @Sendable (String) -> Void {
        return { (line: String) -> Void in
            guard Date().timeIntervalSince(started) > 1 else { return }
            // The line comes from git and the remote: shown safely, after our own erase-line.
            let text = "\r\u{1B}[K" + VisibleText.escape(String(line.prefix(70)))
            run.writeError(text)
        }
    }
}
