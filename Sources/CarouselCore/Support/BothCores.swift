import Foundation

/// Work shared out over two cores, each taking every other item (a month's busy days, or the
/// halves of a file, then cost about the same on each), with the results in the items' order.
public enum BothCores {
    /// Whether the machine has a second core to share work with.
    public static var available: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }

    /// `body(i)` for every `i` in `0..<count`, in that order: on two cores when `shared` and
    /// there is a second one, on this thread otherwise. `body` must only read what it shares.
    public static func map<T>(_ count: Int, shared: Bool = true, _ body: (Int) -> T) -> [T] {
        let parts = shared && count > 1 && available ? 2 : 1
        guard parts > 1 else { return (0..<count).map(body) }
        return withoutActuallyEscaping(body) { body in
            [T](unsafeUninitializedCapacity: count) { buffer, made in
                // Each thread initializes only its own slots, each once.
                nonisolated(unsafe) let work = (body: body, buffer: buffer)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    var i = part
                    while i < count {
                        (work.buffer.baseAddress! + i).initialize(to: work.body(i))
                        i += parts
                    }
                }
                made = count
            }
        }
    }
}
