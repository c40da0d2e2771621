import Foundation

/// How a fetch or push runs: its time limits, Ctrl-C, and where progress goes.
public struct TransferOptions: Sendable {
    public var limits: TransferLimits
    public var cancellation: Cancellation?
    /// Receives git's progress lines ("Receiving objects:  40% (2/5)") as they come.
    public var progress: (@Sendable (String) -> Void)?

    public init(limits: TransferLimits = .standard, cancellation: Cancellation? = nil,
                progress: (@Sendable (String) -> Void)? = nil) {
        self.limits = limits
        self.cancellation = cancellation
        self.progress = progress
    }
}

extension Repository {
    /// Runs a network git command in this work tree, as the person's own `git` would, with what
    /// Carousel adds for safety: no hooks, no `ext::` transport, no prompts on the terminal.
    func runTransfer(_ arguments: [String], remote: String, environment: [String: String],
                     options: TransferOptions) throws -> GitRun {
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        // Set but empty: git asks no program for a password (not even core.askpass).
        env["GIT_ASKPASS"] = env["GIT_ASKPASS"] ?? ""
        env["LC_ALL"] = "C"
        env["LANGUAGE"] = nil
        env["GIT_DIR"] = nil
        env["GIT_WORK_TREE"] = nil
        var settings = ["core.hooksPath=/dev/null", "protocol.ext.allow=never", "core.fsmonitor=false",
                        "gc.auto=0", "maintenance.auto=false"]
        // The vault's own config never picks a program to run or a place to send secrets.
        let trusted = trustedTransferConfig(environment: env)
        settings += trusted.overrides
        var arguments = arguments
        let packOption = arguments.first == "push" ? "--receive-pack=" : "--upload-pack="
        arguments.insert(contentsOf: trusted.options.filter { $0.hasPrefix(packOption) }, at: min(1, arguments.count))
        // ssh must never wait for a passphrase or a "yes" that nobody can type; the person's own
        // ssh command (GIT_SSH_COMMAND, GIT_SSH, core.sshCommand in ~/.gitconfig) is left as it is.
        if env["GIT_SSH_COMMAND"] == nil, env["GIT_SSH"] == nil {
            let connect = Int(max(1, min(options.limits.connect, 20)))
            settings.append("core.sshCommand=" + (trusted.sshCommand ?? "ssh -o BatchMode=yes -o ConnectTimeout=\(connect)"))
        }
        let safety = settings.flatMap { ["-c", $0] }
        let run = try GitProcess.run(["-C", workdir] + safety + arguments, environment: env, limits: options.limits,
                                     cancellation: options.cancellation, progress: options.progress)
        if run.cancelled { throw TransferError(kind: .cancelled, detail: "stopped") }
        if let limit = run.timedOut {
            throw run.overTotal ? TransferError(kind: .overTotal(limit), detail: "not done after \(Int(limit)) s")
                : TransferError(kind: .timedOut(limit), detail: "no progress for \(Int(limit)) s")
        }
        return run
    }

    /// The host of a remote URL (`git@host:path`, `ssh://user@host:2222/path`, `https://host/path`),
    /// with its port when it is not the usual one.
    static func host(ofURL url: String) -> String? {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.prefix { $0 != "/" }
        } else if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
            rest = rest[..<colon]
        } else {
            return nil
        }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        // A port is kept in ssh's notation ("[127.0.0.1]:2222") so advice like ssh-keyscan can name it.
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            let bare = rest[rest.index(after: rest.startIndex)..<close]
            let port = rest[close...].dropFirst().drop { $0 == ":" }
            return port.isEmpty || port == "22" ? String(bare) : "[\(bare)]:\(port)"
        }
        if let colon = rest.firstIndex(of: ":"), rest[rest.index(after: colon)...].allSatisfy(\.isNumber) {
            let port = rest[rest.index(after: colon)...]
            return port.isEmpty || port == "22" ? String(rest[..<colon]) : "[\(rest[..<colon])]:\(port)"
        }
        return rest.isEmpty ? nil : String(rest)
    }
}
