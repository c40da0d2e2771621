import Foundation
internal import Clibgit2
#if canImport(Glibc)
import Glibc
#endif

/// A loose object written as a *stored* zlib stream (deflate level 0: the bytes as they are,
/// in blocks of at most 65,535, then their Adler-32). git and libgit2 read it like any other
/// loose object, and `git gc` compresses it when it packs. libgit2 cannot write one: asked for
/// level 0 it leaves out zlib altogether, which nothing can read back.
///
/// A change writes one large object, the tree of the folder that holds the changed card (3 MB
/// for a folder of 100,000 cards). Deflating it at libgit2's level 1 took about 50 ms, a
/// seventh of a `done`, and saved a third of its bytes until the next pack.
enum LooseObject {
    /// Writes `content` as an object of `type` ("tree", "blob") under `objects`, durably: the
    /// file, its fan-out folder, and `objects` when the folder is new. Returns the object's id.
    /// An object that is already there is left as it is.
    static func write(_ content: [UInt8], type: String, objects: String) throws -> git_oid {
        var raw = Array("\(type) \(content.count)\0".utf8)
        raw += content
        var id = git_oid()
        let digest = raw.withUnsafeBytes { SHA1.digest($0) }
        withUnsafeMutableBytes(of: &id.id) { $0.copyBytes(from: digest) }
        let hex = ObjectID(id).hex
        let folder = objects + "/" + hex.prefix(2), path = folder + "/" + hex.dropFirst(2)
        if access(path, F_OK) == 0 { return id }
        var newFolder = false
        if mkdir(folder, 0o777) == 0 {
            newFolder = true
        } else if errno != EEXIST {
            throw failure("mkdir", folder)
        }
        // Named as libgit2 names its own, so an interrupted write is recognised as one.
        let temp = objects + "/tmp_object_carousel_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
        guard fd >= 0 else { throw failure("open", temp) }
        var problem: GitError?
        let stream = stored(raw)
        stream.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { problem = failure("write", temp); return }
                done += n
            }
        }
        if problem == nil, fsync(fd) != 0 { problem = failure("fsync", temp) }
        close(fd)
        if problem == nil, rename(temp, path) != 0 { problem = failure("rename", path) }
        if let problem {
            unlink(temp)
            throw problem
        }
        try FileSync.folder(folder)
        if newFolder { try FileSync.folder(objects) }
        return id
    }

    /// `bytes` as a zlib stream of stored deflate blocks (RFC 1950 and 1951).
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        let block = 65_535
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(bytes.count + (bytes.count / block + 1) * 5 + 6)
        var start = 0
        repeat {
            let count = min(block, bytes.count - start)
            let last: UInt8 = start + count == bytes.count ? 1 : 0
            let length = UInt16(count)
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += bytes[start..<(start + count)]
            start += count
        } while start < bytes.count
        let check = adler32(bytes)
        out += [UInt8(check >> 24), UInt8(truncatingIfNeeded: check >> 16), UInt8(truncatingIfNeeded: check >> 8), UInt8(truncatingIfNeeded: check)]
        return out
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        // 5,552 is the most bytes whose sums cannot overflow 32 bits before the modulo.
        var start = 0
        while start < bytes.count {
            let end = min(start + 5_552, bytes.count)
            for i in start..<end {
                a &+= UInt32(bytes[i])
                b &+= a
            }
            a %= 65_521
            b %= 65_521
            start = end
        }
        return b << 16 | a
    }

    private static func failure(_ function: String, _ path: String) -> GitError {
        GitError(code: -1, function: function, message: "cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
