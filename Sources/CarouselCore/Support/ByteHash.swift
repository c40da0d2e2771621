/// A quick hash of bytes for tables that live only while the command runs: eight bytes at a
/// time, then mixed (`StableHash.finalise`) so every bit of the result depends on every byte.
/// Not for anything stored or shown: `StableHash` is the one that stays the same everywhere.
enum ByteHash {
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return StableHash.finalise(h) }
        var at = 0
        while at + 8 <= bytes.count {
            h = (h ^ base.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            at += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while at < bytes.count {
            tail |= UInt64(base.load(fromByteOffset: at, as: UInt8.self)) << shift
            shift += 8
            at += 1
        }
        return StableHash.finalise(h ^ tail)
    }

    static func hash(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }
}
