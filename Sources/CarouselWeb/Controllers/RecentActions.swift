import Foundation

/// The actions this server made lately, by the id the page gives each one (`nonce`): the same
/// action sent twice (two quick taps, a queued action sent again after a lost answer) makes one
/// change, and the second gets the first one's answer.
final class RecentActions: @unchecked Sendable {
    enum Seen {
        case new
        /// Still being made by the first request.
        case inFlight
        case done(Outcome)
    }

    private let lock = NSLock()
    private var outcomes: [String: Outcome?] = [:]
    private var order: [String] = []
    /// How many ids are remembered; the oldest are forgotten first.
    static let kept = 1000

    /// Notes `id` as being made, or says what became of it.
    func begin(_ id: String) -> Seen {
        lock.lock()
        defer { lock.unlock() }
        if let known = outcomes[id] { return known.map(Seen.done) ?? .inFlight }
        outcomes[id] = .some(nil)
        order.append(id)
        if order.count > Self.kept {
            outcomes[order.removeFirst()] = nil
        }
        return .new
    }

    /// Keeps the answer of a change that was made; a refused one is forgotten, so it may be tried again.
    func finish(_ id: String, _ outcome: Outcome) {
        lock.lock()
        defer { lock.unlock() }
        if outcome.ok {
            outcomes[id] = .some(outcome)
        } else {
            outcomes[id] = nil
            order.removeAll { $0 == id }
        }
    }
}
