/// FNV-1a, 64-bit: a hash that is the same on every run and every machine (Swift's `Hasher` is
/// seeded per process, so it cannot be used for anything a user sees twice).
public enum StableHash {
    public static func fnv1a(_ text: String) -> UInt64 { fnv1a(text.utf8) }

    /// The same hash over any bytes (a file's contents).
    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return finalise(hash)
    }

    /// splitmix64's finaliser, so that nearby inputs spread over the whole range.
    static func finalise(_ x: UInt64) -> UInt64 {
        var hash = x
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    /// A number in [0, 1) from the hash.
    public static func unit(_ text: String) -> Double {
        Double(fnv1a(text) >> 11) / Double(UInt64(1) << 53)
    }
}
