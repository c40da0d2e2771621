internal import Clibgit2
import Foundation

/// Settings in a repository's own `.git/config` that would run a program or send secrets on a
/// fetch or push. A vault folder can come from someone else (a copy, a backup, a shared disk), so
/// for a transfer these are taken only from the person's global configuration (`~/.gitconfig`,
/// `$XDG_CONFIG_HOME/git/config`, the system file), never from the vault. See docs/security.md.
extension Repository {
    static let untrustedLocalKeys: Set<String> = [
        "core.sshcommand", "core.askpass", "core.gitproxy", "credential.helper", "http.proxy",
        "http.sslcainfo", "http.sslcapath", "http.sslcert", "http.sslkey", "http.sslverify",
        "remote.*.uploadpack", "remote.*.receivepack", "remote.*.proxy", "remote.*.vcs",
        "credential.*.helper", "http.*.proxy", "http.*.sslverify", "http.*.sslcainfo",
        "include.path", "includeif.*.path", "uploadpack.packobjectshook",
    ]

    /// `-c` overrides that put back the global value of every untrusted key the vault's own
    /// config sets (or neutralise it when there is none).
    func untrustedConfigOverrides(environment: [String: String]) -> [String] {
        var overrides: [String] = []
        for key in localUntrustedKeys() {
            let name = key.split(separator: ".").last.map { $0.lowercased() } ?? ""
            let global = globalValues(key, environment: environment)
            switch name {
            case "helper":
                // An empty value clears the list; the person's own helpers follow.
                overrides += ["\(key)="] + global.map { "\(key)=\($0)" }
            case "uploadpack": overrides.append("\(key)=git-upload-pack")
            case "receivepack": overrides.append("\(key)=git-receive-pack")
            case "sslverify": overrides.append("\(key)=\(global.last ?? "true")")
            case "path":
                // An include can carry any of the keys above; it is dropped, not followed.
                overrides.append("\(key)=/dev/null")
            case "vcs": overrides.append("\(key)=")
            default: overrides.append("\(key)=\(global.last ?? "")")
            }
        }
        return overrides
    }

    /// The untrusted keys the repository's own config file sets, as `section[.subsection].name`.
    func localUntrustedKeys() -> [String] {
        let path = gitDirectory + "/config"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var section = ""
        var found: Set<String> = []
        for raw in text.split(whereSeparator: \.isNewline) {
            var line = Substring(raw).drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                // [core] → core; [remote "origin"] → remote.origin; [remote.origin] likewise.
                let inner = line.dropFirst().prefix { $0 != "]" }
                let parts = inner.split(separator: " ", maxSplits: 1)
                section = parts.first.map { $0.lowercased() } ?? ""
                if parts.count > 1 {
                    section += "." + parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" \t"))
                }
                guard let close = line.firstIndex(of: "]") else { continue }
                line = line[line.index(after: close)...].drop { $0 == " " || $0 == "\t" }
                if line.isEmpty { continue }
            }
            let name = line.prefix { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased()
            guard !name.isEmpty else { continue }
            let pieces = section.split(separator: ".", maxSplits: 1)
            let key = section + "." + name
            let generic = pieces.count > 1 ? "\(pieces[0].lowercased()).*.\(name)" : key.lowercased()
            if Self.untrustedLocalKeys.contains(key.lowercased()) || Self.untrustedLocalKeys.contains(generic) {
                found.insert(key)
            }
        }
        return found.sorted()
    }

    /// Every value of `key` in the person's own configuration (global and system), not the vault's.
    func globalValues(_ key: String, environment: [String: String]) -> [String] {
        var env = environment
        env["GIT_DIR"] = nil
        env["GIT_CONFIG_PARAMETERS"] = nil
        var values: [String] = []
        for scope in ["--system", "--global"] {
            guard let run = try? GitProcess.run(["config", scope, "--get-all", key], environment: env,
                                                limits: TransferLimits(timeout: 10), cancellation: nil, progress: nil),
                  run.status == 0 else { continue }
            values += run.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        return values
    }

    /// The `.git` folder (or the folder a `.git` file points to).
    var gitDirectory: String {
        guard let raw = git_repository_path(pointer) else { return workdir + "/.git" }
        var path = String(cString: raw)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
