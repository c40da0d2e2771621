import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The ssh keys a connection would offer that sync cannot use on its own: files with a
/// passphrase. Sync never asks for one (nobody may be at the terminal), so when the server
/// refuses, the person is told which key to add to their agent.
enum SSHIdentity {
    /// Key files `ssh` would try for `url` (from `ssh -G`, so `~/.ssh/config` applies) that exist
    /// and are encrypted, written with `~` for the home folder ssh itself uses (the password
    /// database's, not `$HOME`).
    static func lockedKeys(url: String, environment: [String: String]) -> [String] {
        guard let target = sshTarget(url) else { return [] }
        var args = ["-G"]
        if let port = target.port { args += ["-p", port] }
        if let user = target.user { args += ["-l", user] }
        args.append(target.host)
        guard let run = try? GitProcess.run(args, environment: environment, limits: TransferLimits(timeout: 5),
                                            cancellation: nil, progress: nil, program: "ssh"),
              run.status == 0 else { return [] }
        let home = accountHome()
        var found: [String] = []
        for line in run.stdout.split(separator: "\n") where line.hasPrefix("identityfile ") {
            var path = String(line.dropFirst("identityfile ".count))
            if path.hasPrefix("~/"), let home { path = home + path.dropFirst(1) }
            guard isEncrypted(path) else { continue }
            if let home, path.hasPrefix(home + "/") { path = "~" + path.dropFirst(home.count) }
            found.append(path)
        }
        return found
    }

    /// Host, port and user of an ssh URL (`ssh://user@host:port/path` or `user@host:path`).
    static func sshTarget(_ url: String) -> (host: String, port: String?, user: String?)? {
        var rest = Substring(url)
        var port: String?
        if rest.hasPrefix("ssh://") || rest.hasPrefix("git+ssh://") || rest.hasPrefix("ssh+git://") {
            rest = rest[rest.range(of: "://")!.upperBound...].prefix { $0 != "/" }
            if let colon = rest.lastIndex(of: ":"), !rest[colon...].contains("]") {
                port = String(rest[rest.index(after: colon)...])
                rest = rest[..<colon]
            }
        } else if !url.contains("://"), let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
            rest = rest[..<colon]
        } else {
            return nil
        }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        let host = rest.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host.isEmpty ? nil : (host, port?.isEmpty == false ? port : nil, user)
    }

    /// Whether a private key file needs a passphrase (OpenSSH's own format or PEM).
    static func isEncrypted(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        if text.contains("BEGIN ENCRYPTED PRIVATE KEY") || text.contains("Proc-Type: 4,ENCRYPTED") { return true }
        guard text.contains("BEGIN OPENSSH PRIVATE KEY") else { return false }
        let base64 = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: base64) else { return false }
        // "openssh-key-v1\0", then the cipher's name as a length-prefixed string: "none" when open.
        let magic = Array("openssh-key-v1\u{0}".utf8)
        let bytes = [UInt8](data)
        guard bytes.count > magic.count + 4, Array(bytes[0..<magic.count]) == magic else { return false }
        let at = magic.count
        let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        guard length > 0, bytes.count >= at + 4 + length else { return false }
        return String(decoding: bytes[(at + 4)..<(at + 4 + length)], as: UTF8.self) != "none"
    }

    /// The account's home folder from the password database, where ssh looks for `~/.ssh`.
    static func accountHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }
}
