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

    convenience init(_ db: Database, scan: CardScan) throws {
        try self.init(scan: scan) { row in _ = try StoredStamps.forEachRow(db) { row($0, $1); return true } }
    }

    /// The same, from the copy of the rows in the stamp file (`StampFile`), of the index's
    /// current generation: no row is stepped through.
    convenience init(scan: CardScan, copy: StampFile.Contents) {
        self.init(scan: scan) { row in
            copy.bytes.withUnsafeBytes { paths in
                for j in copy.start.indices { row(PackedPaths.path(j, paths, copy.start), copy.stamps[j]!) }
            }
        }
        copy.stamps.deallocate()
    }

    /// Lines up each row `rows` gives (its path bytes and stamp) with the scan's files.
    private init(scan: CardScan, rows: ((UnsafeRawBufferPointer, FileStamp) -> Void) throws -> Void) rethrows {
        stamps = .allocate(capacity: scan.count)
        stamps.initialize(repeating: nil)
        try scan.bytes.withUnsafeBytes { bytes in
            let table = PathTable(bytes: bytes, start: scan.start)
            try rows { text, stamp in
                count += 1
                if let i = table.find(text) {
                    stamps[i] = stamp
                } else {
                    unlisted.append(String(decoding: text, as: UTF8.self))
                }
            }
        }
    }

    /// The listing of the last walk, read from the rows (see `CardScan.init(reusing:)`): every
    /// row is a file, lined up with its stored stamp. Nil when a row does not fit the folder
    /// (never written by a refresh): the caller walks instead.
    /// With `file`, the rows come from that copy (`StampFile`) when it is of the index's
    /// current `generation`; otherwise they are read from SQLite and copied there.
    static func reusing(_ db: Database, root: String, dir: String, others: [String], file: String?,
                        generation: Int64?) throws -> (CardScan, StoredStamps)? {
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
    @discardableResult
    static func forEachRow(_ db: Database, sql: String = "SELECT path, size, mtime, inode FROM cards INDEXED BY cards_stamp",
                           _ body: (UnsafeRawBufferPointer, FileStamp) throws -> Bool) throws -> Bool {
        let statement = try db.makeStatement(sql: sql)
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
struct PathTable {
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

    private func path(_ i: Int) -> UnsafeRawBufferPointer { PackedPaths.path(i, bytes, start) }

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

/// Paths packed one after the other, each ending in a NUL, path i starting at `start[i]`: how a
/// scan, the stamp file and its listing keep them.
enum PackedPaths {
    /// Where path i's bytes are, without its NUL.
    static func range(_ i: Int, count: Int, _ start: [Int32]) -> Range<Int> {
        Int(start[i])..<((i + 1 < start.count ? Int(start[i + 1]) : count) - 1)
    }

    /// Path i's bytes, without its NUL.
    static func path(_ i: Int, _ bytes: UnsafeRawBufferPointer, _ start: [Int32]) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[range(i, count: bytes.count, start)])
    }
}
