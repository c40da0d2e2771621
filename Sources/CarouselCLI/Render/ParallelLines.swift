import CarouselCore

/// The lines of many items, built on both cores and kept in the items' order: a month's list
/// can hold 22,000 lines (2,000 series), and building each line is most of the command's own
/// time. Below `threshold` lines in all they are built on this thread.
func parallelLines<Item>(_ items: [Item], count: (Item) -> Int, threshold: Int = 2_000,
                         _ body: (Item) -> [String]) -> [String] {
    let total = items.reduce(0) { $0 + count($1) }
    var out: [String] = []
    out.reserveCapacity(total)
    for lines in BothCores.map(items.count, shared: total >= threshold, { body(items[$0]) }) { out += lines }
    return out
}
