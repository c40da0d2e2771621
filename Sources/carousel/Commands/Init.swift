import ArgumentParser
import CarouselCore
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a vault: a git repository with settings, .gitignore, .gitattributes and a first commit.")

    @Argument(help: "Where to make the vault (default: the current folder).")
    var path: String?

    @Flag(help: "Fill the vault with sample cards, habits and five days of history, dated around --today.")
    var sample = false

    @Option(name: .long, help: "Date the sample data around this day, YYYY-MM-DD (else CAROUSEL_TODAY, else today).")
    var today: String?

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    var json = false

    @Flag(help: "Skip the short tour (it only runs on a terminal anyway).")
    var noTour = false

    func validate() throws {
        if let today, Day(iso: today) == nil {
            throw ValidationError("--today must be a date like 2026-11-23, found \"\(today)\"")
        }
    }

    func run() throws {
        try reporting {
            let env = ProcessInfo.processInfo.environment
            let pinned = today.flatMap { Day(iso: $0) } ?? env["CAROUSEL_TODAY"].flatMap { Day(iso: $0) }
            let moment = Moment.now(pinned: pinned)
            let target = path ?? FileManager.default.currentDirectoryPath
            let vault = try VaultInit.run(path: target, sample: sample, today: moment.today, environment: env,
                                          makeID: moment.makeID)
            if json {
                return Output(vault: vault.root, sample: sample).printJSON()
            }
            let t = Terminal.current
            let here = path.map { " --vault " + shellQuoted($0) } ?? ""
            let lines = [
                "",
                "  " + t.bold("Your vault is ready") + " at \(vault.root).",
                "  It's a git repository: every change Carousel makes is one commit, and your files stay yours.",
                "",
                "  Try this:",
                "    carousel\(here) add \"Call Mum\" --due tomorrow --spoons 1   " + t.dim("# What do you want to do?"),
                "    carousel\(here)                                            " + t.dim("# today and the carousel"),
                "    carousel\(here) pull call-mum                              " + t.dim("# take it into today"),
                "    carousel\(here) done call-mum                              " + t.dim("# and let it go"),
                "",
                "  Cards live in cards/*.md. Open one in any editor; Carousel picks up your edits.",
                "",
            ]
            print(lines.joined(separator: "\n"))
            if Tour.shouldRun(noTour: noTour, json: json) {
                try Tour.run(vault: vault, moment: moment, environment: env, here: here)
            }
        }
    }
}

extension Init {
    /// `init --json`.
    struct Output: Encodable {
        let vault: String
        let sample: Bool
    }
}
