import Foundation
import GRDB

/// The refresh: brings the rows up to date with `cards/`. It lists and stats the card files (or,
/// with `watch: watchman`, only those Watchman names), parses the ones whose stamp changed, drops
/// the rows of the files gone, and keeps the stamp copy and the watcher's clock.
extension CardIndex {
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
            try moveToMemory()
            return try syncOnce(progress: progress)
        }
    }

    func syncOnce(progress: Progress?) throws(CarouselError) -> (diagnostics: [FileDiagnostic], stats: RefreshStats) {
        forgetBuilt()
        do {
            return try db.write { db in
                let before = stampFile == nil ? nil : try CardIndex.generation(db)
                // With Watchman, only the files it names are stat'ed and looked up.
                if let named = try watchedChanges(db) {
                    return try syncWatched(db, named: named, progress: progress)
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
                let problems = try storeChanges(db, pending: pending, removed: removed, cold: stored.count == 0, stats: &stats, progress: progress)
                stampListing = nil
                if stampFile != nil, try CardIndex.generation(db) != before || (!reuse && !copied) {
                    let listing = StampListing(scan)
                    try copyStamps(listing, db)
                    stampListing = listing
                }
                try saveWatch(db, links: scan.metLink)
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
    private func syncWatched(_ db: Database, named: WatchedChanges.Named, progress: Progress?) throws
        -> (diagnostics: [FileDiagnostic], stats: RefreshStats) {
        cardOthers = named.others
        var pending: [(path: String, stamp: FileStamp)] = []
        var removed: [String] = []
        for (path, stamp) in named.files {
            let row = try Row.fetchOne(db, sql: "SELECT size, mtime, inode FROM cards WHERE path = ?", arguments: [path])
            let stored = row.map { FileStamp(size: $0[0], mtime: $0[1], inode: UInt64(bitPattern: $0[2] as Int64)) }
            switch (stamp, stored) {
            case (nil, nil): continue
            case (nil, .some): removed.append(path)
            case (.some(let now), nil): pending.append((path, now))
            case (.some(let now), .some(let was)): if now != was { pending.append((path, now)) }
            }
        }
        // Nothing was listed: the files are counted only when asked (`carousel index`).
        var stats = RefreshStats(files: nil)
        stats.watched = true
        let problems = try storeChanges(db, pending: pending, removed: removed, cold: false, stats: &stats, progress: progress)
        stampListing = nil
        try saveWatch(db, links: false)
        return (problems, stats)
    }

    /// Parses and stores the changed files, drops the rows of the files gone, and returns every
    /// problem the rows hold, in path order.
    private func storeChanges(_ db: Database, pending: [(path: String, stamp: FileStamp)], removed: [String], cold: Bool,
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

    /// Reads and parses files, spreading the work over the cores when there are many.
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
