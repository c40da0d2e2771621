import Foundation

/// Settings in a repository's own `.git/config` that would run a program or send secrets on a
/// fetch or push. A vault folder can come from someone else (a copy, a backup, a shared disk), so
/// for a transfer these are taken only from the person's own configuration (`~/.gitconfig`,
/// `$XDG_CONFIG_HOME/git/config`, the system file, `GIT_CONFIG_*`), never from the vault. See
/// docs/security.md.
extension Repository {
    static let untrustedLocalKeys: Set<String> = [
        "core.sshcommand", "core.askpass", "core.gitproxy", "credential.helper", "credential.*.helper",
        "http.proxy", "http.*.proxy", "http.sslverify", "http.*.sslverify",
        "remote.*.uploadpack", "remote.*.receivepack", "remote.*.proxy", "remote.*.vcs",
    ]

    /// What a transfer is given instead of the vault's own untrusted settings.
    struct TrustedTransferConfig {
        /// `-c` overrides that put back the person's value of every untrusted key the vault sets
        /// (or a harmless one when they have none).
        var overrides: [String] = []
        /// `--upload-pack=…` / `--receive-pack=…`: git ignores a second value from `-c` for these.
        var options: [String] = []
        /// The person's own `core.sshCommand`, if they set one.
        var sshCommand: String?
    }

    /// Reads every setting once (`git config --list --show-scope`, which runs nothing) and sorts
    /// the untrusted keys the vault sets from the person's own values.
    func trustedTransferConfig(environment: [String: String]) -> TrustedTransferConfig {
        let entries = configEntries(environment: environment)
        func ownValues(_ key: String) -> [String] {
            entries.filter { !$0.isLocal && Self.sameKey($0.key, key) }.map(\.value)
        }
        var result = TrustedTransferConfig(sshCommand: ownValues("core.sshCommand").last)
        var seen: Set<String> = []
        for entry in entries where entry.isLocal && Self.isUntrusted(entry.key) && seen.insert(entry.key).inserted {
            let key = entry.key
            let own = ownValues(key)
            switch key.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
            case "helper":
                // An empty value clears the list; the person's own helpers follow.
                result.overrides += ["\(key)="] + own.map { "\(key)=\($0)" }
            case "uploadpack": result.options.append("--upload-pack=\(own.last ?? "git-upload-pack")")
            case "receivepack": result.options.append("--receive-pack=\(own.last ?? "git-receive-pack")")
            case "sslverify": result.overrides.append("\(key)=\(own.last ?? "true")")
            case "gitproxy": result.overrides.append("\(key)=\(own.last ?? "none")")
            case "sshcommand": break // `sshCommand` above, or Carousel's own batch-mode ssh
            default: result.overrides.append("\(key)=\(own.last ?? "")")
            }
        }
        return result
    }

    struct ConfigEntry {
        let scope: String
        let key: String
        let value: String
        /// Set by the repository itself (its config, its worktree config, or a file they include).
        var isLocal: Bool { scope == "local" || scope == "worktree" }
    }

    /// Every setting git sees in this repository, with where it comes from.
    func configEntries(environment: [String: String]) -> [ConfigEntry] {
        var env = environment
        env["GIT_DIR"] = nil
        guard let run = try? GitProcess.run(["-C", workdir, "config", "--list", "--show-scope", "--includes", "-z"],
                                            environment: env, limits: TransferLimits(timeout: 10),
                                            cancellation: nil, progress: nil),
              run.status == 0 else { return [] }
        // -z: "scope\0key\nvalue\0" (no "\nvalue" for a key written without one).
        let fields = run.stdout.split(separator: "\0", omittingEmptySubsequences: false)
        var entries: [ConfigEntry] = []
        var i = 0
        while i + 1 < fields.count {
            let pair = fields[i + 1].split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            entries.append(ConfigEntry(scope: String(fields[i]), key: String(pair[0]),
                                       value: pair.count > 1 ? String(pair[1]) : "true"))
            i += 2
        }
        return entries
    }

    /// `remote.origin.uploadpack` matches `remote.*.uploadpack`; section and name ignore case.
    static func isUntrusted(_ key: String) -> Bool {
        let parts = key.split(separator: ".")
        guard parts.count >= 2 else { return false }
        let generic = parts.count > 2 ? "\(parts[0].lowercased()).*.\(parts[parts.count - 1].lowercased())" : key.lowercased()
        return untrustedLocalKeys.contains(key.lowercased()) || untrustedLocalKeys.contains(generic)
    }

    /// Two keys name the same setting: section and name ignore case, a subsection does not.
    static func sameKey(_ a: String, _ b: String) -> Bool {
        func split(_ k: String) -> (String, String, String) {
            let first = k.firstIndex(of: ".") ?? k.endIndex, last = k.lastIndex(of: ".") ?? k.endIndex
            let sub = first < last ? String(k[k.index(after: first)..<last]) : ""
            return (k[..<first].lowercased(), sub, last < k.endIndex ? k[k.index(after: last)...].lowercased() : "")
        }
        return split(a) == split(b)
    }
}
