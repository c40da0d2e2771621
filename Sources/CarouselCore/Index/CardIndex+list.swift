import GRDB

/// `list`'s first cards from the index: a list that shows only its first cards reads only the
/// rows that can be among them.
extension CardIndex {
    /// The first `count` cards (more than 0) `filter` keeps, in its order, and how many it keeps
    /// in all; nil when they cannot be chosen without reading every row the filter can keep
    /// (`CardFilter.looksOnlyAtOneOffKey`), and the caller applies the filter to them all.
    ///
    /// The repeating rows the filter can keep are read whole. The one-off rows are counted by
    /// due date and by the other fields the filter reads; a card of just those fields tells
    /// whether a group is kept, and every row of a group is kept or none is. A one-off card's
    /// place in the order is its due day, then its title and slug, so the days are taken in
    /// order until they hold `count` cards. Of the last day, when it holds many cards, only the
    /// first by title are read, chosen from their titles alone.
    func firstCards(_ filter: CardFilter, today: Day, count: Int) throws(CarouselError) -> (cards: [Card], total: Int)? {
        guard count > 0, filter.looksOnlyAtOneOffKey, today.year >= 1000, today.year <= 9999 else { return nil }
        var all = filter
        all.limit = nil
        let narrowing = Narrowing(filter, today: today)
        let oneOff = "repeat IS NULL AND (\(narrowing.clause))"
        let repeating = all.apply(try cards(where: "repeat IS NOT NULL AND (\(narrowing.clause))", arguments: narrowing.arguments),
                                  today: today)
        // The kept groups by due day (undated last).
        var days: [Int: [OneOffGroup]] = [:]
        var total = repeating.count
        for group in try oneOffGroups(oneOff, narrowing.args, today: today) where all.matches(group.card, today: today) {
            days[Occurrence.dueDay(of: group.card, today: today)?.dayNumber ?? Int.max, default: []].append(group)
            total += group.count
        }
        var whole: [String?] = []
        var edge: (dues: [String?], count: Int)?
        var seen = 0
        for day in days.keys.sorted() where seen < count {
            let groups = days[day] ?? []
            let n = groups.reduce(0) { $0 + $1.count }
            if seen + n <= count || n <= 64 { whole += groups.map(\.due) } else { edge = (groups.map(\.due), count - seen) }
            seen += n
        }
        guard whole.count <= 500 else { return nil }
        var rowids: [Int64] = []
        if let edge { rowids = try firstByTitle(oneOff, narrowing.args, dues: edge.dues, count: edge.count, filter: all, today: today) }
        var parts: [String] = []
        var args = narrowing.args
        if !whole.isEmpty {
            let (condition, values) = CardIndex.dueIn(whole)
            parts.append(condition)
            args += values
        }
        if !rowids.isEmpty { parts.append("rowid IN (\(rowids.map(String.init).joined(separator: ",")))") }
        var read = repeating
        if !parts.isEmpty {
            read += try cards(where: oneOff + " AND (" + parts.joined(separator: " OR ") + ")", arguments: StatementArguments(args))
        }
        return (Array(all.apply(read.sorted(byKey: \.path, <), today: today).prefix(count)), total)
    }

    /// One-off rows that agree on every field `CardFilter` can read of them.
    private struct OneOffGroup {
        let due: String?
        let card: Card
        let count: Int
    }

    /// The columns of a one-off row that `CardFilter` can read (`looksOnlyAtOneOffKey`); `?`
    /// is today.
    private static let oneOffKey = "due, kind, done IS NOT NULL, today IS ?, category IS NOT NULL"

    /// The card a one-off row stands for, as far as `CardFilter` reads it: the columns of
    /// `oneOffKey`, first in `row`.
    private static func oneOffCard(_ row: Row, today: Day) -> Card {
        var card = Card(slug: "", path: "", title: "")
        card.due = (row[0] as String?).flatMap { DateValue(text: $0) }
        card.kind = (row[1] as String?).flatMap(CardKind.init(rawValue:)) ?? .task
        card.done = row[2] as Bool ? DateValue(day: today) : nil
        card.today = row[3] as Bool ? today : nil
        card.category = row[4] as Bool ? "" : nil
        return card
    }

    /// The one-off rows of `clause` counted by `oneOffKey`.
    private func oneOffGroups(_ clause: String, _ args: [(any DatabaseValueConvertible)?], today: Day)
        throws(CarouselError) -> [OneOffGroup] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(CardIndex.oneOffKey), count(*) FROM cards WHERE ok = 1 AND \(clause) GROUP BY 1, 2, 3, 4, 5",
                             arguments: StatementArguments([today.iso] + args))
                .map { OneOffGroup(due: $0[0], card: CardIndex.oneOffCard($0, today: today), count: $0[5]) }
        }
    }

    /// The rowids of the first `count` rows of `clause` due on `dues` that `filter` keeps, by
    /// title, then slug and path (the list's order within one day), read from those alone.
    private func firstByTitle(_ clause: String, _ args: [(any DatabaseValueConvertible)?], dues: [String?], count: Int,
                              filter: CardFilter, today: Day) throws(CarouselError) -> [Int64] {
        let (condition, values) = CardIndex.dueIn(dues)
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT \(CardIndex.oneOffKey), rowid, title, slug, path FROM cards WHERE ok = 1 AND \(clause) AND \(condition)",
                             arguments: StatementArguments([today.iso] + args + values))
                .filter { filter.matches(CardIndex.oneOffCard($0, today: today), today: today) }
                .map { (rowid: $0[5] as Int64, title: ($0[6] as String? ?? "").lowercased(), slug: $0[7] as String? ?? "", path: $0[8] as String) }
        }
        return rows.sorted { ($0.title, $0.slug, $0.path) < ($1.title, $1.slug, $1.path) }.prefix(count).map(\.rowid)
    }

    /// An SQL condition for the rows due on one of `dues` (nil: no due date), and its values.
    private static func dueIn(_ dues: [String?]) -> (String, [(any DatabaseValueConvertible)?]) {
        let dated = Array(Set(dues.compactMap { $0 })).sorted()
        var terms: [String] = []
        if !dated.isEmpty { terms.append("due IN (" + dated.map { _ in "?" }.joined(separator: ",") + ")") }
        if dues.contains(nil) { terms.append("due IS NULL") }
        return ("(" + terms.joined(separator: " OR ") + ")", dated)
    }
}
