import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// git's index file (`.git/index`, format versions 2 and 3) read as bytes, so that a commit of
/// a few paths changes those entries and copies the rest, instead of parsing 100,000 entries
/// into libgit2's structures and serialising them again.
///
/// Only a plain index is taken: no conflict, no split index, no resolve-undo record, no
/// skip-worktree or intent-to-add entry among the paths, and no entry whose stat data git would
/// distrust (racy) unless its file still has the recorded blob. Anything else returns nil and
/// the commit goes through libgit2 as before. Optional caches git can rebuild (untracked cache,
/// fsmonitor, offset tables) are dropped; the cache tree (`TREE`) is kept, with the folders on
/// a changed path set to their new trees.
struct GitIndexFile {
    /// One entry as written: stat data, mode, blob id.
    struct Entry: Equatable {
        var ctime: (UInt32, UInt32), mtime: (UInt32, UInt32)
        var dev: UInt32, ino: UInt32, mode: UInt32, uid: UInt32, gid: UInt32, size: UInt32
        var id: [UInt8]

        static func == (a: Entry, b: Entry) -> Bool {
            a.ctime == b.ctime && a.mtime == b.mtime && a.dev == b.dev && a.ino == b.ino && a.mode == b.mode
                && a.uid == b.uid && a.gid == b.gid && a.size == b.size && a.id == b.id
        }

        /// The entry libgit2 makes for a file with this `lstat` and blob (`st_rdev` as its device,
        /// as libgit2 does; git does not compare it).
        init(stat st: stat, mode: UInt32, id: [UInt8]) {
            ctime = (UInt32(truncatingIfNeeded: st.st_ctim.tv_sec), UInt32(truncatingIfNeeded: st.st_ctim.tv_nsec))
            mtime = (UInt32(truncatingIfNeeded: st.st_mtim.tv_sec), UInt32(truncatingIfNeeded: st.st_mtim.tv_nsec))
            dev = UInt32(truncatingIfNeeded: st.st_rdev)
            ino = UInt32(truncatingIfNeeded: st.st_ino)
            self.mode = mode
            uid = st.st_uid
            gid = st.st_gid
            size = UInt32(truncatingIfNeeded: st.st_size)
            self.id = id
        }
    }

    /// Where a path is: an entry (its byte range, mode and blob id), or the offset it would go at.
    enum Slot {
        case entry(range: Range<Int>, mode: UInt32, id: [UInt8])
        case absent(at: Int)
    }

    let bytes: [UInt8]
    let version: UInt32
    let count: Int
    /// Where the entries end and the extensions begin.
    let entriesEnd: Int
    /// The cache tree (`TREE` payload), if any.
    let cacheTree: CacheTree?
    /// The asked-for paths.
    let slots: [String: Slot]
    /// Paths (not among the asked-for ones) whose stat data git does not trust, with their blob ids.
    let racy: [(path: String, id: [UInt8])]
    /// The `.gitattributes` entries: path, mode, blob id.
    let attributes: [(path: String, mode: UInt32, id: [UInt8])]

    /// Reads the index at `path` and finds `paths` in it; nil when it is not a plain index
    /// (see the type's summary) or cannot be read whole.
    static func read(_ file: String, finding paths: [String]) -> GitIndexFile? {
        var st = stat()
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size >= 32 else { return nil }
        // Read straight into the bytes kept (9 MB at 100,000 entries): no second copy.
        let size = Int(st.st_size)
        var whole = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, made in
            while made < size {
                let n = Glibc.read(fd, buffer.baseAddress! + made, size - made)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                made += n
            }
            whole = made == size
        }
        guard whole else { return nil }
        return bytes.withUnsafeBytes { raw in
            parse(bytes, raw, finding: Set(paths), indexTime: Int(st.st_mtim.tv_sec))
        }
    }

    private static func parse(_ bytes: [UInt8], _ raw: UnsafeRawBufferPointer, finding wanted: Set<String>,
                              indexTime: Int) -> GitIndexFile? {
        func u32(_ at: Int) -> UInt32 { UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u16(_ at: Int) -> UInt16 { UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt16.self)) }
        let end = raw.count - 20
        guard u32(0) == 0x4449_5243 /* DIRC */, [2, 3].contains(u32(4)),
              SHA1.digest(UnsafeRawBufferPointer(rebasing: raw[0..<end])) == Array(bytes[end...]) else { return nil }
        let version = u32(4), count = Int(u32(8))
        var slots: [String: Slot] = [:]
        var racy: [(String, [UInt8])] = []
        var attributes: [(String, UInt32, [UInt8])] = []
        let attributesName = Array(".gitattributes".utf8)
        let sortedWanted = wanted.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { Array($0.utf8) }
        var next = 0
        var offset = 12
        for _ in 0..<count {
            guard offset + 62 <= end else { return nil }
            let flags = u16(offset + 60)
            let extended = flags & 0x4000 != 0
            guard version == 3 || !extended else { return nil }
            let nameStart = offset + (extended ? 64 : 62)
            var nameLength = Int(flags & 0xFFF)
            if nameLength == 0xFFF {
                guard let nul = raw[nameStart..<end].firstIndex(of: 0) else { return nil }
                nameLength = nul - nameStart
            }
            let size = (nameStart - offset + nameLength + 8) & ~7
            guard nameStart + nameLength <= end, offset + size <= end else { return nil }
            // Conflicts and entries flagged for sparse checkouts are left to libgit2.
            if flags & 0x3000 != 0 { return nil }
            let name = UnsafeRawBufferPointer(rebasing: raw[nameStart..<(nameStart + nameLength)])
            // The wanted paths are sorted as the entries are: each sits before the first larger entry.
            while next < sortedWanted.count, Self.precedes(sortedWanted[next], name) {
                slots[String(decoding: sortedWanted[next], as: UTF8.self)] = .absent(at: offset)
                next += 1
            }
            if next < sortedWanted.count, sortedWanted[next].elementsEqual(name) {
                if flags & 0x8000 != 0 || (extended && u16(offset + 62) != 0) { return nil }
                slots[String(decoding: sortedWanted[next], as: UTF8.self)] = .entry(range: offset..<(offset + size), mode: u32(offset + 24),
                                                                                   id: Array(bytes[(offset + 40)..<(offset + 60)]))
                next += 1
            } else if Int(u32(offset + 8)) >= indexTime {
                // git trusts stat data only for files last changed before the index was written
                // (to the second, as git without nanosecond stamps compares).
                racy.append((String(decoding: name, as: UTF8.self), Array(bytes[(offset + 40)..<(offset + 60)])))
            }
            if nameLength >= attributesName.count, name.suffix(attributesName.count).elementsEqual(attributesName),
               nameLength == attributesName.count || name[nameLength - attributesName.count - 1] == 47 {
                attributes.append((String(decoding: name, as: UTF8.self), u32(offset + 24), Array(bytes[(offset + 40)..<(offset + 60)])))
            }
            offset += size
        }
        while next < sortedWanted.count {
            slots[String(decoding: sortedWanted[next], as: UTF8.self)] = .absent(at: offset)
            next += 1
        }
        // Extensions: the cache tree is kept; caches git rebuilds are dropped; anything else
        // (resolve-undo, split index, sparse directories, one git requires) is left to libgit2.
        var cacheTree: CacheTree?
        var at = offset
        while at < end {
            guard at + 8 <= end else { return nil }
            let signature = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
            let length = Int(u32(at + 4))
            guard at + 8 + length <= end else { return nil }
            switch signature {
            case "TREE":
                guard let tree = CacheTree.parse(Array(bytes[(at + 8)..<(at + 8 + length)])) else { return nil }
                cacheTree = tree
            case "UNTR", "FSMN", "EOIE", "IEOT":
                break
            default:
                return nil
            }
            at += 8 + length
        }
        return GitIndexFile(bytes: bytes, version: version, count: count, entriesEnd: offset, cacheTree: cacheTree,
                            slots: slots, racy: racy, attributes: attributes)
    }

    /// Whether `a` sorts before `b`, byte by byte (git's order of entries).
    private static func precedes(_ a: [UInt8], _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : a.withUnsafeBytes { memcmp($0.baseAddress!, b.baseAddress!, common) }
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// The index with `changes` applied (a path to its new entry, or nil to remove it) and the
    /// cache tree given, checksum included. Every changed path must be in `slots`.
    func patched(_ changes: [String: Entry?], cacheTree tree: CacheTree?) -> [UInt8] {
        // Edits in file order: (offset, bytes replaced up to, new bytes).
        var edits: [(start: Int, end: Int, path: String)] = []
        var count = count
        for (path, entry) in changes {
            switch slots[path] {
            case let .entry(range, _, _)?:
                edits.append((range.lowerBound, range.upperBound, path))
                if entry == nil { count -= 1 }
            case let .absent(at)?:
                guard entry != nil else { continue }
                edits.append((at, at, path))
                count += 1
            case nil:
                continue
            }
        }
        // In file order; a new entry goes before the entry that starts where it is inserted.
        edits.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return a.path.utf8.lexicographicallyPrecedes(b.path.utf8)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        out += bytes[0..<8]
        out += Self.bigEndian(UInt32(count))
        var copied = 12
        for edit in edits {
            out += bytes[copied..<edit.start]
            if let entry = changes[edit.path] ?? nil { out += Self.encode(entry, path: edit.path) }
            copied = edit.end
        }
        out += bytes[copied..<entriesEnd]
        if let tree {
            let payload = tree.encoded()
            out += Array("TREE".utf8) + Self.bigEndian(UInt32(payload.count)) + payload
        }
        out += out.withUnsafeBytes { SHA1.digest($0) }
        return out
    }

    /// A version 2 entry: stat data, mode, id, flags with the name length, the name, NUL padding.
    static func encode(_ e: Entry, path: String) -> [UInt8] {
        let name = Array(path.utf8)
        var out: [UInt8] = []
        for word in [e.ctime.0, e.ctime.1, e.mtime.0, e.mtime.1, e.dev, e.ino, e.mode, e.uid, e.gid, e.size] {
            out += bigEndian(word)
        }
        out += e.id
        let length = UInt16(min(name.count, 0xFFF))
        out += [UInt8(length >> 8), UInt8(length & 0xFF)]
        out += name
        let size = (62 + name.count + 8) & ~7
        out += [UInt8](repeating: 0, count: size - 62 - name.count)
        return out
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }

    /// Writes `bytes` as the index the way git does: a new `index.lock` (refused when one is
    /// there: someone else is writing), fsynced, renamed over `index`, then the folder fsynced.
    static func write(_ bytes: [UInt8], gitDirectory: String) throws {
        let lock = gitDirectory + "/index.lock", target = gitDirectory + "/index"
        let fd = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw GitError(code: -1, function: "open", message: "cannot create \(lock): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count, failure == nil {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { failure = String(cString: strerror(errno)) } else { done += n }
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(lock, target) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(lock)
            throw GitError(code: -1, function: "write", message: "cannot write \(target): \(failure)")
        }
        try FileSync.folder(gitDirectory)
    }
}
