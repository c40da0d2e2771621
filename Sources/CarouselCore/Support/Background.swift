import Dispatch

/// Work started on another core while this thread goes on, and waited for where it is needed:
/// home reads the habits while it builds its views; a second connection reads the index
/// (`SecondRead`).
public final class Background<Value>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once by the working thread before `done` is left; read only after `wait`.
    private var result: Value?

    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { self.result = work() }
    }

    /// The work's result, once it has finished.
    public var value: Value {
        done.wait()
        return result!
    }
}
