import GRDB

/// The board's rows from the index: how many cards each column holds (home), and the rows a
/// board needs when each column shows only its first cards (`carousel board`).
extension CardIndex {
    /// The rows on the board that are not plain: repeating cards, and waiting cards not done.
    /// Every other row on the board is plain (`plainTally` counts them).
    private func boardOthers() throws(CarouselError) -> [Card] {
        try otherRows().filter { $0.isNotEvent && ($0.repeats || (!$0.done && ($0.waits || $0.blocked))) }.map(\.card)
    }

    /// The plain rows of `today` counted per board slot, by group (due date and importance).
    /// A plain row's slot and its place in the column depend only on those two (then title and
    /// path), so a group's rows sit together in its column.
    private func boardGroups(today: Day, weekStart: Int) throws(CarouselError)
        -> [BoardView.Slot: [(day: Int, importance: Int, due: String?, count: Int)]] {
        var groups: [BoardView.Slot: [(day: Int, importance: Int, due: String?, count: Int)]] = [:]
        var placed: [String?: (slot: BoardView.Slot, day: Int)?] = [:]
        for group in try plainTally(today: today) {
            let place = placed[group.due] ?? {
                let card = CardIndex.plainCard(importance: .null, due: group.due.databaseValue, id: .null, path: .null)
                return BoardView.slot(of: card, today: today, weekStart: weekStart).map { ($0, BoardView.sortDay(Occurrence.dueDay(of: card, today: today))) }
            }()
            placed[group.due] = .some(place)
            guard let place else { continue }
            groups[place.slot, default: []].append((place.day, group.importance, group.due, group.count))
        }
        return groups
    }

    /// How many cards each board column of `today` holds; kept for the next command (`remember`).
    func boardCounts(today: Day, weekStart: Int) throws(CarouselError) -> [BoardView.Column: Int] {
        let key = "counts \(today.iso) \(weekStart)"
        if let kept = remembered(key).map(MemoText.split) {
            let pairs = kept.compactMap { line in line.count == 2 ? BoardView.Column(rawValue: line[0]).flatMap { c in Int(line[1]).map { (c, $0) } } : nil }
            if pairs.count == kept.count { return Dictionary(pairs, uniquingKeysWith: +) }
        }
        let counts = try countBoard(today: today, weekStart: weekStart)
        remember(key, MemoText.join(counts.sorted { $0.key.rawValue < $1.key.rawValue }.map { [$0.key.rawValue, String($0.value)] }))
        return counts
    }

    private func countBoard(today: Day, weekStart: Int) throws(CarouselError) -> [BoardView.Column: Int] {
        var counts: [BoardView.Column: Int] = [:]
        prefetchTally(today: today)
        for card in try boardOthers() {
            if case let .column(c)? = BoardView.slot(of: card, today: today, weekStart: weekStart) { counts[c, default: 0] += 1 }
        }
        // Plain rows pulled into the day are on the board too: only events, done and waiting cards
        // are not.
        for (slot, list) in try boardGroups(today: today, weekStart: weekStart) {
            if case let .column(c) = slot { counts[c, default: 0] += list.reduce(0) { $0 + $1.count } }
        }
        return counts
    }

    /// What a board showing the first `limit` cards of each slot (more than 0) is built from:
    /// every row on it that is not plain, read whole, and of the plain rows only those that can
    /// be among the first `limit` of their slot. The groups are taken in the column's order
    /// until they hold `limit` cards; of the groups at that edge (one due day and importance),
    /// only the first cards by title and path are read, chosen from their titles and paths
    /// alone. The plain rows left can only come after those, so they are counted (`unread`),
    /// not read. Nil when so many groups would be read that one pass over every row is simpler.
    func boardRows(today: Day, weekStart: Int, limit: Int) throws(CarouselError)
        -> (cards: [Card], unread: [BoardView.Slot: Int])? {
        // The tally is read on the other core while this one reads the rows that are not plain.
        prefetchTally(today: today)
        var cards = try boardOthers()
        var whole = Terms()
        // The edges: groups read by title and path, and how many of their first rows to read.
        var edges: [(terms: Terms, count: Int)] = []
        var unread: [BoardView.Slot: Int] = [:]
        for (slot, list) in try boardGroups(today: today, weekStart: weekStart) {
            let sorted = list.sorted { ($0.day, -$0.importance) < ($1.day, -$1.importance) }
            var seen = 0
            var i = 0
            while i < sorted.count, seen < limit {
                // The groups with this group's day and importance (a due date with a time is
                // another group on the same day) come together in the column.
                var end = i + 1
                while end < sorted.count, (sorted[end].day, sorted[end].importance) == (sorted[i].day, sorted[i].importance) { end += 1 }
                let edge = sorted[i..<end]
                let count = edge.reduce(0) { $0 + $1.count }
                if seen + count <= limit || count <= 64 {
                    for group in edge { whole.add(group) }
                } else {
                    var terms = Terms()
                    for group in edge { terms.add(group) }
                    edges.append((terms, limit - seen))
                    unread[slot, default: 0] += count - (limit - seen)
                }
                seen += count
                i = end
            }
            for group in sorted[i...] { unread[slot, default: 0] += group.count }
        }
        guard whole.terms.count <= 500 else { return nil }
        var rowids: [Int64] = []
        for edge in edges { rowids += try firstByTitle(edge.terms, count: edge.count) }
        var parts = whole.terms
        if !rowids.isEmpty { parts.append("rowid IN (\(rowids.map(String.init).joined(separator: ",")))") }
        if !parts.isEmpty {
            cards += try self.cards(where: CardIndex.plain + " AND (" + parts.joined(separator: " OR ") + ")",
                                    arguments: StatementArguments(whole.values))
        }
        return (cards, unread)
    }

    /// An SQL condition for the plain rows of some groups.
    private struct Terms {
        var terms: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []

        mutating func add(_ group: (day: Int, importance: Int, due: String?, count: Int)) {
            terms.append(group.due == nil ? "(due IS NULL AND ifnull(importance, 1) = ?)" : "(due = ? AND ifnull(importance, 1) = ?)")
            if let due = group.due { values.append(due) }
            values.append(group.importance)
        }
    }

    /// The rowids of the first `count` plain rows of `terms`' groups by title, then path (the
    /// board's order within one due day and importance), read from their titles and paths.
    private func firstByTitle(_ terms: Terms, count: Int) throws(CarouselError) -> [Int64] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT rowid, title, path FROM cards WHERE ok = 1 AND \(CardIndex.plain) AND ("
                                 + terms.terms.joined(separator: " OR ") + ")", arguments: StatementArguments(terms.values))
                .map { (rowid: $0[0] as Int64, title: $0[1] as String? ?? "", path: $0[2] as String) }
        }
        return rows.sorted { $0.title != $1.title ? $0.title < $1.title : $0.path < $1.path }.prefix(count).map(\.rowid)
    }
}
