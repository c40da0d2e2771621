import GRDB

/// The index keeps the `CleanMark` of the last time the work tree matched HEAD, beside the stamps
/// it is checked against: a refresh that finds a card file new, gone or changed drops it in the
/// same transaction (`sync`), so the mark never outlives a change it did not see.
extension CardIndex {
    static let createCleanTable = """
        CREATE TABLE IF NOT EXISTS clean_mark (one INTEGER PRIMARY KEY CHECK (one = 1), head TEXT NOT NULL, files TEXT NOT NULL)
        """

    /// The mark, when the index has one and no refresh since has seen a card change.
    func cleanMark() -> CleanMark? {
        guard !inMemory else { return nil }
        return try? db.read { db in
            try Row.fetchOne(db, sql: "SELECT head, files FROM clean_mark WHERE one = 1").map { row in
                CleanMark(head: row[0], files: CleanMark.decodeFiles(row[1]))
            }
        }
    }

    /// Records the mark; nil forgets it. A failure only costs the next change a status walk.
    func setCleanMark(_ mark: CleanMark?) {
        guard !inMemory else { return }
        try? db.write { db in
            try db.execute(sql: "DELETE FROM clean_mark")
            if let mark {
                try db.execute(sql: "INSERT INTO clean_mark (one, head, files) VALUES (1, ?, ?)",
                               arguments: [mark.head, mark.encodedFiles])
            }
        }
    }
}
