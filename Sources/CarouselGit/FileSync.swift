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

    /// Gives each regular file at these work-tree paths that has other hard links a copy of its
    /// own, put in place by rename, before a checkout writes there: libgit2 truncates and
    /// rewrites a file in place, so a card hard-linked to a file elsewhere (outside the vault,
    /// say) would carry the peer's text into that other file. The other names keep the old
    /// bytes; the vault's name gets the same bytes in a new inode. The copy's name starts with
    /// `.carousel-tmp-`, which a later command removes if this one is killed half way.
    static func separateHardLinks(in workdir: String, _ paths: [String]) throws {
        for path in paths {
            let full = (workdir as NSString).appendingPathComponent(path)
            var st = stat()
            guard lstat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_nlink > 1 else { continue }
            let fd = open(full, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            let source = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            let bytes = try source.readToEnd() ?? Data()
            let folder = (full as NSString).deletingLastPathComponent
            let copy = folder + "/.carousel-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let out = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, st.st_mode & 0o777)
            guard out >= 0 else {
                throw GitError(code: -1, function: "open", message: "cannot make a copy of \(full) of its own: \(String(cString: strerror(errno)))")
            }
            let written = bytes.withUnsafeBytes { raw in raw.isEmpty ? 0 : write(out, raw.baseAddress, raw.count) }
            let synced = fsync(out) == 0
            close(out)
            guard written == bytes.count, synced, rename(copy, full) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(copy)
                throw GitError(code: -1, function: "rename", message: "cannot give \(full) a copy of its own before writing it: \(reason)")
            }
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
