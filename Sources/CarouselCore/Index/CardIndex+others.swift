import GRDB

/// A row that is not plain (`CardIndex.plain`) and that a view of the day can show: repeating,
/// or open and waiting or blocked, or an open event. With the columns the views choose such rows by, as
/// they are stored, so that choosing among them in Swift asks exactly what the SQL asked.
struct OtherRow {
    let card: Card
    /// `repeat IS NOT NULL`, `done IS NOT NULL`, `wait IS NOT NULL`, `blocked_by IS NOT NULL`.
    let repeats, done, waits, blocked: Bool
    /// The `kind` and `today` columns.
    let kind: String?
    let today: String?

    /// `kind != 'event'`, which is not true of a row without a kind.
    var isNotEvent: Bool { kind != nil && kind != "event" }
}

extension CardIndex {
    /// Every row that is not plain and that the carousel, the board or a day's placement can
    /// show, sorted by path, read and built once per command: home asks for them three times
    /// (the carousel, the board's counts, the day's placed cards), and at 100,000 cards each
    /// read of the same 2,000 repeating rows cost about 8 ms. Forgotten when the index is
    /// written (`forgetBuilt`).
    func otherRows() throws(CarouselError) -> [OtherRow] {
        if let others { return others }
        let base = CardRow.selectCount
        let sql = """
            SELECT \(CardRow.selectColumns), rowid, repeat IS NOT NULL, done IS NOT NULL, wait IS NOT NULL, kind, today,
              blocked_by IS NOT NULL
            FROM cards WHERE ok = 1
              AND \(CardIndex.rowids(["repeat IS NOT NULL", "wait IS NOT NULL", "kind = 'event'", "blocked_by IS NOT NULL"]))
              AND (repeat IS NOT NULL OR (done IS NULL AND (wait IS NOT NULL OR kind = 'event' OR blocked_by IS NOT NULL)))
            """
        var rows: [OtherRow] = []
        var rowids: [Int64] = []
        try read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            while let row = try cursor.next() {
                let rowid: Int64 = row[base]
                guard let card = built[rowid] ?? CardRow(row: row).card else { continue }
                rowids.append(rowid)
                rows.append(OtherRow(card: card, repeats: row[base + 1], done: row[base + 2], waits: row[base + 3],
                                     blocked: row[base + 6], kind: row[base + 4], today: row[base + 5]))
            }
        }
        // Kept once the count is known: growing the table card by card moved every card in it
        // a dozen times over.
        built.reserveCapacity(min(CardIndex.builtLimit, built.count + rows.count))
        for (rowid, row) in zip(rowids, rows) { keep(row.card, rowid: rowid) }
        let sorted = rows.sorted(byKey: \.card.path, <)
        others = sorted
        return sorted
    }
}
