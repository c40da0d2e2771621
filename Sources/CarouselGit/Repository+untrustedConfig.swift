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
        "uploadpack.packobjectshook",
    ]

    /// `-c` overrides that put back the global value of every untrusted key the vault's own
    /// config sets (or neutralise it when there is none), and the options for the keys git does
    /// not let `-c` override (a second `uploadpack` is ignored, so `--upload-pack` is given).
    func untrustedConfigOverrides(environment: [String: String]) -> (config: [String], options: [String]) {
        var overrides: [String] = []
        var options: [String] = []
        for key in localUntrustedKeys(environment: environment) {
            let name = key.split(separator: ".").last.map { $0.lowercased() } ?? ""
            let global = globalValues(key, environment: environment)
            switch name {
            case "helper":
                // An empty value clears the list; the person's own helpers follow.
                overrides += ["\(key)="] + global.map { "\(key)=\($0)" }
            case "uploadpack": options.append("--upload-pack=\(global.last ?? "git-upload-pack")")
            case "receivepack": options.append("--receive-pack=\(global.last ?? "git-receive-pack")")
            case "sslverify": overrides.append("\(key)=\(global.last ?? "true")")
            case "vcs": overrides.append("\(key)=")
            default: overrides.append("\(key)=\(global.last ?? "")")
            }
        }
        return (overrides, options)
    }

    /// The untrusted keys the repository's own config sets, as `section[.subsection].name`,
    /// including those from files it includes (git lists them; nothing runs to list them).
    func localUntrustedKeys(environment: [String: String]) -> [String] {
        var env = environment
        env["GIT_DIR"] = nil
        env["GIT_CONFIG_PARAMETERS"] = nil
        guard let run = try? GitProcess.run(["-C", workdir, "config", "--local", "--includes", "--name-only", "--list"],
                                            environment: env, limits: TransferLimits(timeout: 10),
                                            cancellation: nil, progress: nil),
              run.status == 0 else { return [] }
        var found: Set<String> = []
        for line in run.stdout.split(separator: "\n") {
            let key = String(line)
            let parts = key.split(separator: ".")
            guard parts.count >= 2 else { continue }
            let generic = parts.count > 2 ? "\(parts[0].lowercased()).*.\(parts[parts.count - 1].lowercased())" : key.lowercased()
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
