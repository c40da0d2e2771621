import Foundation

/// Slows down wrong tokens, pairing codes and cookies, per client address: the first few are
/// answered at once (a mistyped address), then each wrong one waits a little longer, up to a
/// second, one after another however many arrive together from that address. After `limit` wrong
/// tokens or codes (guesses) the address gets `429 Too Many Requests` for every token or code,
/// right or wrong, without it being looked at. A wrong cookie is slowed but is not a guess: a tab
/// left open from before a restart keeps sending its old one, and must not lock out the new
/// address typed next to it. A request with the right cookie never waits. Ten minutes without a
/// wrong one from that address starts it afresh. Other addresses are not slowed by it.
final class Backoff: @unchecked Sendable {
    static let free = 5
    static let limit = 15
    static let most: Duration = .seconds(1)
    static let forget: Duration = .seconds(600)
    /// Addresses remembered at most; past that, the ones quiet longest are forgotten.
    static let remembered = 4096

    enum Verdict: Equatable {
        case wait(Duration)
        case tooMany
    }

    struct Client {
        var failures = 0
        var guesses = 0
        var last: ContinuousClock.Instant
        var nextFree: ContinuousClock.Instant?
    }

    /// How much longer each wrong one waits than the one before (a test makes it short).
    let step: Duration
    private let lock = NSLock()
    private var clients: [String: Client] = [:]

    init(step: Duration = .milliseconds(100)) { self.step = step }

    /// How many wrong tokens, codes and cookies `client` sent since its last fresh start, and how
    /// many of them were tokens or codes.
    func count(_ client: String = Backoff.local) -> (failures: Int, guesses: Int) {
        lock.lock(); defer { lock.unlock() }
        return (clients[client]?.failures ?? 0, clients[client]?.guesses ?? 0)
    }

    /// The key of a request whose address is not known (the router tests, without sockets).
    static let local = "local"

    /// Whether `client` is past the limit: its token or code is refused with 429 unread (and the
    /// attempt keeps the address refused for another ten minutes).
    func refuses(_ client: String, now: ContinuousClock.Instant = .now) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard var entry = clients[client] else { return false }
        if now - entry.last > Self.forget { clients[client] = nil; return false }
        guard entry.guesses > Self.limit else { return false }
        entry.last = now
        clients[client] = entry
        return true
    }

    /// Counts a wrong token or code (`guess`), or a wrong cookie, from `client`: how long it
    /// waits, or that it is one guess too many.
    func failure(_ client: String, guess: Bool = true, now: ContinuousClock.Instant = .now) -> Verdict {
        lock.lock(); defer { lock.unlock() }
        var entry = clients[client] ?? Client(last: now)
        if now - entry.last > Self.forget { entry = Client(last: now) }
        entry.last = now
        entry.failures += 1
        if guess { entry.guesses += 1 }
        defer { clients[client] = entry; prune(now) }
        if entry.guesses > Self.limit { return .tooMany }
        guard entry.failures > Self.free else { return .wait(.zero) }
        let wait = min(Self.most, step * (entry.failures - Self.free))
        // In a queue: a burst of wrong ones is answered one wait after another.
        let start = max(now, entry.nextFree ?? now)
        entry.nextFree = start + wait
        return .wait((start + wait) - now)
    }

    /// Counts a wrong one and waits as long as it must; false when it is one guess too many (429).
    func pause(_ client: String, guess: Bool = true) async -> Bool {
        switch failure(client, guess: guess) {
        case .tooMany: return false
        case .wait(let wait):
            if wait > .zero { try? await Task.sleep(for: wait) }
            return true
        }
    }

    private func prune(_ now: ContinuousClock.Instant) {
        guard clients.count > Self.remembered else { return }
        clients = clients.filter { now - $0.value.last <= Self.forget }
        while clients.count > Self.remembered, let oldest = clients.min(by: { $0.value.last < $1.value.last })?.key {
            clients[oldest] = nil
        }
    }
}
