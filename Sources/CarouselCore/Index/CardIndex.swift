import Foundation
import GRDB

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
    /// Card files found on disk.
    public var files = 0
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

    /// Reads and parses files, spreading the work over the cores when there are many.
    /// Reports (files parsed so far, files to parse) during a long refresh; called from any thread.
    public typealias Progress = @Sendable (Int, Int) -> Void

    static func parseAll(_ files: [(path: String, stamp: FileStamp)], vault: Vault, progress: Progress? = nil) -> [CardRow] {
        guard files.count > 64 else { return files.map { CardRow.read(path: $0.path, vault: vault, stamp: $0.stamp) } }
        let out = RowBuffer(count: files.count, progress: files.count >= 2000 ? progress : nil)
        let chunks = min(ProcessInfo.processInfo.activeProcessorCount * 4, files.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var i = chunk
            while i < files.count {
                out.set(i, CardRow.read(path: files[i].path, vault: vault, stamp: files[i].stamp))
                i += chunks
            }
        }
        return out.rows()
    }

    /// The settings of every connection to the index file.
    static func configuration(readonly: Bool = false) -> Configuration {
        var config = Configuration()
        config.readonly = readonly
        config.busyMode = .timeout(5)
        return config
    }

    static func open(path: String) throws -> DatabaseQueue {
        let config = configuration()
        let queue = try DatabaseQueue(path: path, configuration: config)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
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

    /// Brings the index up to date with `cards/` and returns every card and every problem.
    public func refresh(progress: Progress? = nil) throws(CarouselError) -> (cards: [Card], diagnostics: [FileDiagnostic], stats: RefreshStats) {
        let (diagnostics, stats) = try sync(progress: progress)
        return (try cards(), diagnostics, stats)
    }

    /// Brings the index up to date with `cards/` without building any card value: only each
    /// row's path and stamp are read (from a covering index), changed files are parsed, and the
    /// problems are read from the few rows that have them, in path order. When the disk refuses
    /// the update (full, or read-only), the index is rebuilt in memory instead.
    public func sync(progress: Progress? = nil) throws(CarouselError) -> (diagnostics: [FileDiagnostic], stats: RefreshStats) {
        if rebuilt, buildsAside, let built = syncAside(progress: progress) { return built }
        do {
            return try syncOnce(progress: progress)
        } catch {
            guard !inMemory else { throw error }
            db = try CardIndex.inMemory()
            inMemory = true
            path = nil
            rebuilt = true
            return try syncOnce(progress: progress)
        }
    }

    func syncOnce(progress: Progress?) throws(CarouselError) -> (diagnostics: [FileDiagnostic], stats: RefreshStats) {
        forgetBuilt()
        do {
            return try db.write { db in
                let before = stampFile == nil ? nil : try CardIndex.generation(db)
                // With Watchman, only the files it names are stat'ed and looked up.
                if let (named, files) = try watchedChanges(db) {
                    return try syncWatched(db, named: named, files: files, progress: progress)
                }
                // When no folder changed since a walk that met no link, its files are the rows
                // the index holds: no folder is read, each file is only stat'ed.
                let known = rebuilt ? [] : try CardIndex.knownFolders(db)
                var copied = false
                let unchanged = !known.isEmpty && known[0].path == Vault.cardsDir && CardScan.unchanged(root: vault.root, known)
                let reused = unchanged ? try StoredStamps.reusing(db, root: vault.root, dir: Vault.cardsDir, others: known.flatMap(\.others),
                                                                  file: stampFile, generation: before) : nil
                let reuse = reused != nil
                let scan: CardScan
                let stored: StoredStamps
                if let reused {
                    (scan, stored) = reused
                    scan.stat()
                } else {
                    scan = CardScan(root: vault.root, dir: Vault.cardsDir)
                    // The files are stat'ed while the stored stamps are read.
                    let statted = DispatchGroup()
                    DispatchQueue.global().async(group: statted) { scan.stat() }
                    defer { statted.wait() }
                    // The copy of the rows when it is current (`StampFile`), else the rows.
                    if let stampFile, let before, let copy = StampFile.read(stampFile, generation: before) {
                        stored = StoredStamps(scan: scan, copy: copy)
                        copied = true
                    } else {
                        stored = try StoredStamps(db, scan: scan)
                    }
                    statted.wait()
                    try CardIndex.saveFolders(db, scan.settled ? scan.folderStamps : [])
                }
                let linkWarnings = scan.skipped.map { Vault.skippedLinkDiagnostic($0.path, $0.destination) }
                cardOthers = scan.others + scan.skipped.map(\.path)
                var stats = RefreshStats(files: scan.count, rebuilt: rebuilt)
                stats.folders = reuse ? 0 : scan.folderStamps.count
                var pending: [(path: String, stamp: FileStamp)] = []
                var removed = stored.unlisted
                for i in 0..<scan.count {
                    guard let stamp = scan.stamps[i] else {
                        if stored.stamps[i] != nil { removed.append(scan.path(i)) }
                        continue
                    }
                    if stored.stamps[i] == stamp { continue }
                    pending.append((scan.path(i), stamp))
                }
                let problems = try store(db, pending: pending, removed: removed, cold: stored.count == 0, stats: &stats, progress: progress)
                stampListing = nil
                if stampFile != nil, try CardIndex.generation(db) != before || (!reuse && !copied) {
                    let listing = StampListing(scan)
                    try copyStamps(listing, db)
                    stampListing = listing
                }
                try saveWatch(db, files: scan.count, links: scan.metLink)
                rebuilt = false
                return (linkWarnings + problems, stats)
            }
        } catch let error as CarouselError {
            throw error
        } catch {
            throw .io("the index could not be updated: \(error)")
        }
    }

    /// The refresh when Watchman names what changed (`watchedChanges`): each named file's row is
    /// looked up by its path, and nothing else is read. The stamp copy is not rewritten: when a
    /// row changes, its generation no longer matches and it is read past until a stat pass
    /// writes it again.
    func syncWatched(_ db: Database, named: WatchedChanges.Named, files: Int, progress: Progress?) throws
        -> (diagnostics: [FileDiagnostic], stats: RefreshStats) {
        cardOthers = named.others
        var pending: [(path: String, stamp: FileStamp)] = []
        var removed: [String] = []
        var count = files
        for (path, stamp) in named.files {
            let row = try Row.fetchOne(db, sql: "SELECT size, mtime, inode FROM cards WHERE path = ?", arguments: [path])
            let stored = row.map { FileStamp(size: $0[0], mtime: $0[1], inode: UInt64(bitPattern: $0[2] as Int64)) }
            switch (stamp, stored) {
            case (nil, nil): continue
            case (nil, .some): removed.append(path); count -= 1
            case (.some(let now), nil): pending.append((path, now)); count += 1
            case (.some(let now), .some(let was)): if now != was { pending.append((path, now)) }
            }
        }
        var stats = RefreshStats(files: count)
        stats.watched = true
        let problems = try store(db, pending: pending, removed: removed, cold: false, stats: &stats, progress: progress)
        stampListing = nil
        try saveWatch(db, files: count, links: false)
        return (problems, stats)
    }

    /// Parses and stores the changed files, drops the rows of the files gone, and returns every
    /// problem the rows hold, in path order.
    private func store(_ db: Database, pending: [(path: String, stamp: FileStamp)], removed: [String], cold: Bool,
                       stats: inout RefreshStats, progress: Progress?) throws -> [FileDiagnostic] {
        let pending = pending.sorted { $0.path < $1.path }
        let changed = pending.map(\.path)
        try CardIndex.forgetText(db, paths: changed)
        if cold, pending.count > 2000 {
            // A cold index: rows first, then each index built once.
            try CardIndex.withoutIndexes(db) { try CardIndex.store(pending, vault: vault, db: db, progress: progress) }
        } else {
            try CardIndex.store(pending, vault: vault, db: db, progress: progress)
        }
        try CardIndex.learnText(db, paths: changed)
        stats.parsed = pending.count
        if !pending.isEmpty || !removed.isEmpty { try db.execute(sql: "DELETE FROM clean_mark") }
        for path in removed.sorted() {
            try CardIndex.forgetText(db, paths: [path])
            try db.execute(sql: "DELETE FROM cards WHERE path = ?", arguments: [path])
            stats.removed += 1
        }
        var problems: [(String, [FileDiagnostic])] = []
        let bad = try Row.fetchCursor(db, sql: "SELECT path, diagnostics FROM cards WHERE diagnostics IS NOT NULL")
        while let row = try bad.next() {
            problems.append((row[0], CardRow.decodeDiagnostics(row[1])))
        }
        return problems.sorted { $0.0 < $1.0 }.flatMap(\.1)
    }
}

extension CardIndex {
    /// Paths of the cards whose title or body contains `text`, ignoring case (Unicode-aware).
    public func search(_ text: String) throws(CarouselError) -> Set<String> {
        let needle = text.lowercased()
        let contains = DatabaseFunction("carousel_contains", argumentCount: 2, pure: true) { values in
            guard let hay = String.fromDatabaseValue(values[0]), let n = String.fromDatabaseValue(values[1]) else { return false }
            return hay.lowercased().contains(n)
        }
        do {
            return try db.read { db in
                db.add(function: contains)
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

/// Slots written by parallel parsers, each index by exactly one of them.
private final class RowBuffer: @unchecked Sendable {
    private var storage: [CardRow?]
    private var filled = 0
    private let lock = NSLock()
    private let progress: CardIndex.Progress?

    init(count: Int, progress: CardIndex.Progress?) {
        storage = Array(repeating: nil, count: count)
        self.progress = progress
    }

    func set(_ i: Int, _ row: CardRow) {
        lock.lock()
        storage[i] = row
        filled += 1
        let done = filled
        lock.unlock()
        if done % 500 == 0 || done == storage.count { progress?(done, storage.count) }
    }

    func rows() -> [CardRow] { storage.compactMap { $0 } }
}
