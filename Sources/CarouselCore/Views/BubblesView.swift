import Foundation

/// `carousel bubbles`: a picture of the open cards as circles, sized by importance, clustered by
/// category, children inside their parent. This is the layout only; the SVG is drawn by the
/// executable. Everything is deterministic: the same vault gives the same picture.
public struct BubblesView: Sendable {
    public struct Bubble: Sendable {
        public let card: Card
        public let category: String
        public var x: Double
        public var y: Double
        public var r: Double
        /// How deep in the parent chain (0 for a card drawn at the top level).
        public let depth: Int
        public let hasChildren: Bool
        /// The card sits on a parent cycle: it is drawn at the top level and marked.
        public var inCycle = false
    }

    public struct Cluster: Sendable {
        public let category: String
        public var x: Double
        public var y: Double
        public var r: Double
    }

    public let bubbles: [Bubble]
    public let clusters: [Cluster]
    public let width: Double
    public let height: Double

    /// The radius of a childless card: 30 for importance 1 up to 70 for importance 5.
    public static func radius(importance: Int) -> Double { 20 + 10 * Double(min(5, max(1, importance))) }

    static let gap = 4.0
    static let margin = 30.0

    /// Open cards: not done as of today, and not events already past.
    public static func openCards(_ snapshot: VaultSnapshot, today: Day) -> [Card] {
        snapshot.cards.filter { card in
            if Occurrence.isDone(card, today: today) { return false }
            if Occurrence.isPastEvent(card, today: today) { return false }
            return true
        }
    }

    public static func make(_ snapshot: VaultSnapshot, today: Day) -> BubblesView {
        layout(openCards(snapshot, today: today))
    }

    /// A laid-out subtree: the card at (0,0) and its descendants relative to it.
    struct Node {
        var bubbles: [Bubble]
        var r: Double
    }

    public static func layout(_ cards: [Card]) -> BubblesView {
        let byKey = Dictionary(cards.flatMap { c in [(c.slug, c)] + (c.id.map { [($0, c)] } ?? []) }, uniquingKeysWith: { a, _ in a })
        // A card on a parent cycle has no usable parent: it is drawn at the top level, marked.
        func onCycle(_ c: Card) -> Bool {
            var seen = Set([c.path])
            var next = c.parent.flatMap { byKey[$0] }
            while let p = next {
                if p.path == c.path { return true }
                guard seen.insert(p.path).inserted else { return false }
                next = p.parent.flatMap { byKey[$0] }
            }
            return false
        }
        let cycle = Set(cards.filter(onCycle).map(\.path))
        func parent(of c: Card) -> Card? {
            if cycle.contains(c.path) { return nil }
            return c.parent.flatMap { byKey[$0] }.flatMap { $0.path == c.path ? nil : $0 }
        }
        var children: [String: [Card]] = [:]
        for c in cards { if let p = parent(of: c) { children[p.path, default: []].append(c) } }
        let roots = cards.filter { parent(of: $0) == nil }.sorted(by: stableOrder)
        var visiting = Set<String>()

        func node(_ card: Card, depth: Int, category: String) -> Node {
            visiting.insert(card.path)
            defer { visiting.remove(card.path) }
            let kids = (children[card.path] ?? []).filter { !visiting.contains($0.path) }.sorted(by: stableOrder)
            let base = radius(importance: card.importance)
            let marked = cycle.contains(card.path)
            guard !kids.isEmpty else {
                return Node(bubbles: [Bubble(card: card, category: category, x: 0, y: 0, r: base, depth: depth, hasChildren: false,
                                             inCycle: marked)], r: base)
            }
            let subtrees = kids.map { node($0, depth: depth + 1, category: category) }
            let placed = pack(subtrees.map(\.r))
            // Room for the parent's title above its children.
            let label = 16.0
            let enclosing = zip(placed, subtrees).map { hypot($0.x, $0.y) + $1.r }.max() ?? 0
            let r = max(base, enclosing + label + gap)
            var bubbles = [Bubble(card: card, category: category, x: 0, y: 0, r: r, depth: depth, hasChildren: true, inCycle: marked)]
            for (p, sub) in zip(placed, subtrees) {
                bubbles += sub.bubbles.map { b in
                    var b = b
                    b.x += p.x
                    b.y += p.y + label / 2
                    return b
                }
            }
            return Node(bubbles: bubbles, r: r + label / 2)
        }

        let categories = Array(Set(roots.map { categoryName($0) })).sorted(by: categoryOrder)
        var clusterNodes: [(String, [Bubble], Double)] = []
        for category in categories {
            let trees = roots.filter { categoryName($0) == category }.map { node($0, depth: 0, category: category) }
            let placed = pack(trees.map(\.r))
            var bubbles: [Bubble] = []
            for (p, t) in zip(placed, trees) {
                bubbles += t.bubbles.map { b in
                    var b = b
                    b.x += p.x
                    b.y += p.y
                    return b
                }
            }
            let r = zip(placed, trees).map { hypot($0.x, $0.y) + $1.r }.max() ?? 0
            clusterNodes.append((category, bubbles, r + 12))
        }
        let centres = pack(clusterNodes.map(\.2), gap: 24)
        var all: [Bubble] = []
        var clusters: [Cluster] = []
        for (c, node) in zip(centres, clusterNodes) {
            clusters.append(Cluster(category: node.0, x: c.x, y: c.y, r: node.2))
            all += node.1.map { b in
                var b = b
                b.x += c.x
                b.y += c.y
                return b
            }
        }
        let minX = clusters.map { $0.x - $0.r }.min() ?? 0, maxX = clusters.map { $0.x + $0.r }.max() ?? 0
        let minY = clusters.map { $0.y - $0.r }.min() ?? 0, maxY = clusters.map { $0.y + $0.r }.max() ?? 0
        let dx = margin - minX, dy = margin + 20 - minY
        for i in all.indices {
            all[i].x = (all[i].x + dx).rounded(toPlaces: 1)
            all[i].y = (all[i].y + dy).rounded(toPlaces: 1)
        }
        for i in clusters.indices {
            clusters[i].x += dx
            clusters[i].y += dy
        }
        return BubblesView(bubbles: all, clusters: clusters, width: (maxX - minX + 2 * margin).rounded(.up),
                           height: (maxY - minY + 2 * margin + 20).rounded(.up))
    }

    /// Places circles of the given radii (largest first keeps the pack tight) around (0,0) with
    /// no overlaps: each one walks out along a spiral until it touches nothing. Returns centres in
    /// the input order.
    static func pack(_ radii: [Double], gap: Double = BubblesView.gap) -> [(x: Double, y: Double)] {
        let order = radii.indices.sorted { radii[$0] != radii[$1] ? radii[$0] > radii[$1] : $0 < $1 }
        var placed: [(x: Double, y: Double, r: Double)] = []
        var result = Array(repeating: (x: 0.0, y: 0.0), count: radii.count)
        for i in order {
            let r = radii[i]
            var t = 0.0
            var p = (x: 0.0, y: 0.0)
            while true {
                let d = 3.0 * t
                p = (d * cos(t), d * sin(t))
                if placed.allSatisfy({ hypot($0.x - p.x, $0.y - p.y) >= $0.r + r + gap }) { break }
                t += max(0.02, min(0.5, 4.0 / max(d, 1)))
            }
            placed.append((p.x, p.y, r))
            result[i] = p
        }
        // Centre the group on its bounding box, so an enclosing circle around it is tight.
        guard !placed.isEmpty else { return result }
        let minX = placed.map { $0.x - $0.r }.min()!, maxX = placed.map { $0.x + $0.r }.max()!
        let minY = placed.map { $0.y - $0.r }.min()!, maxY = placed.map { $0.y + $0.r }.max()!
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        return result.map { (x: $0.x - cx, y: $0.y - cy) }
    }

    static func categoryName(_ c: Card) -> String { (c.category?.lowercased()).flatMap { $0.isEmpty ? nil : $0 } ?? "other" }

    static let knownCategories = ["personal", "work", "health", "creative", "other"]

    static func categoryOrder(_ a: String, _ b: String) -> Bool {
        let ia = knownCategories.firstIndex(of: a) ?? 99, ib = knownCategories.firstIndex(of: b) ?? 99
        return ia != ib ? ia < ib : a < b
    }

    static func stableOrder(_ a: Card, _ b: Card) -> Bool {
        if a.importance != b.importance { return a.importance > b.importance }
        if a.title != b.title { return a.title < b.title }
        return a.path < b.path
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        let f = pow(10.0, Double(places))
        return (self * f).rounded() / f
    }
}
