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
    /// `path` as it names a file from the current folder: a relative path is joined to it.
    public static func fromCurrentFolder(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

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
        // A folder that is (or lies under) a link out of the vault is never listed, not even by name.
        let start = destination(ofReal: realPath(root + "/" + dir), realRoot: realRoot)
        switch start {
        case .inside, .missing: break
        default: return ([], [(dir, start)], [])
        }
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
}
