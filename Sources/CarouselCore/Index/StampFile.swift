#if canImport(Glibc)
import Glibc
#endif

/// The index's stamps of every card file, packed in one file beside it (`.carousel/stamps`), so
/// that a refresh with no folder changed reads them in one `read` instead of stepping through
/// 100,000 rows of SQLite (25 ms of every command at 100,000 cards).
///
/// It is a copy, never the truth. The index keeps a random generation that its triggers change
/// whenever a row's path or stamp changes (`CardRow.createTriggers`); the file carries the
/// generation it was copied at and a checksum of its contents, and is used only when both
/// agree. A file that is missing, torn by a power cut, left from another index or from before
/// any change is read past: the rows are read from SQLite as before, and written here again.
/// Nothing in it is flushed to the disk, and nothing is lost with it.
///
/// Layout, in the machine's byte order: `CRSTAMP1`, generation, count, path bytes, checksum
/// (8 bytes each), then per file its size, mtime and inode (8 bytes each), then each path's
/// start (4 bytes each), then the paths, each ending in a NUL.
enum StampFile {
    static let name = "stamps"
    private static let magic: UInt64 = 0x3150_4D41_5453_5243  // "CRSTAMP1"
    private static let headerSize = 40

    /// What the file holds, lined up as `CardScan(reusing:)` takes it. The stamps buffer is
    /// the caller's to deallocate (`StoredStamps(taking:)` does).
    struct Contents {
        var bytes: [UInt8]
        var start: [Int32]
        var stamps: UnsafeMutableBufferPointer<FileStamp?>
    }

    /// The file's contents when it was copied at `generation` and is whole; nil otherwise.
    /// Read, not mapped: a read that fails is an answer, where a mapped page that cannot be read
    /// would be a signal.
    static func read(_ path: String, generation: Int64) -> Contents? {
        guard let file = try? FileSystem.readBytes(path, limit: 1 << 32, shownAs: path), file.count >= headerSize else { return nil }
        return file.withUnsafeBytes { contents($0, generation: generation) }
    }

    private static func contents(_ raw: UnsafeRawBufferPointer, generation: Int64) -> Contents? {
        func word(_ at: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) }
        let count = Int(truncatingIfNeeded: word(16)), length = Int(truncatingIfNeeded: word(24))
        guard word(0) == magic, Int64(bitPattern: word(8)) == generation,
              count >= 0, length >= 0, count <= raw.count / 28, length <= raw.count,
              raw.count == headerSize + count * 28 + length,
              ByteHash.hash(UnsafeRawBufferPointer(rebasing: raw[headerSize...])) == word(32) else { return nil }
        let startsAt = headerSize + count * 24, bytesAt = startsAt + count * 4
        let start = [Int32](unsafeUninitializedCapacity: count) { buffer, made in
            for i in 0..<count { buffer[i] = raw.loadUnaligned(fromByteOffset: startsAt + i * 4, as: Int32.self) }
            made = count
        }
        // The paths follow each other from the first byte, each ending in a NUL.
        guard count == 0 ? length == 0 : start[0] == 0 else { return nil }
        for i in 0..<count {
            let end = i + 1 < count ? Int(start[i + 1]) : length
            guard Int(start[i]) < end, end <= length, raw[bytesAt + end - 1] == 0 else { return nil }
        }
        let stamps = UnsafeMutableBufferPointer<FileStamp?>.allocate(capacity: count)
        for i in 0..<count {
            let at = headerSize + i * 24
            (stamps.baseAddress! + i).initialize(to: FileStamp(size: Int64(bitPattern: word(at)), mtime: Int64(bitPattern: word(at + 8)),
                                                               inode: word(at + 16)))
        }
        return Contents(bytes: Array(UnsafeRawBufferPointer(rebasing: raw[bytesAt...])), start: start, stamps: stamps)
    }

    /// Writes the contents as copied at `generation`: to a temporary name, then renamed over the
    /// file, so a reader sees a whole file or none. Failures (a read-only or full disk) are
    /// ignored; the next refresh reads SQLite.
    static func write(_ path: String, generation: Int64, bytes: [UInt8], start: [Int32], stamp: (Int) -> FileStamp?) {
        let count = start.count
        var out = [UInt8](repeating: 0, count: headerSize + count * 28 + bytes.count)
        let complete = out.withUnsafeMutableBytes { raw -> Bool in
            func put(_ value: UInt64, _ at: Int) { raw.storeBytes(of: value, toByteOffset: at, as: UInt64.self) }
            put(magic, 0)
            put(UInt64(bitPattern: generation), 8)
            put(UInt64(count), 16)
            put(UInt64(bytes.count), 24)
            for i in 0..<count {
                guard let stamp = stamp(i) else { return false }
                let at = headerSize + i * 24
                put(UInt64(bitPattern: stamp.size), at)
                put(UInt64(bitPattern: stamp.mtime), at + 8)
                put(stamp.inode, at + 16)
            }
            let startsAt = headerSize + count * 24
            for i in 0..<count { raw.storeBytes(of: start[i], toByteOffset: startsAt + i * 4, as: Int32.self) }
            bytes.withUnsafeBytes { raw.baseAddress!.advanced(by: startsAt + count * 4).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            put(ByteHash.hash(UnsafeRawBufferPointer(rebasing: raw[headerSize...])), 32)
            return true
        }
        guard complete else { return }
        FileSystem.writeCache(out, to: path)
    }
}

extension CardIndex {
    /// The copy of the stamps beside the index file; nil for an index in memory.
    var stampFile: String? {
        guard let path, let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash]) + "/" + StampFile.name
    }
}
