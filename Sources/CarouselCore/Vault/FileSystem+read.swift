import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading whole files: text checked as UTF-8, and bytes up to a limit.
extension FileSystem {
    /// Reads a file as UTF-8 text. With `followLinks: false` a final link is not followed
    /// (`O_NOFOLLOW`); `shownAs` is the name messages use (a vault-relative path). Only a regular
    /// file is read: the open is `O_NONBLOCK`, so a FIFO where a card was never blocks it.
    public static func readText(_ path: String, followLinks: Bool = true, shownAs: String? = nil) throws(CarouselError) -> String {
        let name = shownAs ?? path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
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

    /// Reads a whole file's bytes, at most `limit` of them; never follows a final link, and
    /// reads only a regular file (the open is `O_NONBLOCK`, as for `readText`).
    public static func readBytes(_ path: String, limit: Int64, shownAs name: String) throws(CarouselError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
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
}
