import GRDB

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

    /// Sets the stamp of `path` (nil: its row is gone), adding it when it is new.
    mutating func set(_ path: String, _ stamp: FileStamp?) {
        let wanted = Array(path.utf8)
        let found = start.indices.first { i in
            let from = Int(start[i])
            let end = (i + 1 < start.count ? Int(start[i + 1]) : bytes.count) - 1
            return end - from == wanted.count && bytes[from..<end].elementsEqual(wanted)
        }
        switch (found, stamp) {
        case let (i?, stamp?):
            stamps[i] = stamp
        case let (i?, nil):
            let from = Int(start[i])
            let end = i + 1 < start.count ? Int(start[i + 1]) : bytes.count
            bytes.removeSubrange(from..<end)
            start.remove(at: i)
            stamps.remove(at: i)
            for j in i..<start.count { start[j] -= Int32(end - from) }
        case let (nil, stamp?):
            start.append(Int32(truncatingIfNeeded: bytes.count))
            bytes += wanted + [0]
            stamps.append(stamp)
        case (nil, nil):
            break
        }
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
