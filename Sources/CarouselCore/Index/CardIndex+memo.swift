import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Answers worked out over every row, kept in the index for the next command: the carousel's
/// first cards, the board, the board's counts, `list`'s first cards, the calendar's cells, that no
/// card is on a cycle, and a view's short numbers.
/// Each is kept with the generation of the rows (`stamp_generation`, a new random number
/// whenever a row is added, removed or its file changes) and with this program's file, and is
/// read back only while both are the same. So a view asked again while nothing changed reads a
/// few rows by their row number instead of every row; the first command after any change to a
/// card works every answer out again. The answers are counts, paths and row numbers, never a
/// card: the cards are read from their rows as they are now.
extension CardIndex {
    static let createMemoTable = """
        CREATE TABLE IF NOT EXISTS memo (key TEXT PRIMARY KEY, generation INTEGER NOT NULL, value TEXT NOT NULL)
        """

    /// This program's file (size and time): another build of Carousel may work an answer out
    /// differently, so it never reads this one's.
    static let program: String = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return "?" }
        return "\(st.st_size).\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }()

    /// The answer kept under `key` when the rows are as they were when it was kept.
    func remembered(_ key: String) -> String? {
        guard memos, !inMemory else { return nil }
        return try? db.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM memo WHERE key = ? AND generation = (SELECT n FROM stamp_generation)",
                                arguments: [CardIndex.program + " " + key])
        }
    }

    /// Keeps `value` under `key` for the rows as they are, dropping the answers kept for other
    /// rows. Best effort: an index that cannot be written keeps nothing, and loses nothing.
    func remember(_ key: String, _ value: String?) {
        guard memos, !inMemory, let value else { return }
        try? db.write { db in
            try db.execute(sql: "DELETE FROM memo WHERE generation != (SELECT n FROM stamp_generation)")
            try db.execute(sql: "INSERT OR REPLACE INTO memo (key, generation, value) VALUES (?, (SELECT n FROM stamp_generation), ?)",
                           arguments: [CardIndex.program + " " + key, value])
        }
    }

    /// A kept answer of numbers (a total, or a count a day) and the cards it shows, in order
    /// (`remember(_:numbers:paths:)`); nil when none is kept for the rows as they are, or a card
    /// named has no row.
    func rememberedCards(_ key: String) throws(CarouselError) -> (numbers: [Int], cards: [Card])? {
        guard let kept = remembered(key).map(MemoText.split), let first = kept.first else { return nil }
        let numbers = first.compactMap { Int($0) }
        guard numbers.count == first.count, let cards = try cards(kept: kept.dropFirst()) else { return nil }
        return (numbers, cards)
    }

    /// Keeps `numbers` and the cards at `paths` under `key`.
    func remember(_ key: String, numbers: [Int], paths: [String]) {
        guard let lines = try? keptLines(paths) else { return }
        remember(key, MemoText.join([numbers.map(String.init)] + lines))
    }

    /// A line for each card, kept: its path and its row. Nil when a path has no row.
    func keptLines(_ paths: [String]) throws(CarouselError) -> [[String]]? {
        guard !paths.isEmpty else { return [] }
        guard paths.count <= CardIndex.keptLimit else { return nil }
        let rows: [String: Int64]
        do {
            rows = try db.read { db in
                var rows: [String: Int64] = [:]
                let found = try Row.fetchCursor(db, sql: "SELECT path, rowid FROM cards WHERE path IN (\(paths.map { _ in "?" }.joined(separator: ",")))",
                                                arguments: StatementArguments(paths))
                while let row = try found.next() { rows[row[0]] = row[1] }
                return rows
            }
        } catch {
            throw CardIndex.unreadable(error)
        }
        var lines: [[String]] = []
        lines.reserveCapacity(paths.count)
        for path in paths {
            guard let rowid = rows[path] else { return nil }
            lines.append([path, String(rowid)])
        }
        return lines
    }

    /// The cards of kept lines (`keptLines`), in order; nil when one has no row, or is not ok.
    /// They are read by row and in the kept order (the kept rows are the outer loop of the
    /// join), which spares a search of the paths and a table of the cards read; a row whose path
    /// is not the kept one (rows renumbered) leaves the answer to be worked out again.
    func cards(kept lines: ArraySlice<[String]>) throws(CarouselError) -> [Card]? {
        guard !lines.isEmpty else { return [] }
        guard lines.count <= CardIndex.keptLimit else { return nil }
        var rowids: [Int64] = []
        rowids.reserveCapacity(lines.count)
        for line in lines {
            guard line.count == 2, let rowid = Int64(line[1]) else { return nil }
            rowids.append(rowid)
        }
        var ordered: [Card] = []
        ordered.reserveCapacity(lines.count)
        var next = lines.startIndex
        var matched = true
        do {
            try db.read { db in
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT \(CardRow.selectColumns), cards.rowid FROM (VALUES \(rowids.map { _ in "(?)" }.joined(separator: ","))) AS kept
                    CROSS JOIN cards ON cards.rowid = kept.column1 WHERE ok = 1
                    """, arguments: StatementArguments(rowids))
                while let row = try rows.next() {
                    guard next < lines.endIndex, let card = card(of: row, keeping: true), card.path == lines[next][0] else {
                        matched = false
                        return
                    }
                    ordered.append(card)
                    next += 1
                }
            }
        } catch {
            throw CardIndex.unreadable(error)
        }
        return matched && next == lines.endIndex ? ordered : nil
    }

    /// The most cards a kept answer names: more than one statement may name are worked out again.
    static let keptLimit = 30_000
}

/// How an answer is written down: lines of tab-separated fields. Nil when a field holds a tab or
/// a line break (a file may be named so): such an answer is not kept.
enum MemoText {
    static func join(_ lines: [[String]]) -> String? {
        if lines.contains(where: { $0.contains { $0.contains("\t") || $0.contains("\n") || $0.contains("\r") } }) { return nil }
        return lines.map { $0.joined(separator: "\t") }.joined(separator: "\n")
    }

    /// Split as bytes: both marks are ASCII, and a board's kept answer has hundreds of lines.
    static func split(_ text: String) -> [[String]] {
        text.isEmpty ? [] : text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            $0.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
    }
}

extension BoardView.Slot {
    /// The slot as a kept answer names it.
    var memoName: String {
        switch self {
        case .column(let column): return column.rawValue
        case .later: return "later"
        }
    }

    init?(memoName: String) {
        if memoName == "later" { self = .later; return }
        guard let column = BoardView.Column(rawValue: memoName) else { return nil }
        self = .column(column)
    }
}
