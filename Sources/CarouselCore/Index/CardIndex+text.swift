import GRDB

/// The text index behind `carousel search`: an FTS5 table of trigrams over each row's title and
/// body (`cards_text`, its content read from `cards`), made by the first search and then kept in
/// step by every refresh. It only narrows the rows: the search still checks each with the same
/// Unicode-aware, any-case test as before, so it finds exactly what a scan would.
extension CardIndex {
    static let textTable = "cards_text"

    /// Whether a needle can be looked up by trigrams: three characters or more, plain ASCII (a
    /// trigram index folds case like SQLite, which for ASCII is what `lowercased()` does).
    static func usesTextIndex(_ needle: String) -> Bool {
        needle.utf8.count >= 3 && needle.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// The FTS5 query for `needle` as one phrase (trigrams match inside words).
    static func phrase(_ needle: String) -> String {
        "\"" + needle.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Makes the text index from every row, when it is not there yet.
    func makeTextIndex() throws(CarouselError) {
        do {
            try db.write { db in
                guard try !db.tableExists(CardIndex.textTable) else { return }
                try db.execute(sql: """
                    CREATE VIRTUAL TABLE cards_text USING fts5(title, body, content='cards', content_rowid='rowid', tokenize='trigram');
                    INSERT INTO cards_text(cards_text) VALUES('rebuild');
                    """)
            }
        } catch {
            throw .io("the search index could not be made: \(error)")
        }
    }

    /// Before the rows of `paths` are replaced or removed: their text leaves the text index.
    static func forgetText(_ db: Database, paths: [String]) throws {
        guard !paths.isEmpty, try db.tableExists(textTable) else { return }
        let forget = try db.makeStatement(sql: """
            INSERT INTO cards_text(cards_text, rowid, title, body) SELECT 'delete', rowid, title, body FROM cards WHERE path = ?
            """)
        for path in paths { try forget.execute(arguments: [path]) }
    }

    /// After the rows of `paths` were written: their text enters the text index.
    static func learnText(_ db: Database, paths: [String]) throws {
        guard !paths.isEmpty, try db.tableExists(textTable) else { return }
        let learn = try db.makeStatement(sql: "INSERT INTO cards_text(rowid, title, body) SELECT rowid, title, body FROM cards WHERE path = ?")
        for path in paths { try learn.execute(arguments: [path]) }
    }
}

extension CardIndex {
    /// `carousel_contains(hay, needle)`: whether `hay`, lowercased, contains `needle` (already
    /// lowercased); Unicode-aware, unlike SQLite's own `LIKE`.
    static var contains: DatabaseFunction {
        DatabaseFunction("carousel_contains", argumentCount: 2, pure: true) { values in
            guard let hay = String.fromDatabaseValue(values[0]), let n = String.fromDatabaseValue(values[1]) else { return false }
            return hay.lowercased().contains(n)
        }
    }

    /// Paths of the cards whose title or body contains `text`, ignoring case (Unicode-aware).
    public func search(_ text: String) throws(CarouselError) -> Set<String> {
        let needle = text.lowercased()
        do {
            return try db.read { db in
                db.add(function: CardIndex.contains)
                let paths = try String.fetchAll(db, sql: """
                    SELECT path FROM cards WHERE ok = 1
                      AND (carousel_contains(title, ?) OR carousel_contains(body, ?))
                    """, arguments: [needle, needle])
                return Set(paths)
            }
        } catch {
            throw .io("the index could not be searched: \(error)")
        }
    }
}
