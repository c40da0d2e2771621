import Foundation

/// Why a fetch or push through the git executable did not happen, sorted from git's and ssh's
/// own words so that a caller can say it plainly.
public struct TransferError: Error, LocalizedError, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No progress for this many seconds.
        case timedOut(Double)
        /// Not done after this many seconds in all, however it went.
        case overTotal(Double)
        /// Stopped by Ctrl-C.
        case cancelled
        /// The server refused the key, user name or password.
        case authenticationFailed
        /// No credentials were available (no helper, no agent, prompts are off).
        case noCredentials
        /// The ssh key's passphrase is wrong.
        case wrongPassphrase
        /// The ssh host is not in known_hosts.
        case hostKeyUnknown(host: String)
        /// The ssh host's key differs from the one in known_hosts.
        case hostKeyChanged(host: String)
        /// The https certificate is not trusted (unknown CA, wrong name, expired).
        case certificateUntrusted
        case connectionRefused
        case repositoryNotFound
        /// git refuses a repository owned by another account.
        case dubiousOwnership
        case other
    }

    public let kind: Kind
    /// git's last words (credentials in URLs removed), for the details.
    public let detail: String
    /// For a refused ssh login: key files with a passphrase that sync could not use.
    public var lockedKeys: [String] = []

    public var errorDescription: String? { detail }

    init(kind: Kind, detail: String, lockedKeys: [String] = []) {
        self.kind = kind
        self.detail = detail
        self.lockedKeys = lockedKeys
    }

    /// Sorts git's stderr for a transfer to `url`, and for a refused ssh login looks for keys
    /// with a passphrase.
    static func classify(stderr: String, url: String?, environment: [String: String]) -> TransferError {
        var error = classify(stderr: stderr, host: url.flatMap(Repository.host(ofURL:)))
        if error.kind == .authenticationFailed, let url {
            error.lockedKeys = SSHIdentity.lockedKeys(url: url, environment: environment)
        }
        return error
    }

    /// Sorts git's stderr; `host` is the remote's host for the known_hosts advice.
    static func classify(stderr: String, host: String?) -> TransferError {
        let text = stderr.lowercased()
        let detail = stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("fatal: Could not read from remote repository")
                && !$0.hasPrefix("Please make sure you have the correct") && $0 != "and the repository exists." }
            .suffix(3).joined(separator: "; ")
        func has(_ needles: String...) -> Bool { needles.contains { text.contains($0) } }
        // ssh names the host as it checked it: "for [127.0.0.1]:2222 and", "Host key for alias has changed".
        let host = Self.sshHost(in: stderr) ?? host ?? "the server"
        let kind: Kind
        if has("detected dubious ownership") {
            kind = .dubiousOwnership
        } else if has("remote host identification has changed") {
            kind = .hostKeyChanged(host: host)
        } else if has("host key verification failed", "no ecdsa host key is known", "no ed25519 host key is known",
                      "no rsa host key is known", "host key is not known") {
            kind = .hostKeyUnknown(host: host)
        } else if has("incorrect passphrase", "bad passphrase", "carousel: wrong passphrase") {
            kind = .wrongPassphrase
        } else if has("server certificate verification failed", "ssl certificate problem", "certificate verify failed",
                      "no alternative certificate subject name matches", "ssl: certificate subject name") {
            kind = .certificateUntrusted
        } else if has("could not read username", "could not read password", "terminal prompts disabled") {
            kind = .noCredentials
        } else if has("permission denied (", "authentication failed", "the requested url returned error: 401",
                      "the requested url returned error: 403", "invalid username or password") {
            kind = .authenticationFailed
        } else if has("connection refused", "could not resolve host", "failed to connect to", "no route to host",
                      "network is unreachable", "name or service not known") {
            kind = .connectionRefused
        } else if has("repository not found", "does not appear to be a git repository", "not found",
                      "the requested url returned error: 404", "no such file or directory") {
            kind = .repositoryNotFound
        } else {
            kind = .other
        }
        return TransferError(kind: kind, detail: detail.isEmpty ? "git stopped without saying why" : detail)
    }

    /// The host that ssh says it could not verify, in its own notation (`[host]:port` off port 22).
    static func sshHost(in stderr: String) -> String? {
        for marker in ["host key is known for ", "Host key for "] {
            guard let start = stderr.range(of: marker) else { continue }
            let name = stderr[start.upperBound...].prefix { !$0.isWhitespace }
            guard !name.isEmpty else { continue }
            return String(name)
        }
        return nil
    }

    /// `ssh-keyscan` arguments for a host in ssh's notation ("-p 2222 127.0.0.1").
    public static func keyscanArguments(_ host: String) -> String {
        // ssh's own notation: "[127.0.0.1]:2222" for a port other than 22.
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            let bare = host[host.index(after: host.startIndex)..<close]
            let port = host[close...].dropFirst().drop { $0 == ":" }
            return port.isEmpty ? String(bare) : "-p \(port) \(bare)"
        }
        return host
    }
}
