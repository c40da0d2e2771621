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

    @Option(help: "Your name for the vault's history (else asked on a terminal, defaulting to git's user.name).")
    var name: String?

    @Option(help: "Your e-mail for the vault's history (else asked on a terminal, defaulting to git's user.email).")
    var email: String?

    func validate() throws {
        if let today, Day(iso: today) == nil {
            throw ValidationError("--today must be a date like 2026-11-23, found \"\(today)\"")
        }
        for (flag, value) in [("--name", name), ("--email", email)] {
            if let value, value.trimmingCharacters(in: .whitespaces).isEmpty || value.contains(where: { $0.isNewline || $0 == "<" || $0 == ">" }) {
                throw ValidationError("\(flag) must be a plain line without < or >, found \"\(value)\"")
            }
        }
    }

    @Option(help: "carousel (the default) or tasknotes: new cards use TaskNotes' keys, so TaskNotes in Obsidian reads them as its own tasks.")
    var format: Settings.CardFormat = .carousel

    func run() throws {
        try reporting {
            let env = CommandLineRun.current.environment
            let pinned = today.flatMap { Day(iso: $0) } ?? env["CAROUSEL_TODAY"].flatMap { Day(iso: $0) }
            let moment = Moment.now(pinned: pinned)
            let target = path ?? FileManager.default.currentDirectoryPath
            let identity = InitIdentity.choose(name: name, email: email, environment: env,
                                               ask: !json && CommandLineRun.current.inputIsTerminal && CommandLineRun.current.output.isTerminal)
            let vault = try VaultInit.run(path: target, sample: sample, today: moment.today, environment: env,
                                          identity: identity, format: format, makeID: moment.makeID)
            let author = VaultInit.author(of: vault, environment: env)
            if json {
                return Output(vault: vault.root, sample: sample, author: "\(author.signature.name) <\(author.signature.email)>",
                              authorIsStandIn: author.standIn).printJSON()
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
            ] + InitIdentity.note(author, vault: vault)
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
        /// "Name <email>" that the vault's commits carry.
        let author: String
        /// True when no name was found anywhere and commits carry Carousel's stand-in.
        let authorIsStandIn: Bool
        enum CodingKeys: String, CodingKey { case vault, sample, author, authorIsStandIn = "author_is_stand_in" }
    }
}

extension Settings.CardFormat: ExpressibleByArgument {}
