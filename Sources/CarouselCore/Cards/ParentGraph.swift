/// Parent links between cards: lookups by slug or id, and cycle detection.
public struct ParentGraph {
    let bySlug: [String: Card]
    let byID: [String: Card]

    public init(cards: [Card]) {
        var slugs: [String: Card] = [:]
        var ids: [String: Card] = [:]
        for c in cards {
            slugs[c.slug] = c
            if let id = c.id { ids[id] = c }
        }
        bySlug = slugs
        byID = ids
    }

    /// The card a `parent:` value names.
    public func card(named ref: String) -> Card? { bySlug[ref] ?? byID[ref] }

    /// The chain of slugs from `start` following parents, ending where it repeats; nil if it ends.
    public func cycle(from start: Card, withParent override: String? = nil) -> [String]? {
        var seen: [String] = [start.slug]
        var next = override ?? start.parent
        while let ref = next, let parent = card(named: ref) {
            if let i = seen.firstIndex(of: parent.slug) {
                return Array(seen[i...]) + [parent.slug]
            }
            seen.append(parent.slug)
            next = parent.parent
        }
        return nil
    }

    /// One warning per card that sits on a cycle, so views can say so without failing.
    public func cycleDiagnostics() -> [FileDiagnostic] {
        var result: [FileDiagnostic] = []
        for card in bySlug.values where card.parent != nil {
            guard let chain = cycle(from: card), chain.first == card.slug else { continue }
            result.append(FileDiagnostic(path: card.path, line: 1, column: 1, severity: .warning,
                                         message: "parent cycle: " + chain.joined(separator: " → ") + "; fix one `parent:` line"))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// Depth of nesting (0 for a top-level card), bounded so a cycle cannot loop.
    public func depth(of card: Card) -> Int {
        var depth = 0
        var next = card.parent
        while let ref = next, let parent = self.card(named: ref), depth < 64 {
            depth += 1
            next = parent.parent
        }
        return depth
    }
}
