import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads card files for the index on one thread at a time: each file with one `read` into a
/// buffer kept from file to file, opened relative to its folder (kept open while the next files
/// are in the same folder), and parsed from the bytes by `PlainCardParser`. Whatever that path
/// does not take (a link, a file that is not plain, any problem) is read again by `CardRow.read`,
/// the full path, so rows and messages are the same either way.
/// Not thread-safe: `@unchecked Sendable` only so a parallel batch can hand worker w its own reader.
final class CardReader: @unchecked Sendable {
    let vault: Vault
    private var buffer: UnsafeMutableRawBufferPointer
    /// The vault root, open; -1 when it could not be opened (then every file takes the full path).
    private let rootFD: Int32
    /// The folder of the last file read (vault-relative, without a trailing slash) and its descriptor.
    private var folder = ""
    private var folderFD: Int32 = -1

    init(vault: Vault) {
        self.vault = vault
        buffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        rootFD = open(vault.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        buffer.deallocate()
        if folderFD >= 0 { close(folderFD) }
        if rootFD >= 0 { close(rootFD) }
    }

    /// The index row of one card file.
    func row(path: String, stamp: FileStamp) -> CardRow {
        guard let parsed = readPlain(path) else { return CardRow.read(path: path, vault: vault, stamp: stamp) }
        var row = CardRow(path: path, stamp: stamp, card: parsed.card, diagnostics: [])
        row.body = parsed.body
        row.reminds = parsed.reminds
        return row
    }

    /// The card and body of a plain card file; nil when it must take the full path.
    private func readPlain(_ path: String) -> (card: Card, body: String, reminds: Bool)? {
        guard let count = read(path) else { return nil }
        return PlainCardParser.parse(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[0..<count]), path: path)
    }

    /// Reads a regular file into `buffer`, and gives its length; nil for anything else (a link
    /// on the way, a missing file, a file over the size limit, a read error).
    private func read(_ path: String) -> Int? {
        // The rules `Vault.readText` applies before it opens anything.
        guard CardReader.isPlainPath(path), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let dir = String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        guard let dirFD = folderDescriptor(dir) else { return nil }
        let fd = openat(dirFD, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)  // a FIFO never blocks the open
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int64(st.st_size) <= Int64(YAMLLimits.maxFileBytes) else { return nil }
        // One byte more than the size, to see the end of the file in the same call.
        let want = Int(st.st_size) + 1
        if buffer.count < want {
            buffer.deallocate()
            buffer = .allocate(byteCount: max(want, buffer.count * 2), alignment: 16)
        }
        var count = 0
        while true {
            if count == buffer.count {
                // The file grew while it was read.
                guard count <= YAMLLimits.maxFileBytes else { return nil }
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: count * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = bigger
            }
            let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
            // Fewer bytes than the size asked for: the end of the file, without one more call.
            if count < want, count == Int(st.st_size) { break }
        }
        return count <= YAMLLimits.maxFileBytes ? count : nil
    }

    /// A narrower `PathName.isPlainRelativePath`, byte by byte: relative, no empty, `.` or `..`
    /// part, no control character, and a first part that does not start with a dot (so never
    /// `.git` or `.carousel`). Any other path takes the full path, which judges it exactly.
    static func isPlainPath(_ path: String) -> Bool {
        var length = 0, dots = 0, first = true
        for b in path.utf8 {
            if b < 0x20 || b == 0x7F { return false }
            if b == UInt8(ascii: "/") {
                if length == 0 || (dots == length && length <= 2) { return false }
                length = 0
                dots = 0
                first = false
                continue
            }
            if b == UInt8(ascii: ".") {
                if first && length == 0 { return false }
                dots += 1
            }
            length += 1
        }
        return length > 0 && !(dots == length && length <= 2)
    }

    /// The open folder `dir` (vault-relative), each part opened without following a link, so
    /// a file read here is inside the vault exactly as the listing found it.
    private func folderDescriptor(_ dir: String) -> Int32? {
        if folderFD >= 0, dir == folder { return folderFD }
        if folderFD >= 0 { close(folderFD) }
        folderFD = -1
        guard rootFD >= 0 else { return nil }
        var fd = rootFD
        for part in dir.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part != ".", part != ".." else {
                if fd != rootFD { close(fd) }
                return nil
            }
            let next = openat(fd, String(part), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            if fd != rootFD { close(fd) }
            guard next >= 0 else { return nil }
            fd = next
        }
        guard fd != rootFD else { return nil }
        folder = dir
        folderFD = fd
        return fd
    }
}
