extension Array {
    /// The elements in the order `areInIncreasingOrder` gives their keys, each key worked out
    /// once. Equal keys keep their order, as `sorted(by:)` does. Only small indices move while
    /// sorting, so sorting 60,000 cards neither copies cards nor recomputes a due day or a
    /// lowercased title at every comparison.
    func sorted<Key>(byKey key: (Element) -> Key, _ areInIncreasingOrder: (Key, Key) -> Bool) -> [Element] {
        let keys = map(key)
        // Keys are read in place (no copy, no retain) while the indices are sorted.
        let order = keys.withUnsafeBufferPointer { k in
            indices.sorted { a, b in
                if areInIncreasingOrder(k[a], k[b]) { return true }
                if areInIncreasingOrder(k[b], k[a]) { return false }
                return a < b
            }
        }
        return order.map { self[$0] }
    }
}
