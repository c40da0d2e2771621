import Foundation
import HTTPTypes
import Hummingbird

/// Who may talk to the server: the random token, the cookie it becomes, and the Host names that
/// point at this server (learnt once the socket is bound, since port 0 picks one).
public final class Access: @unchecked Sendable {
    public let token: String
    /// What forms carry against cross-site requests: random like `token` but not it, so a page's
    /// HTML (saved, printed, shared) never holds the key that lets a browser in.
    public let formToken: String
    public static let cookieName = "carousel_token"
    private let lock = NSLock()
    private var hosts: Set<String>
    /// Listening on every interface: any IP address (never a DNS name) with this port is allowed.
    private var wildcardPort: Int?
    /// Wrong tokens and pairing codes wait here, per client address.
    let backoff: Backoff
    /// With `--lan`: the pairing code and the paired devices.
    public let pairing: Pairing?
    /// Over HTTPS (`--lan`): cookies are `Secure` and a change's Origin is `https://`.
    public let secure: Bool
    /// With `--lan`, this computer's own addresses besides loopback: a request from one of them
    /// comes from this computer, and may bring `?token=`.
    public var ownAddresses: Set<String> {
        get { lock.lock(); defer { lock.unlock() }; return own }
        set { lock.lock(); own = newValue; lock.unlock() }
    }
    private var own: Set<String> = []

    public init(token: String = Access.makeToken(), hosts: Set<String> = [], pairing: Pairing? = nil, secure: Bool = false,
                backoffStep: Duration = .milliseconds(100)) {
        self.token = token
        self.formToken = Access.makeToken()
        self.hosts = hosts
        self.pairing = pairing
        self.secure = secure
        self.backoff = Backoff(step: backoffStep)
    }

    /// Also allows `name:port` for each name (the computer's names the certificate carries).
    public func allow(names: [String], port: Int) {
        lock.lock()
        hosts.formUnion(names.map { "\($0.lowercased()):\(port)" })
        lock.unlock()
    }

    /// 32 random bytes from the system generator, as hex.
    public static func makeToken() -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &rng)) }.joined()
    }

    /// Allows the Host values that name `address:port` (and `localhost`/`[::1]` for loopback).
    public func bound(address: String, port: Int) {
        var names = ["\(address):\(port)"]
        if address == "127.0.0.1" || address == "::1" || address == "localhost" {
            names += ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        }
        lock.lock()
        hosts.formUnion(names)
        if address == "0.0.0.0" || address == "::" { wildcardPort = port }
        lock.unlock()
    }

    public func allows(host: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if hosts.contains(host.lowercased()) { return true }
        guard let port = wildcardPort, host.hasSuffix(":\(port)") else { return false }
        // An address typed as numbers cannot be re-pointed by DNS, so it cannot be rebound.
        let name = host.dropLast(":\(port)".count)
        let ipv4 = name.split(separator: ".", omittingEmptySubsequences: false)
        if ipv4.count == 4, ipv4.allSatisfy({ UInt8($0) != nil }) { return true }
        return name.hasPrefix("[") && name.hasSuffix("]") && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" }
    }

    /// Compares without stopping at the first difference, so timing says nothing about the token.
    public func matches(_ candidate: some StringProtocol) -> Bool { Access.same(candidate, token) }

    /// Whether a form's token is this server's form token.
    public func matchesForm(_ candidate: some StringProtocol) -> Bool { Access.same(candidate, formToken) }

    static func same(_ candidate: some StringProtocol, _ secret: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }

    var cookie: String {
        "\(Access.cookieName)=\(token); Path=/; HttpOnly;\(secure ? " Secure;" : "") SameSite=Strict"
    }
}

/// An `application/x-www-form-urlencoded` body.
struct Form {
    var values: [String: String] = [:]

    init(_ text: String) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Form.decode(parts[0])
            let value = parts.count > 1 ? Form.decode(parts[1]) : ""
            values[key] = value
        }
    }

    static func decode(_ s: Substring) -> String {
        s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
    }

    subscript(_ key: String) -> String? { values[key] }
}
