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
/// few rows by path instead of every row; the first command after any change to a card works
/// every answer out again. The answers are paths and counts, never a card: the cards are read
/// from their rows as they are now.
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
        guard numbers.count == first.count, let cards = try cards(atPaths: kept.dropFirst().compactMap(\.first)) else { return nil }
        return (numbers, cards)
    }

    /// Keeps `numbers` and the paths of the cards shown under `key`.
    func remember(_ key: String, numbers: [Int], paths: [String]) {
        remember(key, MemoText.join([numbers.map(String.init)] + paths.map { [$0] }))
    }

    /// The cards at `paths`, in that order; nil when one has no row, or there are more than one
    /// statement may name (the answer is then worked out again).
    func cards(atPaths paths: [String]) throws(CarouselError) -> [Card]? {
        guard !paths.isEmpty else { return [] }
        guard paths.count <= 30_000 else { return nil }
        // Straight into place by path: a card is a large value, and each copy of a few hundred
        // of them is fresh memory the kernel must hand over page by page.
        var at: [String: Card] = [:]
        at.reserveCapacity(paths.count)
        try forEachCard(where: "path IN (\(paths.map { _ in "?" }.joined(separator: ",")))", arguments: StatementArguments(paths),
                        keeping: true) { at[$0.path] = $0 }
        guard at.count == paths.count else { return nil }
        var ordered: [Card] = []
        ordered.reserveCapacity(paths.count)
        for path in paths {
            guard let card = at[path] else { return nil }
            ordered.append(card)
        }
        return ordered
    }
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
