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

    /// Vault-relative paths of every `*.md` file under `dir` (recursively), skipping hidden
    /// folders. Symlinked folders are not followed, so a vault cannot loop or lead outside.
    /// A symlinked file is listed only when its target stays inside the vault.
    public static func markdownFiles(root: String, dir: String) -> [String] {
        var result: [String] = []
        let realRoot = realPath(root) ?? root
        walk(root: root, realRoot: realRoot, relative: dir, into: &result)
        return result.sorted()
    }

    /// The canonical absolute path (symlinks resolved), nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func walk(root: String, realRoot: String, relative: String, into result: inout [String]) {
        guard let handle = opendir(root + "/" + relative) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            let rel = relative + "/" + name
            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                walk(root: root, realRoot: realRoot, relative: rel, into: &result)
            } else if name.hasSuffix(".md"), type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) {
                result.append(rel)
            } else if name.hasSuffix(".md"), type == UInt8(DT_LNK),
                      let target = realPath(root + "/" + rel), target.hasPrefix(realRoot + "/") {
                result.append(rel)
            }
        }
    }

    /// Reads a file as UTF-8 text; nil when unreadable. Invalid UTF-8 is reported by the caller.
    public static func readText(_ path: String) throws(CarouselError) -> String {
        if let size = stamp(path)?.size, size > Int64(YAMLLimits.maxFileBytes) {
            throw .io("\(path) is \(size / 1024) KB; Carousel reads files up to \(YAMLLimits.maxFileBytes / 1024) KB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io("cannot read \(path)")
        }
        if data.count >= 2, (data[0] == 0xFF && data[1] == 0xFE) || (data[0] == 0xFE && data[1] == 0xFF) {
            throw .io("\(path) is UTF-16; save it as UTF-8")
        }
        // Not `String(data:encoding:)`: Foundation drops a leading byte-order mark, which the
        // person's file keeps (docs/format.md).
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .io("\(path) is not valid UTF-8 text")
        }
        return text
    }

    /// Writes a file atomically: a temporary file in the same folder, fsync, then rename, so a
    /// crash leaves either the old file or the new one, never half of one.
    public static func writeAtomically(_ text: String, to path: String) throws(CarouselError) {
        let dir = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create folder \(dir): \(error.localizedDescription)")
        }
        let tmp = dir + "/" + temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw .io("cannot write \(path): \(String(cString: strerror(errno)))") }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n <= 0 {
                close(fd)
                unlink(tmp)
                throw .io("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += n
        }
        fsync(fd)
        close(fd)
        guard rename(tmp, path) == 0 else {
            unlink(tmp)
            throw .io("cannot replace \(path): \(String(cString: strerror(errno)))")
        }
        let dfd = open(dir, O_RDONLY)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
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
