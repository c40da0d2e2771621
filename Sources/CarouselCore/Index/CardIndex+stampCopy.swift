import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// The rows' paths and stamps as the last refresh left them, in the order its walk met the
/// files: what `StampFile` copies. A refresh that changed rows, and a change that re-read the
/// files it wrote (`reread`), write the copy again at the index's new generation, so the next
/// refresh reads it instead of 100,000 rows of SQLite, also when a folder changed and it has to
/// list the folder again (as after every change, which renames a card into `cards/`).
struct StampListing {
    var bytes: [UInt8]
    var start: [Int32]
    var stamps: [FileStamp]

    /// The files of `scan` that have a stamp: exactly those that have a row after its refresh.
    init(_ scan: CardScan) {
        let all = (0..<scan.count).allSatisfy { scan.stamps[$0] != nil }
        if all {
            bytes = scan.bytes
            start = scan.start
            stamps = scan.stamps.map { $0! }
            return
        }
        bytes = []
        start = []
        stamps = []
        for i in 0..<scan.count {
            guard let stamp = scan.stamps[i] else { continue }
            start.append(Int32(truncatingIfNeeded: bytes.count))
            scan.withPathBytes(i) { bytes.append(contentsOf: $0) }
            bytes.append(0)
            stamps.append(stamp)
        }
    }

    /// The rows a stamp file holds (and its stamps buffer deallocated).
    init(_ copy: StampFile.Contents) {
        bytes = copy.bytes
        start = copy.start
        stamps = copy.stamps.compactMap { $0 }
        copy.stamps.deallocate()
    }

    /// Sets the stamps of `changes` (nil: the row is gone), adding the paths that are new.
    mutating func set(_ changes: [(path: String, stamp: FileStamp?)]) {
        // Where each path is now: one by one for a few, through a table made once for many.
        let found: [Int?] = bytes.withUnsafeBytes { raw in
            let table = changes.count > 16 ? PathTable(bytes: raw, start: start) : nil
            return changes.map { change in
                Array(change.path.utf8).withUnsafeBytes { wanted -> Int? in
                    if let table { return table.find(wanted) }
                    return start.indices.first { i in
                        let path = PackedPaths.path(i, raw, start)
                        return path.count == wanted.count && (wanted.isEmpty || memcmp(path.baseAddress!, wanted.baseAddress!, wanted.count) == 0)
                    }
                }
            }
        }
        var added: [String: Int] = [:]
        var gone: Set<Int> = []
        for ((path, stamp), at) in zip(changes, found) {
            guard let i = at ?? added[path] else {
                guard let stamp else { continue }
                added[path] = start.count
                start.append(Int32(truncatingIfNeeded: bytes.count))
                bytes += Array(path.utf8) + [0]
                stamps.append(stamp)
                continue
            }
            if let stamp {
                stamps[i] = stamp
                gone.remove(i)
            } else {
                gone.insert(i)
            }
        }
        guard !gone.isEmpty else { return }
        var kept = StampListing(bytes: [], start: [], stamps: [])
        for i in start.indices where !gone.contains(i) {
            kept.start.append(Int32(truncatingIfNeeded: kept.bytes.count))
            kept.bytes += bytes[PackedPaths.range(i, count: bytes.count, start)] + [0]
            kept.stamps.append(stamps[i])
        }
        self = kept
    }

    private init(bytes: [UInt8], start: [Int32], stamps: [FileStamp]) {
        self.bytes = bytes
        self.start = start
        self.stamps = stamps
    }
}

extension CardIndex {
    static func generation(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT n FROM stamp_generation")
    }

    /// Writes `listing` as the stamp file at the index's generation now (inside the
    /// transaction that made it: a transaction rolled back leaves a generation the index never
    /// had, and the file is read past).
    func copyStamps(_ listing: StampListing, _ db: Database) throws {
        guard let stampFile, let generation = try CardIndex.generation(db) else { return }
        StampFile.write(stampFile, generation: generation, bytes: listing.bytes, start: listing.start) { listing.stamps[$0] }
    }
}
