import Foundation

/// The lines of many items, built on both cores and kept in the items' order: a month's list
/// can hold 22,000 lines (2,000 series), and building each line is most of the command's own
/// time. Below `threshold` lines in all, or on one core, they are built on this thread.
func parallelLines<Item>(_ items: [Item], count: (Item) -> Int, threshold: Int = 2_000,
                         _ body: (Item) -> [String]) -> [String] {
    let total = items.reduce(0) { $0 + count($1) }
    let parts = total >= threshold && ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1
    guard parts > 1 else { return items.flatMap(body) }
    let made = UnsafeMutableBufferPointer<[String]>.allocate(capacity: items.count)
    made.initialize(repeating: [])
    defer {
        made.deinitialize()
        made.deallocate()
    }
    // Every other item on each core: a month's busy days are spread evenly between them.
    // Each thread writes only its own items' slots; `body` only reads.
    nonisolated(unsafe) let shared = (items: items, body: body, made: made)
    DispatchQueue.concurrentPerform(iterations: parts) { part in
        var i = part
        while i < shared.items.count {
            shared.made[i] = shared.body(shared.items[i])
            i += parts
        }
    }
    var out: [String] = []
    out.reserveCapacity(total)
    for lines in made { out += lines }
    return out
}
