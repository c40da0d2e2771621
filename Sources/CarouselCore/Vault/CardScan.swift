import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every `*.md` file under one vault folder with its stamp, kept as bytes: what a refresh
/// compares with the index. The same files as `FileSystem.markdownListing` (hidden folders not
/// entered, folder links not followed, a file link only when it stays inside the vault), but no
/// String is made for a file until it turns out to be new or changed, and each file is stat'ed
/// relative to its own open folder, on every core when there are many, as `git status` does.
final class CardScan: @unchecked Sendable {
    /// Vault-relative paths, each followed by a NUL; `start[i]` is where file i begins and
    /// `name[i]` where its last component begins.
    private(set) var bytes: [UInt8] = []
    private(set) var start: [Int32] = []
    private(set) var name: [Int32] = []
    /// The folder each file is in: an index into `folders`.
    private var folder: [Int32] = []
    /// Open descriptors of the folders walked (-1 once closed), and their vault-relative paths.
    private var folders: [Int32] = []
    private var folderPaths: [String] = []
    /// Each file's stamp after `stat()`; nil where the file is gone or is not a regular file.
    private(set) var stamps: UnsafeMutableBufferPointer<FileStamp?>
    /// Links that were skipped because they lead out of the vault, with where they lead.
    private(set) var skipped: [(path: String, destination: Vault.Destination)] = []
    /// Every other entry met (hidden names, files that are not `*.md`), for `CleanMark`.
    private(set) var others: [String] = []

    var count: Int { start.count }

    /// A folder's own stamp: an entry added, removed or renamed in it changes its mtime and ctime.
    struct FolderStamp: Equatable {
        var path: String
        var mtime: Int64
        var ctime: Int64
        var inode: UInt64
        /// The entries of the folder that are not cards (`others`).
        var others: [String] = []
    }

    /// Every folder walked, with its stamp taken before it was read.
    private(set) var folderStamps: [FolderStamp] = []
    /// Whether this listing can be used again while every folder keeps its stamp: no link was
    /// met (where a link leads can change while its folder does not) and no folder had changed
    /// in the two seconds before the walk (a change within one clock tick would not show).
    private(set) var settled = true
    /// Whether the walk met a link among the cards (kept or skipped): Watchman reports a change
    /// to a link's target under the target's name, so a listing with links is always walked.
    private(set) var metLink = false
    private var began: Int64 = 0
    /// How long before the walk a folder must have last changed to be trusted (tests shorten it).
    nonisolated(unsafe) static var settleWindow: Int64 = 2_000_000_000

    /// Folders kept open for the stat calls; past this many, files are stat'ed from the root.
    private static let openFolderLimit = 256

    init(root: String, dir: String) {
        stamps = UnsafeMutableBufferPointer(start: nil, count: 0)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        began = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        let realRoot = FileSystem.realPath(root) ?? root
        let fd = open(root + "/" + dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var files = Files()
        if fd >= 0 { walk(fd, relative: dir, root: root, realRoot: realRoot, into: &files) }
        (bytes, start, name, folder) = (files.bytes, files.start, files.name, files.folder)
        skipped.sort { $0.path < $1.path }
        if !skipped.isEmpty {
            settled = false
            metLink = true
        }
        stamps = .allocate(capacity: start.count)
        stamps.initialize(repeating: nil)
    }

    /// The listing of the last walk, given as the paths the index holds (vault-relative, inside
    /// `dir`, each followed by a NUL, file i starting at `start[i]`), when `unchanged` said every
    /// folder kept its stamp: no folder is read, only the files stat'ed.
    init(reusing dir: String, root: String, bytes: [UInt8], start: [Int32], others: [String]) {
        stamps = .allocate(capacity: start.count)
        stamps.initialize(repeating: nil)
        self.bytes = bytes
        self.start = start
        let skip = Int32(dir.utf8.count + 1)
        name = start.map { $0 + skip }
        folder = Array(repeating: 0, count: start.count)
        self.others = others
        let fd = open(root + "/" + dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        folders = [fd]
        folderPaths = [dir]
    }

    /// Whether every folder of an earlier walk still has its stamp (and so its entries).
    static func unchanged(root: String, _ known: [FolderStamp]) -> Bool {
        known.enumerated().allSatisfy { i, folder in
            var st = Glibc.stat()
            // The top folder is opened following a link, as the walk does; the others never are.
            let ok = fstatat(AT_FDCWD, root + "/" + folder.path, &st, i == 0 ? 0 : AT_SYMLINK_NOFOLLOW) == 0
            return ok && (st.st_mode & S_IFMT) == S_IFDIR && FolderStamp(path: folder.path, stat: st, others: folder.others) == folder
        }
    }

    deinit {
        closeFolders()
        stamps.deallocate()
    }

    /// The vault-relative path of file `i`.
    func path(_ i: Int) -> String {
        withPathBytes(i) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with file `i`'s path as bytes (no NUL).
    func withPathBytes<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { body(PackedPaths.path(i, $0, start)) }
    }

    /// Stats every file (on every core when there are more than 2,000) and closes the folders.
    func stat() {
        let total = count
        let workers = total > 2000 ? max(1, ProcessInfo.processInfo.activeProcessorCount) : 1
        guard total > 0 else { return closeFolders() }
        let (folders, folder, name, start, stamps) = (self.folders, self.folder, self.name, self.start, self.stamps)
        let skip = folderPaths[0].utf8.count + 1
        bytes.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let base = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            nonisolated(unsafe) let stamps = stamps
            let rootFd = folders[0]
            @Sendable func statRange(_ range: Range<Int>) {
                for i in range {
                    let dirFd = folders[Int(folder[i])]
                    stamps[i] = dirFd >= 0
                        ? FileSystem.stamp(in: dirFd, base + Int(name[i]))
                        : FileSystem.stamp(in: rootFd, base + Int(start[i]) + skip)
                }
            }
            if workers == 1 {
                statRange(0..<total)
            } else {
                let chunks = workers * 8
                let size = (total + chunks - 1) / chunks
                DispatchQueue.concurrentPerform(iterations: chunks) { c in
                    statRange(c * size ..< min(total, (c + 1) * size))
                }
            }
        }
        closeFolders()
    }

    private func closeFolders() {
        for i in folders.indices where folders[i] >= 0 {
            close(folders[i])
            folders[i] = -1
        }
    }

    /// The files a walk meets, gathered in a value of its own: appending to the scan's own
    /// properties paid an exclusivity check at every access, four per file.
    private struct Files {
        var bytes: [UInt8] = []
        var start: [Int32] = []
        var name: [Int32] = []
        var folder: [Int32] = []

        mutating func add(prefix: [UInt8], name nameBytes: UnsafeBufferPointer<UInt8>, folder index: Int32) {
            start.append(Int32(bytes.count))
            bytes.append(contentsOf: prefix)
            name.append(Int32(bytes.count))
            bytes.append(contentsOf: nameBytes)
            bytes.append(0)
            folder.append(index)
        }
    }

    private func walk(_ fd: Int32, relative: String, root: String, realRoot: String, into files: inout Files) {
        let index = Int32(folders.count)
        let copy = dup(fd)
        guard copy >= 0, let handle = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            close(fd)
            return
        }
        folders.append(fd)
        folderPaths.append(relative)
        var own = Glibc.stat()
        var stampIndex: Int?
        if fstat(fd, &own) == 0 {
            let stamp = FolderStamp(path: relative, stat: own, others: [])
            if stamp.mtime >= began - CardScan.settleWindow || stamp.ctime >= began - CardScan.settleWindow { settled = false }
            stampIndex = folderStamps.count
            folderStamps.append(stamp)
        } else {
            settled = false
        }
        let othersBefore = others.count
        let prefix = Array(relative.utf8) + [UInt8(ascii: "/")]
        var subfolders: [String] = []
        while let entry = readdir(handle) {
            withUnsafePointer(to: entry.pointee.d_name) { raw in
                raw.withMemoryRebound(to: UInt8.self, capacity: 256) { n in
                    let cName = UnsafeRawPointer(n).assumingMemoryBound(to: CChar.self)
                    let length = strlen(cName)
                    let nameBytes = UnsafeBufferPointer(start: n, count: length)
                    let dot = UInt8(ascii: ".")
                    if (length == 1 && n[0] == dot) || (length == 2 && n[0] == dot && n[1] == dot) { return }
                    // A name that is not UTF-8 cannot be a card path (it was never listed).
                    if nameBytes.contains(where: { $0 >= 0x80 }), String(validating: nameBytes, as: UTF8.self) == nil { return }
                    let text = { relative + "/" + String(decoding: nameBytes, as: UTF8.self) }
                    if n[0] == dot {
                        others.append(text())
                        return
                    }
                    var type = entry.pointee.d_type
                    if type == UInt8(DT_UNKNOWN) {
                        var st = Glibc.stat()
                        guard fstatat(fd, cName, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                        switch st.st_mode & S_IFMT {
                        case S_IFDIR: type = UInt8(DT_DIR)
                        case S_IFLNK: type = UInt8(DT_LNK)
                        case S_IFREG: type = UInt8(DT_REG)
                        default: return
                        }
                    }
                    let isMarkdown = length > 3 && n[length - 3] == dot && n[length - 2] == UInt8(ascii: "m")
                        && n[length - 1] == UInt8(ascii: "d")
                    if type == UInt8(DT_DIR) {
                        subfolders.append(String(decoding: nameBytes, as: UTF8.self))
                    } else if isMarkdown, type == UInt8(DT_REG) {
                        files.add(prefix: prefix, name: nameBytes, folder: index)
                    } else if isMarkdown, type == UInt8(DT_LNK) {
                        settled = false
                        metLink = true
                        let rel = text()
                        let destination = FileSystem.destination(ofReal: FileSystem.realPath(root + "/" + rel), realRoot: realRoot)
                        if case .inside = destination { files.add(prefix: prefix, name: nameBytes, folder: index) } else { skipped.append((rel, destination)) }
                    } else {
                        others.append(text())
                    }
                }
            }
        }
        closedir(handle)
        if let stampIndex { folderStamps[stampIndex].others = Array(others[othersBefore...]) }
        for sub in subfolders {
            // Never a link: `d_type` said folder, and O_NOFOLLOW holds it to that.
            let child = openat(fd, sub, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 { walk(child, relative: relative + "/" + sub, root: root, realRoot: realRoot, into: &files) }
        }
        // Past the limit, a folder's files are stat'ed by their path from the first folder.
        if folders.count > CardScan.openFolderLimit, index > 0 {
            close(fd)
            folders[Int(index)] = -1
        }
    }
}

extension CardScan.FolderStamp {
    init(path: String, stat st: stat, others: [String]) {
        self.init(path: path, mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                  ctime: Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec), inode: UInt64(st.st_ino), others: others)
    }
}

extension FileSystem {
    /// The stamp of the file named by a C string inside the folder open as `dir`, following a link.
    static func stamp(in dir: Int32, _ relative: UnsafePointer<CChar>) -> FileStamp? {
        var st = stat()
        guard fstatat(dir, relative, &st, 0) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(size: Int64(st.st_size),
                         mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                         inode: UInt64(st.st_ino))
    }
}
