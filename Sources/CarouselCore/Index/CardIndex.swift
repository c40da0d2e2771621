import Foundation
import GRDB
import GRDBSQLite

/// A count of plain rows (`CardIndex.plainTally`).
struct PlainTally {
    var importance: Int
    var due: String?
    var count: Int
    /// How many of `count` are pulled into the day.
    var pulled: Int
}

/// How much work a refresh did: what the person sees from `carousel index`.
public struct RefreshStats: Sendable, Equatable {
    /// Card files found on disk; nil when Watchman named the changes and nothing was listed
    /// (`Workspace.cardFileCount` counts the rows then).
    public var files: Int? = 0
    /// Files read and parsed because they were new or their size, mtime or inode changed.
    public var parsed = 0
    /// Rows dropped because their file is gone.
    public var removed = 0
    /// Whether the index was built from nothing (missing, stale schema or unreadable).
    public var rebuilt = false
    /// Folders whose entries were read; 0 when none changed since the last walk (`CardScan`).
    public var folders = 0
    /// Whether Watchman said which files changed (`watch: watchman`), so that only those were stat'ed.
    public var watched = false

    public init(files: Int? = 0, parsed: Int = 0, removed: Int = 0, rebuilt: Bool = false) {
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
    static let schemaVersion = 18

    /// The version the index is built for: the schema's, and under a vault layout of its own
    /// (another cards folder, TaskNotes' renamed fields) a number that changes with the layout,
    /// so cards read under one layout are read again under another.
    static var builtVersion: Int {
        let fingerprint = VaultLayout.active.fingerprint
        guard !fingerprint.isEmpty else { return schemaVersion }
        return schemaVersion + 1000 * (1 + Int(StableHash.fnv1a(fingerprint) % 1_000_000))
    }
    let vault: Vault
    var db: DatabaseQueue
    var rebuilt = false

    public init(vault: Vault) throws(CarouselError) {
        self.vault = vault
        let dir: String
        do {
            dir = try vault.stateFolder()
        } catch let error {
            // A link or a file at `.carousel` is refused; a folder that cannot be made (a
            // read-only vault) only means the index lives in memory for this command.
            if case .boundary = error { throw error }
            db = try CardIndex.inMemory()
            inMemory = true
            return
        }
        let path = dir + "/index.sqlite"
        // The index is Carousel's own file: a link put in its place is removed, never followed.
        for suffix in ["", "-wal", "-shm"] where FileSystem.isLink(path + suffix) { try? FileSystem.remove(path + suffix) }
        var opened: DatabaseQueue?
        do {
            opened = try CardIndex.open(path: path)
        } catch let error as DatabaseError where CardIndex.isPassing(error) {
            // A full disk or a folder that cannot be written: the file is fine, so it is kept for
            // the next command (rebuilding it would take the very room that is missing).
            opened = nil
        } catch {
            // A cache that cannot be read is rebuilt, never repaired.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            opened = try? CardIndex.open(path: path)
            rebuilt = true
        }
        if let opened, (try? CardIndex.migrate(opened, rebuilt: &rebuilt)) != nil {
            db = opened
            self.path = path
        } else {
            // Still no index on disk (a full disk, a read-only folder): this command reads the
            // cards into memory instead; the next one tries the disk again.
            db = try CardIndex.inMemory()
            inMemory = true
        }
    }

    /// Errors that say nothing about the file itself: no room, no permission, busy.
    static func isPassing(_ error: DatabaseError) -> Bool {
        [ResultCode.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_BUSY, .SQLITE_LOCKED]
            .contains(error.resultCode.primaryResultCode)
    }

    /// Repeating cards built from rows in this command, by rowid (`forEachCard(keeping:)`), so a
    /// row read again is not built again. Emptied whenever the index is written; at most
    /// `builtLimit`.
    var built: [Int64: Card] = [:]
    static let builtLimit = 20_000
    /// `otherRows()`, kept with `built`.
    var others: [OtherRow]?
    /// The last `cards(placedFrom:through:)`, kept with `built`.
    var placedLast: (from: Day, to: Day, cards: [Card])?
    /// The last `cards(timedFrom:through:)`, kept with `built`.
    var timedLast: (from: Day, to: Day, cards: [Card])?
    /// `plainTally` of a day, kept with `built`.
    var tally: (day: Day, rows: [PlainTally])?
    /// The same, being read on a second connection (`prefetchTally`).
    var tallyPrefetch: (day: Day, read: SecondRead<[PlainTally]>)?
    /// The index file; nil for an index in memory, which a second connection cannot see.
    private(set) var path: String?
    /// Whether reads may run on a second connection (`secondRead`); tests compare both ways.
    var secondReads = true
    /// Whether a fresh index is built in a file of its own (`syncAside`); tests compare both ways.
    var buildsAside = true
    /// Whether answers over every row are kept for the next command (`remember`); tests compare
    /// both ways.
    var memos = true

    /// Drops what this command kept from its reads: the index is about to change.
    func forgetBuilt() {
        built = [:]
        others = nil
        placedLast = nil
        timedLast = nil
        tally = nil
        _ = tallyPrefetch?.read.wait()
        tallyPrefetch = nil
    }

    /// The entries of `cards/` the last refresh met but does not read (`CleanMark`).
    var cardOthers: [String] = []
    /// The stamp file's rows as this command last wrote them.
    var stampListing: StampListing?
    /// Set with `watch: watchman` (`VaultSnapshot`): the refresh asks Watchman first.
    var watching: WatchSession?

    /// Whether this command's index is in memory because the one on disk could not be used.
    public private(set) var inMemory = false

    /// Goes on with an empty index in memory, rebuilt from the files, when the one on disk
    /// cannot be written.
    func moveToMemory() throws(CarouselError) {
        db = try CardIndex.inMemory()
        inMemory = true
        path = nil
        rebuilt = true
    }

    static func inMemory() throws(CarouselError) -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue()
            var ignored = false
            try migrate(queue, rebuilt: &ignored)
            return queue
        } catch {
            throw .io("cannot make an index in memory: \(error)")
        }
    }

    /// Reports (files parsed so far, files to parse) during a long refresh; called from any thread.
    public typealias Progress = @Sendable (Int, Int) -> Void

    /// The settings of every connection to the index file.
    static func configuration(readonly: Bool = false) -> Configuration {
        var config = Configuration()
        config.readonly = readonly
        config.busyMode = .timeout(5)
        // No table names another: the pragma GRDB runs on every open for them is left out.
        config.foreignKeysEnabled = false
        return config
    }

    static func open(path: String) throws -> DatabaseQueue {
        let config = configuration()
        let queue = try DatabaseQueue(path: path, configuration: config)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 4194304;")
            // The -wal and -shm files stay between runs, as git's index does: each command used
            // to make both, size the -shm in eight writes and remove both again. The last
            // connection still checkpoints on close, and the size limit then empties the -wal.
            var keep: Int32 = 1
            _ = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &keep)
            _ = try Int.fetchOne(db, sql: "PRAGMA user_version")
        }
        return queue
    }

    static func migrate(_ queue: DatabaseQueue, rebuilt: inout Bool) throws {
        let changed = try queue.writeWithoutTransaction { db -> Bool in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard version != CardIndex.builtVersion else { return false }
            try db.execute(sql: "DROP TABLE IF EXISTS \(CardIndex.textTable)")
            try db.execute(sql: "DROP TABLE IF EXISTS cards")
            try db.execute(sql: "DROP TABLE IF EXISTS stamp_generation")
            try db.execute(sql: CardRow.createTable)
            for sql in CardRow.createIndexes + CardRow.createGeneration + CardRow.createTriggers { try db.execute(sql: sql) }
            try db.execute(sql: "DROP TABLE IF EXISTS clean_mark")
            try db.execute(sql: "DROP TABLE IF EXISTS folders")
            try db.execute(sql: "DROP TABLE IF EXISTS watch_state")
            try db.execute(sql: "DROP TABLE IF EXISTS memo")
            try db.execute(sql: "PRAGMA user_version = \(CardIndex.builtVersion)")
            return true
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: CardIndex.createCleanTable)
            try db.execute(sql: CardIndex.createFoldersTable)
            try db.execute(sql: CardIndex.createWatchTable)
            try db.execute(sql: CardIndex.createMemoTable)
        }
        if changed { rebuilt = true }
    }
}
