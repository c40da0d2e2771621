import Foundation

/// Slows down wrong tokens: the first few are answered at once (a mistyped address), then each
/// wrong one waits a little longer, up to a second, one after another however many arrive
/// together, so guessing the token by trying is slower still than its 256 bits make it. A
/// request with the right cookie never waits. Ten minutes without a wrong token starts afresh.
final class Backoff: @unchecked Sendable {
    static let free = 5
    static let step: Duration = .milliseconds(100)
    static let most: Duration = .seconds(1)
    static let forget: Duration = .seconds(600)

    private let lock = NSLock()
    private var failures = 0
    private var last: ContinuousClock.Instant?
    private var nextFree: ContinuousClock.Instant?

    /// How many wrong tokens were counted since the last fresh start.
    var count: Int { lock.lock(); defer { lock.unlock() }; return failures }

    /// How long this wrong token waits; counts it.
    func delay(now: ContinuousClock.Instant = .now) -> Duration {
        lock.lock()
        defer { lock.unlock() }
        if let last, now - last > Self.forget { failures = 0; nextFree = nil }
        last = now
        failures += 1
        guard failures > Self.free else { return .zero }
        let wait = min(Self.most, Self.step * (failures - Self.free))
        // In a queue: a burst of wrong tokens is answered one wait after another.
        let start = max(now, nextFree ?? now)
        nextFree = start + wait
        return (start + wait) - now
    }

    /// Waits as long as this wrong token must.
    func pause() async {
        let wait = delay()
        if wait > .zero { try? await Task.sleep(for: wait) }
    }
}
