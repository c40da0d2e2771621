import Foundation
import GRDB

/// One row of the index: a file's stamp and either its parsed card or the reason it failed.
struct CardRow {
    var path: String
    var stamp: FileStamp
    var card: Card?
    var diagnostics: [FileDiagnostic]
    /// The Markdown body, kept for `carousel search`; never read back into `Card`.
    var body: String?
    /// Whether the front matter has a `remind:` field: `carousel remind` reads only those files.
    var reminds = false

    static let createTable = """
        CREATE TABLE cards (
          path TEXT PRIMARY KEY, size INTEGER, mtime INTEGER, inode INTEGER,
          ok INTEGER, id TEXT, slug TEXT, title TEXT, kind TEXT, spoons INTEGER, importance INTEGER,
          category TEXT, tags TEXT, due TEXT, start TEXT, duration TEXT, repeat TEXT, parent TEXT,
          today TEXT, done TEXT, completed TEXT, skipped TEXT, created TEXT, emoji TEXT, color TEXT,
          diagnostics TEXT, body TEXT, series_start TEXT, wait TEXT, except_dates TEXT, also_dates TEXT, lid TEXT,
          remind INTEGER, first_step TEXT, tz TEXT, blocked_by TEXT
        )
        """

    /// What the views and REF lookups ask for, so they read only the rows they show: stamps
    /// (a covering index, read on every refresh), slug, lowercased id (for REF prefixes),
    /// parent, today, due and start (for date ranges), repeating, waiting and event rows, and the
    /// few rows with problems. A question that is an OR of these asks for the rowids of each part
    /// (`CardIndex.rowids(_:)`): SQLite would otherwise read the whole table with its bodies.
    static let createIndexes = [
        "CREATE INDEX cards_stamp ON cards(path, size, mtime, inode)",
        "CREATE INDEX cards_slug ON cards(slug)",
        "CREATE INDEX cards_id ON cards(id)",
        "CREATE INDEX cards_lid ON cards(lid)",
        "CREATE INDEX cards_parent ON cards(parent) WHERE parent IS NOT NULL",
        "CREATE INDEX cards_today ON cards(today) WHERE today IS NOT NULL",
        "CREATE INDEX cards_problems ON cards(path) WHERE diagnostics IS NOT NULL",
        // Also covers the one-off rows `list` counts by due date and the fields its filters read
        // (`CardIndex.firstCards`).
        "CREATE INDEX cards_due ON cards(due, repeat, kind, done, today, category, ok)",
        "CREATE INDEX cards_start ON cards(start)",
        "CREATE INDEX cards_repeat ON cards(path) WHERE repeat IS NOT NULL",
        "CREATE INDEX cards_wait ON cards(path) WHERE wait IS NOT NULL",
        "CREATE INDEX cards_events ON cards(path) WHERE kind = 'event'",
        "CREATE INDEX cards_remind ON cards(path) WHERE remind = 1",
        "CREATE INDEX cards_blocked ON cards(path) WHERE blocked_by IS NOT NULL",
        // Covers the carousel's and the board's plain rows (`CardIndex.plainOpen`): ranking and
        // counting them scans this small index, never the table with its bodies. The title, last,
        // covers the board's choice of the first cards of a large group (`firstByTitle`).
        """
        CREATE INDEX cards_plain ON cards(due, importance, id, path, today, kind, ok, repeat, done, wait, title)
          WHERE ok = 1 AND repeat IS NULL AND done IS NULL AND wait IS NULL AND kind != 'event' AND blocked_by IS NULL
        """,
    ]

    /// A random generation of the rows' paths and stamps, changed by every insert, delete and
    /// change of either (`StampFile` is a copy made at one generation). Dropped with the table
    /// only by a new schema; a cold build drops the triggers and sets it once after
    /// (`CardIndex.withoutIndexes`).
    static let createGeneration = [
        "CREATE TABLE stamp_generation (one INTEGER PRIMARY KEY CHECK (one = 1), n INTEGER NOT NULL)",
        "INSERT INTO stamp_generation (one, n) VALUES (1, random())",
    ]

    static let createTriggers = [
        "CREATE TRIGGER cards_stamp_insert AFTER INSERT ON cards BEGIN UPDATE stamp_generation SET n = random(); END",
        "CREATE TRIGGER cards_stamp_delete AFTER DELETE ON cards BEGIN UPDATE stamp_generation SET n = random(); END",
        """
        CREATE TRIGGER cards_stamp_update AFTER UPDATE OF path, size, mtime, inode ON cards
          BEGIN UPDATE stamp_generation SET n = random(); END
        """,
    ]

    /// Every column but `body`, in `createTable` order, for the positional reads in `init(row:)`,
    /// then the blockers of the row that are not done: the names in its `blocked_by` (a JSON
    /// list of `Blocker`s) that name no card with `done` set (a name that names no card at all
    /// still blocks, as TaskNotes' spec says), looked up by slug and id through their indexes
    /// and only for the few rows that have blockers.
    static let selectColumns = """
        path, size, mtime, inode, ok, id, slug, title, kind, spoons, importance, category, tags, due, start,
          duration, repeat, parent, today, done, completed, skipped, created, emoji, color, diagnostics, series_start, wait, except_dates, also_dates,
          first_step, tz, blocked_by,
          CASE WHEN cards.blocked_by IS NULL THEN NULL ELSE (
            SELECT group_concat(json_extract(j.value, '$.ref'), char(31)) FROM json_each(cards.blocked_by) j
            WHERE NOT EXISTS (SELECT 1 FROM cards b WHERE (b.slug = json_extract(j.value, '$.ref') OR b.id = json_extract(j.value, '$.ref'))
                              AND b.done IS NOT NULL)) END
        """

    /// How many columns `selectColumns` names (a column after them is at this position).
    static let selectCount = 34

    static let upsert = """
        INSERT OR REPLACE INTO cards (path, size, mtime, inode, ok, id, slug, title, kind, spoons, importance,
          category, tags, due, start, duration, repeat, parent, today, done, completed, skipped, created,
          emoji, color, diagnostics, body, series_start, wait, except_dates, also_dates, lid, remind, first_step, tz, blocked_by)
        VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
        """

    /// Reads and parses a card file: the full path, for every file (`CardReader` tries the fast one first).
    static func read(path: String, vault: Vault, stamp: FileStamp) -> CardRow {
        do {
            return row(text: try vault.readText(path), path: path, stamp: stamp)
        } catch {
            let message = error.errorDescription ?? "\(error)"
            let diag = FileDiagnostic(path: path, line: 1, column: 1, message: message.replacingOccurrences(of: vault.url(path), with: "this file"))
            return CardRow(path: path, stamp: stamp, card: nil, diagnostics: [diag])
        }
    }

    /// The row of a card file's text, by the full parser.
    static func row(text: String, path: String, stamp: FileStamp) -> CardRow {
        do {
            let parsed = try CardParser.parse(text: text, path: path)
            var row = CardRow(path: path, stamp: stamp, card: parsed.card, diagnostics: parsed.warnings)
            row.body = CardRow.body(of: text)
            row.reminds = parsed.reminds
            return row
        } catch {
            return CardRow(path: path, stamp: stamp, card: nil, diagnostics: [error])
        }
    }

    var arguments: StatementArguments {
        StatementArguments(databaseValues.map { $0 as (any DatabaseValueConvertible)? })
    }

    /// The values of `upsert`, in its column order, built as `DatabaseValue`s directly (no boxed
    /// values): this runs for every file of a cold index.
    var databaseValues: [DatabaseValue] {
        let diagText = diagnostics.isEmpty ? nil : CardRow.encodeDiagnostics(diagnostics)
        func text(_ s: String?) -> DatabaseValue { s?.databaseValue ?? .null }
        func int(_ i: Int?) -> DatabaseValue { i?.databaseValue ?? .null }
        return [
            path.databaseValue, stamp.size.databaseValue, stamp.mtime.databaseValue, Int64(bitPattern: stamp.inode).databaseValue,
            (card == nil ? 0 : 1).databaseValue,
            text(card?.id), text(card?.slug), text(card?.title), text(card?.kind.rawValue), int(card?.spoons), int(card?.importance), text(card?.category),
            text(card.map { CardRow.join($0.tags) }), text(card?.due?.description), text(card?.start?.description), text(card?.duration),
            text(card?.repeatRule), text(card?.parent), text(card?.today?.iso), text(card?.done?.description),
            text(card.map { CardRow.join($0.completed.map(\.iso)) }), text(card.map { CardRow.join($0.skipped.map(\.iso)) }),
            text(card?.created?.description), text(card?.emoji), text(card?.color), text(diagText), text(body), text(card?.seriesStart?.iso), text(card?.wait?.iso),
            text(card.map { CardRow.join($0.exceptDates.map(\.iso)) }), text(card.map { CardRow.join($0.alsoDates.map(\.iso)) }),
            text(card?.id?.lowercased()),
            card != nil && reminds ? 1.databaseValue : .null,
            text(card?.firstStep),
            text(card?.timeZone),
            text(card.flatMap { $0.blockedBy.isEmpty ? nil : JSONText.string($0.blockedBy, .compact) }),
        ]
    }

    init(path: String, stamp: FileStamp, card: Card?, diagnostics: [FileDiagnostic]) {
        self.path = path
        self.stamp = stamp
        self.card = card
        self.diagnostics = diagnostics
    }

    /// Reads a row of `SELECT *`, by column position (the order of `createTable`).
    init(row: Row) {
        path = row[0]
        stamp = FileStamp(size: row[1], mtime: row[2], inode: UInt64(bitPattern: row[3] as Int64))
        diagnostics = CardRow.decodeDiagnostics(row[25])
        guard (row[4] as Int) == 1 else {
            card = nil
            return
        }
        var c = Card(slug: row[6], path: path, title: row[7])
        c.id = row[5]
        c.kind = CardKind(rawValue: row[8]) ?? .task
        c.spoons = row[9]
        c.importance = row[10]
        c.category = row[11]
        c.tags = CardRow.split(row[12])
        c.due = (row[13] as String?).flatMap { DateValue(text: $0) }
        c.start = (row[14] as String?).flatMap { DateValue(text: $0) }
        c.duration = row[15]
        c.repeatRule = row[16]
        c.parent = row[17]
        c.today = (row[18] as String?).flatMap { Day(iso: $0) }
        c.done = (row[19] as String?).flatMap { DateValue(text: $0) }
        c.completed = CardRow.split(row[20]).compactMap { Day(iso: $0) }
        c.skipped = CardRow.split(row[21]).compactMap { Day(iso: $0) }
        c.created = (row[22] as String?).flatMap { DateValue(text: $0) }
        c.emoji = row[23]
        c.color = row[24]
        c.seriesStart = (row[26] as String?).flatMap { Day(iso: $0) }
        c.wait = (row[27] as String?).flatMap { Day(iso: $0) }
        c.exceptDates = CardRow.split(row[28]).compactMap { Day(iso: $0) }
        c.alsoDates = CardRow.split(row[29]).compactMap { Day(iso: $0) }
        c.firstStep = row[30]
        c.timeZone = row[31]
        if let text = row[32] as String?, let data = text.data(using: .utf8),
           let list = try? JSONDecoder().decode([Blocker].self, from: data) {
            c.blockedBy = list
            c.openBlockers = CardRow.split(row[33])
        }
        card = c
    }

    /// The `diagnostics` column: JSON with its keys sorted, so the same problems are stored as
    /// the same text.
    static func encodeDiagnostics(_ diagnostics: [FileDiagnostic]) -> String? {
        JSONText.string(diagnostics, .compact)
    }

    /// The problems stored in the `diagnostics` column (JSON), none when empty or unreadable.
    static func decodeDiagnostics(_ text: String?) -> [FileDiagnostic] {
        guard let text, let data = text.data(using: .utf8),
              let list = try? JSONDecoder().decode([FileDiagnostic].self, from: data) else { return [] }
        return list
    }

    /// The text after the closing `---` (or `...`) of the front-matter; the whole text without one.
    static func body(of text: String) -> String {
        byteBody(of: text) ?? lineBody(of: text)
    }

    /// `body(of:)` line by line, for any line ends.
    static func lineBody(of text: String) -> String {
        let text = TextLines.withoutBOM(text)
        guard text.hasPrefix("---") else { return text }
        var lines = TextLines.split(text, keepTrailingEmpty: true).dropFirst()[...]
        while let line = lines.first {
            lines = lines.dropFirst()
            let t = line.trimmingCharacters(in: .whitespaces)
            if t == "---" || t == "..." { return lines.joined(separator: "\n") }
        }
        return ""
    }

    /// `body(of:)` read from the bytes, for text whose lines end in LF only (nearly every card):
    /// the same result without splitting the text into lines. Nil for text with a CR, and for a
    /// closing line that is not plain ASCII (then trimming follows Unicode's rules, as above).
    static func byteBody(of text: String) -> String? {
        var text = text
        return text.withUTF8 { all -> String? in
            var bytes = all[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            // A CR, or a mark that could join the first character to the one before: the slow way.
            guard !bytes.contains(0x0D), (bytes.first ?? 0) < 0x80 else { return nil }
            guard bytes.starts(with: [0x2D, 0x2D, 0x2D]) else { return String(decoding: bytes, as: UTF8.self) }
            guard bytes.count == 3 || bytes[bytes.startIndex + 3] < 0x80 else { return nil }
            // Skip the opening line, then look at each line for a lone `---` or `...`.
            guard var start = bytes.firstIndex(of: 0x0A).map({ $0 + 1 }) else { return "" }
            while start < bytes.endIndex {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
                var line = bytes[start..<end]
                guard line.allSatisfy({ $0 < 0x80 }) else { return nil }
                while let b = line.first, b == 0x20 || b == 0x09 { line = line.dropFirst() }
                while let b = line.last, b == 0x20 || b == 0x09 { line = line.dropLast() }
                if line.elementsEqual([0x2D, 0x2D, 0x2D]) || line.elementsEqual([0x2E, 0x2E, 0x2E]) {
                    return end < bytes.endIndex ? String(decoding: bytes[(end + 1)...], as: UTF8.self) : ""
                }
                start = end + 1
            }
            return ""
        }
    }

    // Lists are stored joined by the ASCII unit separator, which no YAML scalar here contains.
    static func join(_ items: [String]) -> String { items.joined(separator: "\u{1F}") }
    static func split(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }
}

extension FileDiagnostic: Codable {
    enum CodingKeys: String, CodingKey { case path, line, column, severity, message, sourceLine }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try c.decode(String.self, forKey: .path), line: try c.decode(Int.self, forKey: .line),
                  column: try c.decode(Int.self, forKey: .column),
                  severity: Severity(rawValue: try c.decode(String.self, forKey: .severity)) ?? .error,
                  message: try c.decode(String.self, forKey: .message),
                  sourceLine: try c.decodeIfPresent(String.self, forKey: .sourceLine))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(severity.rawValue, forKey: .severity)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(sourceLine, forKey: .sourceLine)
    }
}
