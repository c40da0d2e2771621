/// `carousel board`: open cards in columns by due date. Events live in `countdown`, not here;
/// done cards are left out.
public struct BoardView: Sendable {
    public enum Column: String, Sendable, CaseIterable {
        case overdue, today, thisWeek = "this_week", upcoming, someday

        public var title: String {
            switch self {
            case .overdue: return "Overdue"
            case .today: return "Today"
            case .thisWeek: return "This week"
            case .upcoming: return "Upcoming"
            case .someday: return "Someday"
            }
        }

        /// Accepts `this_week`, `this-week`, `thisweek` and `week`, any case.
        public init?(name: String) {
            // "this week" as typed (quoted), this-week and this_week are the same column.
            let n = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "_")
            switch n {
            case "overdue": self = .overdue
            case "today": self = .today
            case "this_week", "thisweek", "week": self = .thisWeek
            case "upcoming", "later", "next_week": self = .upcoming
            case "someday", "no_date": self = .someday
            default: return nil
            }
        }
    }

    public struct Item: Sendable {
        /// The card lives in a shared box: sorting and bucketing move a reference, not the card.
        private let box: CardBox
        public var card: Card { box.card }
        // What the board sorts by, read from the box without copying the card.
        var importance: Int { box.card.importance }
        var title: String { box.card.title }
        var path: String { box.card.path }
        /// The due day the column is chosen by (a repeating card's pending occurrence).
        public let due: Day?

        public init(card: Card, due: Day?) {
            box = CardBox(card)
            self.due = due
        }
    }

    public let date: Day
    /// The last day of this week (week_start + 6).
    public let endOfWeek: Day
    /// The last day of the Upcoming column: the 14 days after this week.
    public let endOfUpcoming: Day
    /// Each column's cards in order: all of them, or the first `limit` when the board was made
    /// with one (`totals` still counts them all).
    public let columns: [(column: Column, items: [Item])]
    /// Open cards due after the Upcoming column, so nothing is out of sight (the first `limit`).
    public let later: [Item]
    /// How many cards each column holds, and how many are due later, shown or not.
    public let totals: [Slot: Int]

    public func items(_ column: Column) -> [Item] { columns.first { $0.column == column }?.items ?? [] }

    /// The last day of the week holding `today`.
    public static func endOfWeek(_ today: Day, weekStart: Int) -> Day {
        Placement.weekStart(of: today, weekStart: weekStart).adding(days: 6)
    }

    /// Which column a due day falls in, as of `today`.
    public static func column(for due: Day?, today: Day, weekStart: Int) -> Column? {
        guard let due else { return .someday }
        let end = endOfWeek(today, weekStart: weekStart)
        if due < today { return .overdue }
        if due == today { return .today }
        if due <= end { return .thisWeek }
        if due <= end.adding(days: 14) { return .upcoming }
        return nil
    }

    /// Where the board puts a card: a column, or after the Upcoming column.
    public enum Slot: Sendable, Hashable {
        case column(Column)
        case later
    }

    /// The card's slot on the board of `today`, nil when the board leaves it out (events, done,
    /// waiting and blocked cards). A card is in Overdue exactly when `Occurrence.isOverdue` says so; a
    /// repeating card goes by its open occurrence, which is never before today.
    public static func slot(of card: Card, today: Day, weekStart: Int) -> Slot? {
        place(of: card, today: today, weekStart: weekStart)?.slot
    }

    /// `slot(of:)` and the card's due day (`Occurrence.State`, read once).
    static func place(of card: Card, today: Day, weekStart: Int) -> (slot: Slot, due: Day?)? {
        guard card.kind != .event, !Occurrence.isWaiting(card, today: today), !card.isBlocked else { return nil }
        let state = Occurrence.State(card, today: today)
        guard !state.isDone else { return nil }
        let due = state.dueDay
        if Occurrence.isOverdue(card, today: today) { return (.column(.overdue), due) }
        return (column(for: due.map { max($0, today) }, today: today, weekStart: weekStart).map(Slot.column) ?? .later, due)
    }

    /// How many cards each column holds.
    public var counts: [Column: Int] {
        Dictionary(uniqueKeysWithValues: Column.allCases.map { ($0, total(.column($0))) })
    }

    /// How many cards a column shows unless asked for more (`carousel board` and the page):
    /// more is a list to scroll, not a board.
    public static let shown = 50

    /// How many cards a slot holds, shown or not.
    public func total(_ slot: Slot) -> Int { totals[slot] ?? 0 }

    /// Open cards, events left out, in their slots (`slot(of:)`); with a `limit` above 0, each
    /// column (and the cards due later) keeps only its first `limit`.
    public static func make(_ snapshot: VaultSnapshot, today: Day, limit: Int = 0) -> BoardView {
        var builder = Builder(today: today, weekStart: snapshot.settings.weekStart)
        for card in snapshot.cards { builder.add(card) }
        return builder.view(limit: limit)
    }

    /// The day a card sorts by in its column: its due day, an undated card after every other.
    static func sortDay(_ due: Day?) -> Int { due?.dayNumber ?? undated }
    private static let undated = Day(year: 9999, month: 12, day: 31)!.dayNumber

    /// Builds the board one card at a time, so the cards can come straight from the index
    /// without a list of them all beside the board.
    public struct Builder {
        let today: Day
        let weekStart: Int
        private var buckets: [Column: [Item]] = [:]
        private var later: [Item] = []
        /// Cards counted in a slot without being added (`count(_:in:)`).
        private var unread: [Slot: Int] = [:]

        public init(today: Day, weekStart: Int) {
            self.today = today
            self.weekStart = weekStart
        }

        public mutating func add(_ card: Card) {
            guard let (slot, due) = BoardView.place(of: card, today: today, weekStart: weekStart) else { return }
            let item = Item(card: card, due: due)
            switch slot {
            case let .column(column): buckets[column, default: []].append(item)
            case .later: later.append(item)
            }
        }

        /// Counts `n` cards in `slot` that are not added: the board shows only the first cards of
        /// a column, and the caller knows these come after them.
        public mutating func count(_ n: Int, in slot: Slot) { unread[slot, default: 0] += n }

        /// Each column by due day (undated last), then importance (highest first), title and path;
        /// with a `limit` above 0, only the first `limit` of each.
        public func view(limit: Int = 0) -> BoardView {
            func sorted(_ items: [Item]) -> [Item] {
                let due = items.map { BoardView.sortDay($0.due) }, importance = items.map(\.importance)
                let title = items.map(\.title), path = items.map(\.path)
                // Indices are sorted, reading each key in place.
                let order = title.withUnsafeBufferPointer { title in
                    path.withUnsafeBufferPointer { path in
                        items.indices.sorted { a, b in
                            if due[a] != due[b] { return due[a] < due[b] }
                            if importance[a] != importance[b] { return importance[a] > importance[b] }
                            if title[a] != title[b] { return title[a] < title[b] }
                            return path[a] < path[b]
                        }
                    }
                }
                return (limit > 0 ? order.prefix(limit) : order[...]).map { items[$0] }
            }
            var totals = unread
            for (column, items) in buckets { totals[.column(column), default: 0] += items.count }
            totals[.later, default: 0] += later.count
            let end = endOfWeek(today, weekStart: weekStart)
            return BoardView(date: today, endOfWeek: end, endOfUpcoming: end.adding(days: 14),
                             columns: Column.allCases.map { ($0, sorted(buckets[$0] ?? [])) }, later: sorted(later), totals: totals)
        }
    }

    /// The due date `move` sets for a column: today; the end of this week; today + 7 days;
    /// or none (someday). Nil for Overdue, which a card only reaches by time passing.
    public static func dueDate(for column: Column, today: Day, weekStart: Int) -> Day?? {
        switch column {
        case .overdue: return nil
        case .today: return .some(today)
        case .thisWeek: return .some(endOfWeek(today, weekStart: weekStart))
        case .upcoming: return .some(today.adding(days: 7))
        case .someday: return .some(nil)
        }
    }
}

extension BoardView.Column {
    /// What an empty column says, on the terminal and on the page alike.
    public static let emptySentence: [BoardView.Column: String] = [
        .overdue: "Nothing overdue. Nice.",
        .today: "Nothing else due today.",
        .thisWeek: "Nothing more this week.",
        .upcoming: "Nothing in the next two weeks.",
        .someday: "No undated cards.",
    ]
}
