import GRDB

/// The reads behind the carousel, the board's counts and `list`: the index narrows the rows, and
/// the rules of the views (`Suggestions`, `BoardView`, `CardFilter`) decide, as Swift functions
/// registered in SQLite where they must run inside the query.
///
/// An open one-off card that is not an event, not waiting, not blocked and not pulled into the day is a
/// "plain" row: for such a card the carousel and the board read only its importance, due date and
/// key, so a registered function builds a card of just those fields and asks the view's own rule.
/// Every other row that could be shown (repeating, waiting, blocked, pulled, events) is read whole.
extension CardIndex {
    /// The open one-off rows that are not waiting and not events, pulled into a day or not: the
    /// condition of the covering index `cards_plain`, word for word (`plainTally` counts them).
    static let plain = "repeat IS NULL AND done IS NULL AND wait IS NULL AND kind != 'event' AND blocked_by IS NULL"

    /// The plain rows of `day` (see above); `?1` is the day.
    static let plainOpen = plain + " AND (today IS NULL OR today != ?1)"

    /// The card a plain row stands for, as far as the carousel and the board read it.
    static func plainCard(importance: DatabaseValue, due: DatabaseValue, id: DatabaseValue, path: DatabaseValue) -> Card {
        var card = Card(slug: "", path: String.fromDatabaseValue(path) ?? "", title: "")
        card.id = String.fromDatabaseValue(id)
        card.importance = Int.fromDatabaseValue(importance) ?? 1
        card.due = String.fromDatabaseValue(due).flatMap { DateValue(text: $0) }
        return card
    }

    /// The carousel of `today` in parts: the rows that are not plain and are in the carousel,
    /// how many plain rows there are (all of them are in it), and the plain rows that can be
    /// among the first `limit` in `mode`'s order (more when they tie with the last).
    ///
    /// The plain rows are first counted by importance and due date (one pass over the covering
    /// index, no function call per row). A card's score is 2·importance + 1.5·urgency + variety
    /// with variety in [0, 2), so once the groups with the best scores without variety hold
    /// `limit` rows, a row whose group scores 2 or more below the last of those can never be
    /// among the first; only the rows of the other groups are ranked one by one.
    func carouselParts(today: Day, mode: Settings.Mode, limit: Int) throws(CarouselError)
        -> (others: [Suggestion], plainCount: Int, plainFirst: [Suggestion]) {
        // The plain rows are counted and ranked on a second connection meanwhile.
        let ranked = limit > 0 ? secondRead { db in
            let tally = try CardIndex.plainTally(db, today: today)
            return (tally: tally, rowids: try CardIndex.rankedRowids(db, groups: CardIndex.plainGroups(tally), today: today, mode: mode, limit: limit))
        } : nil
        if ranked == nil { prefetchTally(today: today) }
        // A card pulled into the day is never in the carousel (`Suggestions.suggestion`), so
        // those rows are not read.
        let others = try otherRows().filter { $0.today == nil || $0.today != today.iso }
            .compactMap { Suggestions.suggestion(for: $0.card, today: today) }
        let side = ranked?.wait()
        if let side, tally?.day != today { tally = (today, side.tally) }
        let groups = try plainGroups(today: today)
        let plainCount = groups.reduce(0) { $0 + $1.count }
        let first: [Card]
        if limit > 0 {
            let rowids: [Int64]
            if let side { rowids = side.rowids } else {
                rowids = try read { try CardIndex.rankedRowids($0, groups: groups, today: today, mode: mode, limit: limit) }
            }
            first = rowids.isEmpty ? [] : try cards(where: "rowid IN (\(rowids.map(String.init).joined(separator: ",")))")
        } else {
            first = try cards(where: CardIndex.plainOpen, arguments: [today.iso])
        }
        return (others, plainCount, first.compactMap { Suggestions.suggestion(for: $0, today: today) })
    }

    /// The rowids of the plain rows that come first in the carousel's order in `mode`: the first
    /// `limit` (more than 0), and every later row that ties with the last of them, so the
    /// caller's exact sort can keep `limit`. `groups` are `plainGroups` of the same day.
    static func rankedRowids(_ db: Database, groups: [(importance: Int, due: String?, count: Int)], today: Day,
                             mode: Settings.Mode, limit: Int) throws -> [Int64] {
        // The order key, smallest first: minus the score, or the due day (undated last).
        let key = DatabaseFunction("carousel_rank", argumentCount: 4, pure: true) { v in
            let card = CardIndex.plainCard(importance: v[0], due: v[1], id: v[2], path: v[3])
            // Never NULL, which would sort first: a row not in the carousel (none here) sorts last.
            guard let s = Suggestions.suggestion(for: card, today: today) else { return Double.greatestFiniteMagnitude }
            switch mode {
            case .smart: return -s.score
            case .linear: return s.due?.dayNumber ?? Int.max
            }
        }
        var clause = CardIndex.plainOpen
        var arguments: [(any DatabaseValueConvertible)?] = [today.iso]
        if let (terms, values) = CardIndex.candidates(groups, today: today, mode: mode, limit: limit) {
            clause += " AND (\(terms))"
            arguments += values
        }
        db.add(function: key)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT rowid, carousel_rank(importance, due, id, path) AS k FROM cards WHERE ok = 1 AND (\(clause)) ORDER BY k
            """, arguments: StatementArguments(arguments))
        var rowids: [Int64] = []
        var last: DatabaseValue?
        while let row = try rows.next() {
            let k: DatabaseValue = row[1]
            if rowids.count >= limit, k != last { break }
            rowids.append(row[0])
            last = k
        }
        return rowids
    }

    /// The plain rows of `today` counted by importance and due date.
    func plainGroups(today: Day) throws(CarouselError) -> [(importance: Int, due: String?, count: Int)] {
        CardIndex.plainGroups(try plainTally(today: today))
    }

    static func plainGroups(_ tally: [PlainTally]) -> [(importance: Int, due: String?, count: Int)] {
        tally.filter { $0.count > $0.pulled }.map { ($0.importance, $0.due, $0.count - $0.pulled) }
    }

    /// The open one-off rows that are not waiting and not events, counted by importance and due
    /// date, with how many of each are pulled into `today`: the plain rows and those pulled into
    /// the day. One pass over `cards_plain` in its own order (no sort), kept for the command
    /// (home asks for the carousel's groups and the board's counts).
    func plainTally(today: Day) throws(CarouselError) -> [PlainTally] {
        if let tally, tally.day == today { return tally.rows }
        if let prefetch = tallyPrefetch, prefetch.day == today {
            tallyPrefetch = nil
            if let rows = prefetch.read.wait() {
                tally = (today, rows)
                return rows
            }
        }
        let rows = try read { try CardIndex.plainTally($0, today: today) }
        tally = (today, rows)
        return rows
    }

    static func plainTally(_ db: Database, today: Day) throws -> [PlainTally] {
        try Row.fetchAll(db, sql: """
            SELECT ifnull(importance, 1), due, count(*), count(CASE WHEN today = ?1 THEN 1 END) FROM cards
            WHERE ok = 1 AND \(plain)
            GROUP BY due, importance
            """, arguments: [today.iso]).map { PlainTally(importance: $0[0], due: $0[1], count: $0[2], pulled: $0[3]) }
    }

    /// An SQL condition that keeps every plain row that can be among the first `limit` (see
    /// `carouselParts`), nil when it cannot narrow them. Per importance it keeps the due dates up
    /// to the latest that can be (urgency only falls as the due date moves out, and ISO dates
    /// compare as text), and the undated rows when they can be.
    static func candidates(_ groups: [(importance: Int, due: String?, count: Int)], today: Day, mode: Settings.Mode, limit: Int)
        -> (String, [(any DatabaseValueConvertible)?])? {
        guard today.year >= 1001, today.year <= 9998 else { return nil }
        let keyed: [(group: (importance: Int, due: String?, count: Int), key: Double)] = groups.compactMap { g in
            let card = plainCard(importance: g.importance.databaseValue, due: g.due.databaseValue, id: .null, path: .null)
            if let due = card.due, due.day.year < 1000 || due.day.year > 9999 { return nil }
            guard let s = Suggestions.suggestion(for: card, today: today) else { return nil }
            switch mode {
            case .smart: return (g, -Suggestions.score(importance: s.importance, urgency: s.urgency, variety: 0))
            case .linear: return (g, Double(s.due?.dayNumber ?? Int.max))
            }
        }
        guard keyed.count == groups.count else { return nil }
        var seen = 0
        var last = Double.infinity
        for item in keyed.sorted(by: { $0.key < $1.key }) {
            seen += item.group.count
            if seen >= limit { last = item.key; break }
        }
        guard last.isFinite else { return nil }
        // Smart: a row's score is at most its group's plus 2 (variety < 2).
        let bound = mode == .smart ? last + 2 : last
        var latest: [Int: String] = [:]
        var undated: Set<Int> = []
        for item in keyed where item.key <= bound {
            if let due = item.group.due {
                if latest[item.group.importance].map({ due > $0 }) ?? true { latest[item.group.importance] = due }
            } else {
                undated.insert(item.group.importance)
            }
        }
        var terms: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        for (importance, due) in latest.sorted(by: { $0.key < $1.key }) {
            terms.append("(ifnull(importance, 1) = ? AND due <= ?)")
            values += [importance, due]
        }
        for importance in undated.sorted() {
            terms.append("(ifnull(importance, 1) = ? AND due IS NULL)")
            values.append(importance)
        }
        return terms.isEmpty ? nil : (terms.joined(separator: " OR "), values)
    }
}
