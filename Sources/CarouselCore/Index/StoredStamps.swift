import GRDB
import GRDBSQLite
#if canImport(Glibc)
import Glibc
#endif

/// The stamps the index holds, lined up with a `CardScan`: `stamps[i]` is what the index
/// recorded for the scan's file i (nil when it has no row), and `unlisted` the rows whose file
/// the scan did not find. Read straight from the covering `cards_stamp` index with SQLite's own
/// calls, so a refresh of 100,000 unchanged cards makes no String and no dictionary.
final class StoredStamps {
    let stamps: UnsafeMutableBufferPointer<FileStamp?>
    private(set) var unlisted: [String] = []
    /// Rows read.
    private(set) var count = 0

    init(_ db: Database, scan: CardScan) throws {
        stamps = .allocate(capacity: scan.count)
        stamps.initialize(repeating: nil)
        try scan.bytes.withUnsafeBytes { bytes in
            let table = PathTable(bytes: bytes, start: scan.start)
            _ = try StoredStamps.forEachRow(db) { text, stamp in
                count += 1
                if let i = table.find(text) {
                    stamps[i] = stamp
                } else {
                    unlisted.append(String(decoding: text, as: UTF8.self))
                }
                return true
            }
        }
    }

    /// The same, from the copy of the rows in the stamp file (`StampFile`), of the index's
    /// current generation: no row is stepped through.
    init(scan: CardScan, copy: StampFile.Contents) {
        stamps = .allocate(capacity: scan.count)
        stamps.initialize(repeating: nil)
        count = copy.start.count
        scan.bytes.withUnsafeBytes { bytes in
            let table = PathTable(bytes: bytes, start: scan.start)
            copy.bytes.withUnsafeBytes { paths in
                for j in 0..<copy.start.count {
                    let from = Int(copy.start[j])
                    let end = (j + 1 < copy.start.count ? Int(copy.start[j + 1]) : paths.count) - 1
                    let text = UnsafeRawBufferPointer(rebasing: paths[from..<end])
                    if let i = table.find(text) {
                        stamps[i] = copy.stamps[j]
                    } else {
                        unlisted.append(String(decoding: text, as: UTF8.self))
                    }
                }
            }
        }
        copy.stamps.deallocate()
    }

    /// The listing of the last walk, read from the rows (see `CardScan.init(reusing:)`): every
    /// row is a file, lined up with its stored stamp. Nil when a row does not fit the folder
    /// (never written by a refresh): the caller walks instead.
    /// With `file`, the rows come from that copy (`StampFile`) when it is of the index's
    /// current generation; otherwise they are read from SQLite and copied there.
    static func reusing(_ db: Database, root: String, dir: String, others: [String], file: String?) throws -> (CardScan, StoredStamps)? {
        let generation = file == nil ? nil : try Int64.fetchOne(db, sql: "SELECT n FROM stamp_generation")
        if let file, let generation, let copy = StampFile.read(file, generation: generation) {
            let stored = StoredStamps(taking: copy.stamps)
            return (CardScan(reusing: dir, root: root, bytes: copy.bytes, start: copy.start, others: others), stored)
        }
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM cards INDEXED BY cards_stamp") ?? 0
        let stored = StoredStamps(count: count)
        let stamps = stored.stamps
        let prefix = Array((dir + "/").utf8)
        // Local buffers, not the scan's and the table's properties: this loop runs once per
        // card, and a class property pays an exclusivity check at every access.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 48)
        var start: [Int32] = []
        start.reserveCapacity(count)
        let fits = try forEachRow(db) { text, stamp in
            guard start.count < count, text.count > prefix.count,
                  memcmp(text.baseAddress!, prefix, prefix.count) == 0 else { return false }
            stamps[start.count] = stamp
            start.append(Int32(truncatingIfNeeded: bytes.count))
            bytes.append(contentsOf: text)
            bytes.append(0)
            return true
        }
        stored.count = start.count
        guard fits, start.count == count else { return nil }
        if let file, let generation { StampFile.write(file, generation: generation, bytes: bytes, start: start, stamp: { stamps[$0] }) }
        return (CardScan(reusing: dir, root: root, bytes: bytes, start: start, others: others), stored)
    }

    /// Calls `body` with each row's path bytes and stamp, from the covering `cards_stamp` index,
    /// until it returns false; returns whether every row was seen.
    private static func forEachRow(_ db: Database, _ body: (UnsafeRawBufferPointer, FileStamp) throws -> Bool) throws -> Bool {
        let statement = try db.makeStatement(sql: "SELECT path, size, mtime, inode FROM cards INDEXED BY cards_stamp")
        let s = statement.sqliteStatement
        defer { sqlite3_reset(s) }
        while true {
            let code = sqlite3_step(s)
            if code == SQLITE_DONE { return true }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let text = UnsafeRawBufferPointer(start: sqlite3_column_text(s, 0), count: Int(sqlite3_column_bytes(s, 0)))
            let stamp = FileStamp(size: sqlite3_column_int64(s, 1), mtime: sqlite3_column_int64(s, 2),
                                  inode: UInt64(bitPattern: sqlite3_column_int64(s, 3)))
            guard try body(text, stamp) else { return false }
        }
    }

    /// Takes an initialized buffer of stamps, one per row, and deallocates it.
    init(taking stamps: UnsafeMutableBufferPointer<FileStamp?>) {
        self.stamps = stamps
        count = stamps.count
    }

    private init(count: Int) {
        stamps = .allocate(capacity: count)
        stamps.initialize(repeating: nil)
    }

    deinit { stamps.deallocate() }
}

/// An open-addressing table from a scanned file's path bytes to its number in the scan; each
/// slot keeps the path's hash, so a probe compares bytes only when the hashes agree.
private struct PathTable {
    private var slots: [(index: Int32, hash: UInt32)]
    private let mask: Int
    private let bytes: UnsafeRawBufferPointer
    private let start: [Int32]

    /// `bytes` holds NUL-terminated paths starting at `start`, one after the other.
    init(bytes: UnsafeRawBufferPointer, start: [Int32]) {
        self.bytes = bytes
        self.start = start
        var capacity = 16
        while capacity < start.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = Array(repeating: (-1, 0), count: capacity)
        for i in 0..<start.count {
            let h = ByteHash.hash(path(i))
            var slot = Int(truncatingIfNeeded: h) & mask
            while slots[slot].index >= 0 { slot = (slot + 1) & mask }
            slots[slot] = (Int32(i), UInt32(truncatingIfNeeded: h >> 32))
        }
    }

    private func path(_ i: Int) -> UnsafeRawBufferPointer {
        let from = Int(start[i])
        let end = (i + 1 < start.count ? Int(start[i + 1]) : bytes.count) - 1
        return UnsafeRawBufferPointer(rebasing: bytes[from..<end])
    }

    func find(_ wanted: UnsafeRawBufferPointer) -> Int? {
        let h = ByteHash.hash(wanted)
        let tag = UInt32(truncatingIfNeeded: h >> 32)
        var slot = Int(truncatingIfNeeded: h) & mask
        while true {
            let (i, t) = slots[slot]
            if i < 0 { return nil }
            if t == tag {
                let candidate = path(Int(i))
                if candidate.count == wanted.count && (wanted.isEmpty || memcmp(candidate.baseAddress!, wanted.baseAddress!, wanted.count) == 0) {
                    return Int(i)
                }
            }
            slot = (slot + 1) & mask
        }
    }
}
