import Foundation
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

/// The folders of `cards/` as the last settled walk found them (`CardScan.settled`): while each
/// keeps its stamp, its card files are exactly the rows the index holds. Written by the refresh
/// in the same transaction as the rows; dropped with them when the index is rebuilt.
extension CardIndex {
    static let createFoldersTable = """
        CREATE TABLE IF NOT EXISTS folders (position INTEGER PRIMARY KEY, path TEXT NOT NULL, mtime INTEGER NOT NULL,
          ctime INTEGER NOT NULL, inode INTEGER NOT NULL, others TEXT NOT NULL)
        """

    static func knownFolders(_ db: Database) throws -> [CardScan.FolderStamp] {
        try Row.fetchAll(db, sql: "SELECT path, mtime, ctime, inode, others FROM folders ORDER BY position").map { row in
            let others = (row[4] as String).data(using: .utf8).flatMap { try? JSONDecoder().decode([String].self, from: $0) }
            return CardScan.FolderStamp(path: row[0], mtime: row[1], ctime: row[2], inode: UInt64(bitPattern: row[3] as Int64),
                                        others: others ?? [])
        }
    }

    /// Records `folders` in place of what was there; an empty list means "walk next time".
    static func saveFolders(_ db: Database, _ folders: [CardScan.FolderStamp]) throws {
        try db.execute(sql: "DELETE FROM folders")
        for (i, f) in folders.enumerated() {
            let others = JSONText.string(f.others, .compact) ?? "[]"
            try db.execute(sql: "INSERT INTO folders (position, path, mtime, ctime, inode, others) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [i, f.path, f.mtime, f.ctime, Int64(bitPattern: f.inode), others])
        }
    }
}
