/// `blocked_by:` links between cards: lookups by slug or id, and cycle detection. Only cards
/// that have blockers can sit on a cycle, so the graph needs just those.
public struct BlockGraph {
    let byName: [String: Card]

    public init(cards: [Card]) {
        var names: [String: Card] = [:]
        for c in cards {
            names[c.slug] = c
            if let id = c.id { names[id] = c }
        }
        byName = names
    }

    /// The card a `blocked_by` entry names.
    public func card(named ref: String) -> Card? { byName[ref] }

    /// The shortest chain of slugs from `start` through the cards it waits for back to `start`
    /// (`[a, b, a]`), with `blockers` in place of its own when given; nil when there is none.
    public func cycle(from start: Card, blockers override: [String]? = nil) -> [String]? {
        // Breadth first, so the chain named is the shortest, and no recursion however long it is.
        var queue: [(card: Card, chain: [String])] = [(start, [start.slug])]
        var seen: Set<String> = [start.path]
        var i = 0
        while i < queue.count {
            let (card, chain) = queue[i]
            i += 1
            let refs = card.path == start.path ? (override ?? start.blockedBy.map(\.ref)) : card.blockedBy.map(\.ref)
            for ref in refs {
                guard let next = self.card(named: ref) else { continue }
                if next.path == start.path { return chain + [start.slug] }
                if seen.insert(next.path).inserted { queue.append((next, chain + [next.slug])) }
            }
        }
        return nil
    }

    /// One warning per card that sits on a cycle: such a card would wait for itself forever.
    public func cycleDiagnostics() -> [FileDiagnostic] {
        var result: [FileDiagnostic] = []
        var seen: Set<String> = []
        for card in byName.values where !card.blockedBy.isEmpty && seen.insert(card.path).inserted {
            guard let chain = cycle(from: card) else { continue }
            result.append(FileDiagnostic(path: card.path, line: 1, column: 1, severity: .warning,
                                         message: "blocked_by cycle: " + chain.joined(separator: " → ")
                                            + "; these cards wait for each other, so fix one `blocked_by:` line"))
        }
        return result.sorted { $0.path < $1.path }
    }
}
