/// Today's list: the cards pulled in today, in the person's order, finished ones at the bottom.
public struct TodayView: Sendable {
    public struct Item: Sendable {
        public let card: Card
        public let done: Bool
    }

    public let date: Day
    public let budget: Int
    public let items: [Item]

    public var spoonsPlanned: Int { items.reduce(0) { $0 + $1.card.spoons } }
    public var spoonsDone: Int { items.filter(\.done).reduce(0) { $0 + $1.card.spoons } }
    public var overloaded: Bool { spoonsPlanned > budget }
    public var doneCount: Int { items.filter(\.done).count }

    public init(date: Day, budget: Int, items: [Item]) {
        self.date = date
        self.budget = budget
        self.items = items
    }

    /// Builds the list from the cards whose `today` is `date`. Yesterday's pulls are not here:
    /// that is the daily reset, with nothing to run at midnight.
    public static func make(_ snapshot: VaultSnapshot, today: Day) -> TodayView {
        let pulled = snapshot.cards.filter { $0.isPulled(on: today) }
        let position = Dictionary(snapshot.journal.order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        func rank(_ c: Card) -> Int { position[c.id ?? ""] ?? position[c.slug] ?? Int.max }
        let items = pulled.map { Item(card: $0, done: Occurrence.isDone($0, today: today)) }
        // Each card's place is looked up once, and indices are sorted rather than whole items.
        let ranks = items.map { rank($0.card) }
        let order = items.withUnsafeBufferPointer { items in
            items.indices.sorted { i, j in
                if items[i].done != items[j].done { return !items[i].done }
                if ranks[i] != ranks[j] { return ranks[i] < ranks[j] }
                return items[i].card.title < items[j].card.title
            }
        }
        return TodayView(date: today, budget: snapshot.settings.budget, items: order.map { items[$0] })
    }

    /// The keys (id, or slug when there is none) in display order, as the journal stores them.
    public var orderKeys: [String] { items.map { $0.card.id ?? $0.card.slug } }
}
