import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing: atomic replacements that can be put back, caches that need no flush, removals,
/// folders and the errors a full or read-only disk gives.
extension FileSystem {
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
        let dir = VaultPath.folder(of: path)
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
        guard writeAll(fd, bytes), fsync(fd) == 0 else { throw fail("write") }
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
        let tmp = temporaryName(in: VaultPath.folder(of: path))
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let whole = writeAll(fd, bytes)
        guard close(fd) == 0, whole, rename(tmp, path) == 0 else {
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
        let dir = VaultPath.folder(of: path)
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
            for dir in Set(replacements.map { VaultPath.folder(of: $0.path) }) {
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
        let parent = VaultPath.folder(of: dir)
        if !parent.isEmpty, parent != dir { try makeFolders(parent, shownAs: name) }
        guard mkdir(dir, 0o777) == 0 || errno == EEXIST else { throw failure("create the folder for", name) }
    }

    /// Writes every byte, retrying after a signal; false (with `errno` set) when a write fails.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            written += n
        }
        return true
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
