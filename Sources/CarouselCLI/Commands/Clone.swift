import ArgumentParser
import CarouselCore
import Foundation

/// `carousel clone URL [PATH]`: a second device in one command.
struct Clone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Start this device on a vault kept in a git remote: fetch, check, check out, ready to sync.",
        discussion: """
            Works with any git URL `git fetch` takes. The incoming tree is checked as sync checks it; \
            the branch's upstream and Carousel's merge driver are set. An empty remote gets a new vault, \
            pushed at once. PATH defaults to the URL's last part without .git. See docs/sync.md.
            """)

    @Argument(help: "The remote: a path, file://, git://, ssh or https URL.")
    var url: String

    @Argument(help: "The folder to make (new, or empty).")
    var path: String?

    @Option(help: "The branch to check out (default: main, else master, else the only one).")
    var branch: String?

    @Option(name: .long, help: "Seconds the remote may stay silent before clone stops (default 60; 20 to connect).")
    var timeout: Double?

    @Option(name: .long, help: "The date for a new vault's first commit on an empty remote, YYYY-MM-DD (else CAROUSEL_TODAY).")
    var today: String?

    @Flag(name: .long, help: "Print JSON for scripts instead of text.")
    var json = false

    @Option(help: "Your name for this device's commits (else asked on a terminal, defaulting to git's user.name).")
    var name: String?

    @Option(help: "Your e-mail for this device's commits (else asked on a terminal, defaulting to git's user.email).")
    var email: String?

    func validate() throws {
        for (flag, value) in [("--name", name), ("--email", email)] {
            if let value, value.trimmingCharacters(in: .whitespaces).isEmpty || value.contains(where: { $0.isNewline || $0 == "<" || $0 == ">" }) {
                throw ValidationError("\(flag) must be a plain line without < or >, found \"\(value)\"")
            }
        }
        if let today, Day(iso: today) == nil { throw ValidationError("--today must be a date like 2026-11-23, found \"\(today)\"") }
        if let timeout, !(1...3600).contains(timeout) { throw ValidationError("--timeout must be 1–3600 seconds, found \(timeout)") }
        if (path ?? Self.folderName(url)).isEmpty { throw ValidationError("name the folder to clone into: carousel clone URL PATH") }
    }

    /// git's own choice: the URL's last part, without `.git`.
    static func folderName(_ url: String) -> String {
        var name = url
        while name.hasSuffix("/") { name.removeLast() }
        name = String(name.split(whereSeparator: { $0 == "/" || $0 == ":" }).last ?? "")
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name == "." || name == ".." ? "" : name
    }

    func run() throws {
        try reporting {
            let env = CommandLineRun.current.environment
            let pinned = today.flatMap { Day(iso: $0) } ?? env["CAROUSEL_TODAY"].flatMap { Day(iso: $0) }
            let moment = Moment.now(pinned: pinned)
            var transfer = TransferOptions()
            if let timeout { transfer.limits = TransferLimits(timeout: timeout) }
            let target = path ?? Self.folderName(url)
            // Who this device's commits name, asked as `init` asks (git does not copy it).
            let canAsk = !json && CommandLineRun.current.inputIsTerminal && CommandLineRun.current.output.isTerminal
            let identity = InitIdentity.choose(name: name, email: email, environment: env, ask: canAsk)
            let report = try VaultClone.run(url: url, path: target, branch: branch, today: moment.today, environment: env,
                                            transfer: transfer, identity: identity, makeID: moment.makeID)
            if !canAsk && name == nil && email == nil, let vault = try? Vault(at: report.vault) {
                let author = VaultInit.author(of: vault, environment: env)
                printError("note: clone could not ask who you are (no terminal), so commits here will be signed "
                    + "\"\(author.signature.name) <\(author.signature.email)>\"; `git -C \(shellQuoted(report.vault)) config user.name \"Your Name\"` "
                    + "and `… user.email you@example.org` change it (or clone with --name and --email)")
            }
            if json { return Output(report).printJSON() }
            let t = Terminal.current
            if report.startedEmpty {
                print(t.green("✓") + " \(report.url) was empty, so this is a new vault at \(report.vault), already sent there (\(report.branch)).")
            } else {
                let cards = "\(report.cards) card\(report.cards == 1 ? "" : "s")"
                let commits = "\(report.commits) change\(report.commits == 1 ? "" : "s")"
                print(t.green("✓") + " Cloned \(report.url) into \(report.vault): \(cards), \(commits) of history (\(report.branch)).")
            }
            print("  origin/\(report.branch) is its upstream, and `git pull` merges cards field by field too.")
            if report.setRemoteHead { print("  The remote's HEAD now names \(report.branch), so a plain `git clone` works as well.") }
            print("  Next: cd \(shellQuoted(target)) && carousel")
        }
    }
}

extension Clone {
    /// `clone --json`.
    struct Output: Encodable {
        let vault, url, branch: String
        let commits, cards: Int
        let startedEmpty, setRemoteHead: Bool
        enum CodingKeys: String, CodingKey {
            case vault, url, branch, commits, cards
            case startedEmpty = "started_empty", setRemoteHead = "set_remote_head"
        }
        init(_ r: VaultClone.Report) {
            vault = r.vault; url = r.url; branch = r.branch; commits = r.commits; cards = r.cards
            startedEmpty = r.startedEmpty; setRemoteHead = r.setRemoteHead
        }
    }
}
