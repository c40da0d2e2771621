import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// fsync of what libgit2 and git leave unflushed: a folder's new names, or a file's bytes.
enum FileSync {
    static func folder(_ path: String) throws { try flush(path, flags: O_RDONLY | O_DIRECTORY) }
    static func file(_ path: String) throws { try flush(path, flags: O_RDONLY) }

    private static func flush(_ path: String, flags: Int32) throws {
        let fd = open(path, flags | O_CLOEXEC)
        guard fd >= 0 else {
            throw GitError(code: -1, function: "open", message: "cannot open \(path) to flush it: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        guard fsync(fd) == 0 else {
            throw GitError(code: -1, function: "fsync", message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Flushes a path a checkout wrote in the work tree, which a peer's tree chose: only a real
    /// folder (`S_IFDIR`) or regular file (`S_IFREG`) is ever opened, never through a link. A
    /// link to a FIFO (whose `open` waits for a writer forever) or to a device, a missing path,
    /// or a file where a folder was is skipped: its folder's flush makes the entry durable.
    /// The open is `O_NOFOLLOW | O_NONBLOCK` in case the path changed since the `lstat`.
    static func workTree(_ path: String, kind: mode_t) throws {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == kind else { return }
        let fd = open(path, (kind == S_IFDIR ? O_DIRECTORY : 0) | O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if [ELOOP, ENOTDIR, ENOENT, ENXIO].contains(errno) { return }  // replaced since the lstat
            throw GitError(code: -1, function: "open", message: "cannot open \(path) to flush it: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == kind else { return }
        // EINVAL: this file system cannot sync this file; there is nothing more to make durable.
        guard fsync(fd) == 0 || errno == EINVAL else {
            throw GitError(code: -1, function: "fsync", message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Makes durable what the `git` program wrote into a git directory since `start`: git (2.39
    /// with its default `core.fsync`) flushes neither loose objects nor refs, and never a folder.
    /// Objects first (files, their folders, `objects/`), then refs and reflogs, then the git
    /// directory itself, so a ref never reaches the disk before the objects it names. Only
    /// folders changed since `start` are listed, so this stays cheap in a large repository.
    static func gitDirectory(_ gitDir: String, changedSince start: Date) throws {
        let since = start.timeIntervalSince1970 - 2
        for part in ["objects", "refs", "logs"] {
            let top = gitDir + "/" + part
            guard isFolder(top) else { continue }
            try tree(top, since: since)
        }
        if let packed = modified(gitDir + "/packed-refs"), packed >= since { try file(gitDir + "/packed-refs") }
        try folder(gitDir)
    }

    /// Files changed since `since` under `path`, then each changed folder, deepest first.
    private static func tree(_ path: String, since: Double) throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names where !name.hasSuffix(".lock") {
            let child = path + "/" + name
            if isFolder(child) {
                // An `objects/xx` fan-out folder unchanged since `start` holds nothing new.
                if name.count != 2 || (modified(child) ?? 0) >= since { try tree(child, since: since) }
            } else if let m = modified(child), m >= since {
                try file(child)
            }
        }
        if let m = modified(path), m >= since { try folder(path) }
    }

    private static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    private static func modified(_ path: String) -> Double? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }
}
