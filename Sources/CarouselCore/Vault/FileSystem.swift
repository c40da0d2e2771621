import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the index compares to decide whether a file must be read again.
public struct FileStamp: Equatable, Sendable {
    public let size: Int64
    /// Modification time in nanoseconds since the epoch.
    public let mtime: Int64
    public let inode: UInt64
}

/// Small, direct file-system helpers (POSIX calls, no Foundation overhead on hot paths).
public enum FileSystem {
    /// The stamp of a regular file, following a symlink; nil when missing or not a regular file.
    public static func stamp(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(size: Int64(st.st_size),
                         mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                         inode: UInt64(st.st_ino))
    }

    /// The stamp of `relative` inside the folder open as `dir`, following a symlink.
    static func stamp(in dir: Int32, _ relative: String) -> FileStamp? {
        var st = stat()
        guard fstatat(dir, relative, &st, 0) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(size: Int64(st.st_size),
                         mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                         inode: UInt64(st.st_ino))
    }

    /// The stamps of many files under `root` (paths relative to it), in order; the stat calls
    /// run on every core when there are many, as `git status` does, each relative to the open
    /// root folder so the kernel does not walk the root's own path again for every file.
    public static func stamps(root: String, _ paths: [String]) -> [FileStamp?] {
        let dir = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { return paths.map { stamp(root + "/" + $0) } }
        defer { close(dir) }
        guard paths.count > 2000 else { return paths.map { stamp(in: dir, $0) } }
        let out = StampSlots(count: paths.count)
        let chunks = min(ProcessInfo.processInfo.activeProcessorCount * 4, paths.count)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var i = chunk
            while i < paths.count {
                out.set(i, stamp(in: dir, paths[i]))
                i += chunks
            }
        }
        return out.values()
    }

    /// Slots written by parallel stat calls, each index by exactly one of them.
    private final class StampSlots: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<FileStamp?>
        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }
        deinit { storage.deallocate() }
        func set(_ i: Int, _ value: FileStamp?) { storage[i] = value }
        func values() -> [FileStamp?] { Array(storage) }
    }

    /// Vault-relative paths of every `*.md` file under `dir` (recursively), skipping hidden
    /// folders. Symlinked folders are not followed, so a vault cannot loop or lead outside.
    /// A symlinked file is listed only when its target stays inside the vault (and out of its
    /// `.git/` and `.carousel/` folders).
    public static func markdownFiles(root: String, dir: String) -> [String] {
        markdownListing(root: root, dir: dir).files
    }

    /// The `*.md` files under `dir`, and the links that were skipped because they lead out of
    /// the vault (or into `.git/` or `.carousel/`), with where they lead.
    /// `others` is every other entry met on the way (hidden names, which are not entered, and
    /// files that are not `*.md`): what git sees there but the index does not, so the quick
    /// "nothing changed since the last commit" check (`CleanMark`) can stat them too.
    public static func markdownListing(root: String, dir: String) -> (files: [String], skipped: [(path: String, destination: Vault.Destination)], others: [String]) {
        var listing = Listing()
        let realRoot = realPath(root) ?? root
        walk(root: root, realRoot: realRoot, relative: dir, into: &listing)
        return (listing.files.sorted(), listing.skipped.sorted { $0.path < $1.path }, listing.others)
    }

    private struct Listing {
        var files: [String] = []
        var skipped: [(path: String, destination: Vault.Destination)] = []
        var others: [String] = []
    }

    /// Where a canonical path lies relative to the real root: the one rule `Vault` applies too.
    static func destination(ofReal real: String?, realRoot: String) -> Vault.Destination {
        guard let real else { return .missing }
        guard real == realRoot || real.hasPrefix(realRoot + "/") else { return .outside }
        let first = real.dropFirst(realRoot.count + 1).split(separator: "/").first.map { String($0).lowercased() } ?? ""
        if first == ".git" || first == Vault.localDir { return .reserved(first) }
        return .inside(real)
    }

    /// Whether `path` itself is a symbolic link (not followed).
    public static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The text of a symbolic link (where it points), nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(path, &buffer, 4096)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical absolute path (symlinks resolved), nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func walk(root: String, realRoot: String, relative: String, into listing: inout Listing) {
        guard let handle = opendir(root + "/" + relative) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let rel = relative + "/" + name
            if name.hasPrefix(".") {
                listing.others.append(rel)
                continue
            }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var st = stat()
                guard lstat(root + "/" + rel, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR: type = UInt8(DT_DIR)
                case S_IFLNK: type = UInt8(DT_LNK)
                case S_IFREG: type = UInt8(DT_REG)
                default: continue
                }
            }
            if type == UInt8(DT_DIR) {
                walk(root: root, realRoot: realRoot, relative: rel, into: &listing)
            } else if name.hasSuffix(".md"), type == UInt8(DT_REG) {
                listing.files.append(rel)
            } else if name.hasSuffix(".md"), type == UInt8(DT_LNK) {
                let destination = destination(ofReal: realPath(root + "/" + rel), realRoot: realRoot)
                if case .inside = destination { listing.files.append(rel) } else { listing.skipped.append((rel, destination)) }
            } else {
                listing.others.append(rel)
            }
        }
    }

    /// Reads a file as UTF-8 text. With `followLinks: false` a final link is not followed
    /// (`O_NOFOLLOW`); `shownAs` is the name messages use (a vault-relative path).
    public static func readText(_ path: String, followLinks: Bool = true, shownAs: String? = nil) throws(CarouselError) -> String {
        let name = shownAs ?? path
        let fd = open(path, O_RDONLY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            if errno == ELOOP { throw .boundary("\(name) is a link; Carousel does not follow it here") }
            throw .io("cannot read \(name): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw .io("cannot read \(name): it is not a regular file") }
        if Int64(st.st_size) > Int64(YAMLLimits.maxFileBytes) {
            throw .io("\(name) is \(Int64(st.st_size) / 1024) KB; Carousel reads files up to \(YAMLLimits.maxFileBytes / 1024) KB")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n < 0 { throw .io("cannot read \(name): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > YAMLLimits.maxFileBytes { throw .io("\(name) is over \(YAMLLimits.maxFileBytes / 1024) KB; Carousel reads files up to that size") }
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw .io("\(name) is UTF-16; save it as UTF-8")
        }
        // Not `String(bytes:encoding:)`: Foundation drops a leading byte-order mark, which the
        // person's file keeps (docs/format.md).
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .io("\(name) is not valid UTF-8 text")
        }
        return text
    }

    /// Reads a whole file's bytes, at most `limit` of them; never follows a final link.
    public static func readBytes(_ path: String, limit: Int64, shownAs name: String) throws(CarouselError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw .io("cannot read \(name): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { throw .io("cannot read \(name): it is not a regular file") }
        guard Int64(st.st_size) <= limit else { throw .io("\(name) is larger than \(limit) bytes") }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(st.st_size)) { buffer, count in
            while count < buffer.count {
                let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno; break }
                if n == 0 { break }
                count += n
            }
        }
        if failure != 0 { throw .io("cannot read \(name): \(String(cString: strerror(failure)))") }
        return bytes
    }

    /// Writes a file atomically: a temporary file in the same folder, fsync, then rename, then an
    /// fsync of the folder, so a crash or a power cut leaves either the old file or the new one,
    /// never half of one. Every flush is checked: a failed `fsync` or `close` is an error, never a
    /// success. A file that exists keeps its mode (and, where allowed, its owner and group); a new
    /// file follows the umask. With `keepingOld`, the old file stays reachable under a temporary
    /// name (a hard link, no copy) until `FileSystem.settle` drops or restores it.
    @discardableResult
    public static func writeAtomically(_ text: String, to path: String, shownAs: String? = nil,
                                       keepingOld: Bool = false) throws(CarouselError) -> Replacement {
        try writeAtomically(bytes: Array(text.utf8), to: path, shownAs: shownAs, keepingOld: keepingOld)
    }

    /// Writes exact bytes atomically, the same way.
    @discardableResult
    public static func writeAtomically(bytes: [UInt8], to path: String, shownAs: String? = nil,
                                       keepingOld: Bool = false) throws(CarouselError) -> Replacement {
        let name = shownAs ?? path
        let dir = (path as NSString).deletingLastPathComponent
        try makeFolders(dir, shownAs: name)
        var old = stat()
        let existed = stat(path, &old) == 0 && (old.st_mode & S_IFMT) == S_IFREG
        let tmp = temporaryName(in: dir)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existed ? 0o600 : 0o666)
        guard fd >= 0 else { throw failure("write", name) }
        func fail(_ verb: String) -> CarouselError {
            let error = failure(verb, name)
            close(fd)
            unlink(tmp)
            return error
        }
        if existed {
            // The rewrite is a new file: give it the old one's mode and, where allowed, owner.
            if fchmod(fd, old.st_mode & 0o7777) != 0 { throw fail("write") }
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { throw fail("write") }
            written += n
        }
        guard fsync(fd) == 0 else { throw fail("write") }
        guard close(fd) == 0 else {
            let error = failure("write", name)
            unlink(tmp)
            throw error
        }
        var backup: String?
        if existed {
            let name = temporaryName(in: dir)
            if link(path, name) == 0 { backup = name }
        }
        guard rename(tmp, path) == 0 else {
            let error = failure("replace", name)
            unlink(tmp)
            if let backup { unlink(backup) }
            throw error
        }
        let replacement = Replacement(path: path, backup: backup, existed: existed)
        do {
            try syncFolder(dir, shownAs: name)
        } catch {
            // The new name may not survive a power cut: put the old file back and say so.
            settle([replacement], restore: true)
            throw error
        }
        if !keepingOld, let backup { unlink(backup) }
        return Replacement(path: path, backup: keepingOld ? backup : nil, existed: existed)
    }

    /// Replaces a file that only caches what can be worked out again (`.carousel/stamps`): a
    /// temporary name, then a rename, so a reader sees a whole file or the old one, but no flush
    /// (after a power cut the file may be empty or torn; its reader checks it). Errors are ignored.
    static func writeCache(_ bytes: [UInt8], to path: String) {
        let tmp = temporaryName(in: (path as NSString).deletingLastPathComponent)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            written += n
        }
        guard close(fd) == 0, written == bytes.count, rename(tmp, path) == 0 else {
            unlink(tmp)
            return
        }
    }

    /// What an atomic write or removal replaced, so a change that cannot be committed can be
    /// put back exactly as it was.
    public struct Replacement: Sendable {
        public let path: String
        /// The old file under a temporary name, when it was kept.
        public let backup: String?
        /// Whether there was a file before.
        public let existed: Bool
    }

    /// Removes a file; with `keepingOld` it is moved aside under a temporary name instead.
    @discardableResult
    public static func remove(_ path: String, keepingOld: Bool) throws(CarouselError) -> Replacement {
        guard keepingOld else {
            try remove(path)
            return Replacement(path: path, backup: nil, existed: false)
        }
        let dir = (path as NSString).deletingLastPathComponent
        let backup = temporaryName(in: dir)
        if rename(path, backup) == 0 { return Replacement(path: path, backup: backup, existed: true) }
        guard errno == ENOENT else { throw failure("remove", path) }
        return Replacement(path: path, backup: nil, existed: false)
    }

    /// After a change is committed (`restore: false`) drops the kept old files; when it could not
    /// be committed (`restore: true`) puts every file back as it was, newest change first.
    public static func settle(_ replacements: [Replacement], restore: Bool) {
        for r in replacements.reversed() {
            if !restore {
                if let backup = r.backup { unlink(backup) }
            } else if let backup = r.backup {
                rename(backup, r.path)
            } else if !r.existed {
                unlink(r.path)
            }
        }
        if restore {
            for dir in Set(replacements.map { ($0.path as NSString).deletingLastPathComponent }) {
                try? syncFolder(dir, shownAs: dir)
            }
        }
    }

    /// Flushes a folder's entries (a rename or a new file in it) to the disk.
    static func syncFolder(_ dir: String, shownAs name: String) throws(CarouselError) {
        let dfd = open(dir, O_RDONLY | O_CLOEXEC)
        guard dfd >= 0 else { throw failure("flush the folder of", name) }
        // EINVAL: the file system cannot sync a folder (some network and FUSE ones); nothing to wait for.
        if fsync(dfd) != 0, errno != EINVAL {
            let error = failure("flush the folder of", name)
            close(dfd)
            throw error
        }
        close(dfd)
    }

    /// Creates a folder and its parents (mode from the umask), with the same errors as a write.
    static func makeFolders(_ dir: String, shownAs name: String) throws(CarouselError) {
        var st = stat()
        if stat(dir, &st) == 0 { return }
        let parent = (dir as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != dir { try makeFolders(parent, shownAs: name) }
        guard mkdir(dir, 0o777) == 0 || errno == EEXIST else { throw failure("create the folder for", name) }
    }

    private static func temporaryName(in dir: String) -> String {
        dir + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The error for a failed write step, read from `errno` (call it straight after the failure):
    /// a full disk or quota and a read-only file system are said plainly, anything else with the
    /// system's words.
    static func failure(_ verb: String, _ name: String) -> CarouselError {
        let code = errno
        switch code {
        case ENOSPC: return .diskFull(path: name, quota: false)
        case EDQUOT: return .diskFull(path: name, quota: true)
        default: return .io("cannot \(verb) \(name): \(String(cString: strerror(code)))")
        }
    }

    /// The permission bits of these regular files (links and missing files left out).
    public static func modes(of paths: [String]) -> [String: mode_t] {
        var result: [String: mode_t] = [:]
        for path in paths {
            var st = stat()
            if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { result[path] = st.st_mode & 0o7777 }
        }
        return result
    }

    /// Gives files rewritten by someone else (git's checkout) back the modes they had.
    public static func restore(modes: [String: mode_t]) {
        for (path, mode) in modes {
            var st = stat()
            if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_mode & 0o7777 != mode { chmod(path, mode) }
        }
    }

    /// Names of temporary files during an atomic write (ignored by git and by the index).
    public static let temporaryPrefix = ".carousel-tmp-"

    public static func remove(_ path: String) throws(CarouselError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .io("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }
}
