import Foundation
import GRDB

/// How much work a refresh did: what the person sees from `carousel index`.
public struct RefreshStats: Sendable, Equatable {
    /// Card files found on disk.
    public var files = 0
    /// Files read and parsed because they were new or their size, mtime or inode changed.
    public var parsed = 0
    /// Rows dropped because their file is gone.
    public var removed = 0
    /// Whether the index was built from nothing (missing, stale schema or unreadable).
    public var rebuilt = false

    public init(files: Int = 0, parsed: Int = 0, removed: Int = 0, rebuilt: Bool = false) {
        self.files = files
        self.parsed = parsed
        self.removed = removed
        self.rebuilt = rebuilt
    }
}

/// The disposable cache of parsed cards in `.carousel/index.sqlite`.
///
/// A file is read again only when its size, mtime or inode differ from what the index
/// recorded, so a view after one edit parses one file. Deleting the folder loses nothing.
public final class CardIndex {
    static let schemaVersion = 3
    let vault: Vault
    let db: DatabaseQueue
    private(set) var rebuilt = false

    public init(vault: Vault) throws(CarouselError) {
        self.vault = vault
        let dir = vault.url(Vault.localDir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/index.sqlite"
        do {
            db = try CardIndex.open(path: path)
        } catch {
            // A cache that cannot be opened is rebuilt, never repaired.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            do { db = try CardIndex.open(path: path) } catch {
                throw .io("cannot open the index at \(path): \(error)")
            }
            rebuilt = true
        }
        do {
            try migrate()
        } catch {
            throw .io("cannot prepare the index: \(error)")
        }
    }

    static func open(path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.busyMode = .timeout(5)
        let queue = try DatabaseQueue(path: path, configuration: config)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
            _ = try Int.fetchOne(db, sql: "PRAGMA user_version")
        }
        return queue
    }

    private func migrate() throws {
        try db.writeWithoutTransaction { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard version != CardIndex.schemaVersion else { return }
            try db.execute(sql: "DROP TABLE IF EXISTS cards")
            try db.execute(sql: CardRow.createTable)
            try db.execute(sql: "PRAGMA user_version = \(CardIndex.schemaVersion)")
            rebuilt = true
        }
    }

    /// Brings the index up to date with `cards/` and returns every card and every problem.
    public func refresh() throws(CarouselError) -> (cards: [Card], diagnostics: [FileDiagnostic], stats: RefreshStats) {
        let paths = FileSystem.markdownFiles(root: vault.root, dir: Vault.cardsDir)
        var stats = RefreshStats(files: paths.count, rebuilt: rebuilt)
        do {
            return try db.write { db in
                var stored: [String: CardRow] = [:]
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM cards")
                while let row = try rows.next() {
                    let r = CardRow(row: row)
                    stored[r.path] = r
                }
                var result: [CardRow] = []
                result.reserveCapacity(paths.count)
                let insert = try db.makeStatement(sql: CardRow.upsert)
                for path in paths {
                    let full = vault.url(path)
                    guard let stamp = FileSystem.stamp(full) else { continue }
                    if let old = stored.removeValue(forKey: path), old.stamp == stamp {
                        result.append(old)
                        continue
                    }
                    let row = CardRow.read(path: path, fullPath: full, stamp: stamp)
                    try insert.execute(arguments: row.arguments)
                    stats.parsed += 1
                    result.append(row)
                }
                for gone in stored.keys {
                    try db.execute(sql: "DELETE FROM cards WHERE path = ?", arguments: [gone])
                    stats.removed += 1
                }
                let cards = result.compactMap(\.card)
                let diagnostics = result.flatMap(\.diagnostics)
                rebuilt = false
                return (cards, diagnostics, stats)
            }
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .io("the index could not be updated: \(error)")
        }
    }
}
