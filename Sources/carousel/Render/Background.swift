import Dispatch

/// Work started on the other core while this thread goes on, and waited for where it is
/// needed: home reads the habits while it builds its views.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { self.result = work() }
    }

    /// The work's result, once it has finished.
    var value: Value {
        done.wait()
        return result!
    }
}
