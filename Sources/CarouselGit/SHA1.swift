internal import CSHA1

/// SHA-1 over a byte buffer, for the checksum that closes git's index file (git and libgit2
/// verify it on every read) and the ids of the objects Carousel writes itself (`GitIndexFile`,
/// `LooseObject`). The blocks go to the CPU's SHA instructions when it has them (`CSHA1`,
/// about four times faster), else to the Swift rounds below.
enum SHA1 {
    /// The 20-byte digest of `bytes`; `accelerated: false` keeps to the Swift rounds (tests
    /// compare the two).
    static func digest(_ bytes: UnsafeRawBufferPointer, accelerated: Bool = true) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let hardware = accelerated && csha1_available() != 0
        func blocks(_ start: UnsafeRawPointer, _ count: Int) {
            guard count > 0 else { return }
            if hardware {
                _ = csha1_compress(&h, start.assumingMemoryBound(to: UInt8.self), count)
                return
            }
            var t = (h[0], h[1], h[2], h[3], h[4])
            for block in 0..<count { compress(&t, start + block * 64) }
            h = [t.0, t.1, t.2, t.3, t.4]
        }
        let count = bytes.count
        let whole = count / 64
        if whole > 0 { blocks(bytes.baseAddress!, whole) }
        // The tail: the last bytes, 0x80, zeros, and the length in bits (big-endian).
        var tail = [UInt8](repeating: 0, count: 128)
        let rest = count - whole * 64
        for i in 0..<rest { tail[i] = bytes[whole * 64 + i] }
        tail[rest] = 0x80
        let last = rest + 9 > 64 ? 2 : 1
        let bits = UInt64(count) &* 8
        for i in 0..<8 { tail[last * 64 - 1 - i] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i))) }
        tail.withUnsafeBytes { blocks($0.baseAddress!, last) }
        var out: [UInt8] = []
        out.reserveCapacity(20)
        for word in h {
            out += [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)]
        }
        return out
    }

    @inline(__always)
    private static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }

    /// One 64-byte block, the 80 rounds unrolled with a 16-word rolling schedule (five times
    /// faster than a loop over an 80-word array).
    private static func compress(_ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32), _ p: UnsafeRawPointer) {
        var w0 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
        var w1 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        var w2 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        var w3 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        var w4 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        var w5 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
        var w6 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
        var w7 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
        var w8 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
        var w9 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
        var w10 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
        var w11 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 44, as: UInt32.self))
        var w12 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 48, as: UInt32.self))
        var w13 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 52, as: UInt32.self))
        var w14 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 56, as: UInt32.self))
        var w15 = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: 60, as: UInt32.self))
        var a = h.0, b = h.1, c = h.2, d = h.3, e = h.4
        e = e &+ rotl(a, 5) &+ ((b & c) | (~b & d)) &+ 0x5A82_7999 &+ w0; b = rotl(b, 30)
        d = d &+ rotl(e, 5) &+ ((a & b) | (~a & c)) &+ 0x5A82_7999 &+ w1; a = rotl(a, 30)
        c = c &+ rotl(d, 5) &+ ((e & a) | (~e & b)) &+ 0x5A82_7999 &+ w2; e = rotl(e, 30)
        b = b &+ rotl(c, 5) &+ ((d & e) | (~d & a)) &+ 0x5A82_7999 &+ w3; d = rotl(d, 30)
        a = a &+ rotl(b, 5) &+ ((c & d) | (~c & e)) &+ 0x5A82_7999 &+ w4; c = rotl(c, 30)
        e = e &+ rotl(a, 5) &+ ((b & c) | (~b & d)) &+ 0x5A82_7999 &+ w5; b = rotl(b, 30)
        d = d &+ rotl(e, 5) &+ ((a & b) | (~a & c)) &+ 0x5A82_7999 &+ w6; a = rotl(a, 30)
        c = c &+ rotl(d, 5) &+ ((e & a) | (~e & b)) &+ 0x5A82_7999 &+ w7; e = rotl(e, 30)
        b = b &+ rotl(c, 5) &+ ((d & e) | (~d & a)) &+ 0x5A82_7999 &+ w8; d = rotl(d, 30)
        a = a &+ rotl(b, 5) &+ ((c & d) | (~c & e)) &+ 0x5A82_7999 &+ w9; c = rotl(c, 30)
        e = e &+ rotl(a, 5) &+ ((b & c) | (~b & d)) &+ 0x5A82_7999 &+ w10; b = rotl(b, 30)
        d = d &+ rotl(e, 5) &+ ((a & b) | (~a & c)) &+ 0x5A82_7999 &+ w11; a = rotl(a, 30)
        c = c &+ rotl(d, 5) &+ ((e & a) | (~e & b)) &+ 0x5A82_7999 &+ w12; e = rotl(e, 30)
        b = b &+ rotl(c, 5) &+ ((d & e) | (~d & a)) &+ 0x5A82_7999 &+ w13; d = rotl(d, 30)
        a = a &+ rotl(b, 5) &+ ((c & d) | (~c & e)) &+ 0x5A82_7999 &+ w14; c = rotl(c, 30)
        e = e &+ rotl(a, 5) &+ ((b & c) | (~b & d)) &+ 0x5A82_7999 &+ w15; b = rotl(b, 30)
        w0 = rotl(w13 ^ w8 ^ w2 ^ w0, 1)
        d = d &+ rotl(e, 5) &+ ((a & b) | (~a & c)) &+ 0x5A82_7999 &+ w0; a = rotl(a, 30)
        w1 = rotl(w14 ^ w9 ^ w3 ^ w1, 1)
        c = c &+ rotl(d, 5) &+ ((e & a) | (~e & b)) &+ 0x5A82_7999 &+ w1; e = rotl(e, 30)
        w2 = rotl(w15 ^ w10 ^ w4 ^ w2, 1)
        b = b &+ rotl(c, 5) &+ ((d & e) | (~d & a)) &+ 0x5A82_7999 &+ w2; d = rotl(d, 30)
        w3 = rotl(w0 ^ w11 ^ w5 ^ w3, 1)
        a = a &+ rotl(b, 5) &+ ((c & d) | (~c & e)) &+ 0x5A82_7999 &+ w3; c = rotl(c, 30)
        w4 = rotl(w1 ^ w12 ^ w6 ^ w4, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0x6ED9_EBA1 &+ w4; b = rotl(b, 30)
        w5 = rotl(w2 ^ w13 ^ w7 ^ w5, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0x6ED9_EBA1 &+ w5; a = rotl(a, 30)
        w6 = rotl(w3 ^ w14 ^ w8 ^ w6, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0x6ED9_EBA1 &+ w6; e = rotl(e, 30)
        w7 = rotl(w4 ^ w15 ^ w9 ^ w7, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0x6ED9_EBA1 &+ w7; d = rotl(d, 30)
        w8 = rotl(w5 ^ w0 ^ w10 ^ w8, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0x6ED9_EBA1 &+ w8; c = rotl(c, 30)
        w9 = rotl(w6 ^ w1 ^ w11 ^ w9, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0x6ED9_EBA1 &+ w9; b = rotl(b, 30)
        w10 = rotl(w7 ^ w2 ^ w12 ^ w10, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0x6ED9_EBA1 &+ w10; a = rotl(a, 30)
        w11 = rotl(w8 ^ w3 ^ w13 ^ w11, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0x6ED9_EBA1 &+ w11; e = rotl(e, 30)
        w12 = rotl(w9 ^ w4 ^ w14 ^ w12, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0x6ED9_EBA1 &+ w12; d = rotl(d, 30)
        w13 = rotl(w10 ^ w5 ^ w15 ^ w13, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0x6ED9_EBA1 &+ w13; c = rotl(c, 30)
        w14 = rotl(w11 ^ w6 ^ w0 ^ w14, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0x6ED9_EBA1 &+ w14; b = rotl(b, 30)
        w15 = rotl(w12 ^ w7 ^ w1 ^ w15, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0x6ED9_EBA1 &+ w15; a = rotl(a, 30)
        w0 = rotl(w13 ^ w8 ^ w2 ^ w0, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0x6ED9_EBA1 &+ w0; e = rotl(e, 30)
        w1 = rotl(w14 ^ w9 ^ w3 ^ w1, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0x6ED9_EBA1 &+ w1; d = rotl(d, 30)
        w2 = rotl(w15 ^ w10 ^ w4 ^ w2, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0x6ED9_EBA1 &+ w2; c = rotl(c, 30)
        w3 = rotl(w0 ^ w11 ^ w5 ^ w3, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0x6ED9_EBA1 &+ w3; b = rotl(b, 30)
        w4 = rotl(w1 ^ w12 ^ w6 ^ w4, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0x6ED9_EBA1 &+ w4; a = rotl(a, 30)
        w5 = rotl(w2 ^ w13 ^ w7 ^ w5, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0x6ED9_EBA1 &+ w5; e = rotl(e, 30)
        w6 = rotl(w3 ^ w14 ^ w8 ^ w6, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0x6ED9_EBA1 &+ w6; d = rotl(d, 30)
        w7 = rotl(w4 ^ w15 ^ w9 ^ w7, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0x6ED9_EBA1 &+ w7; c = rotl(c, 30)
        w8 = rotl(w5 ^ w0 ^ w10 ^ w8, 1)
        e = e &+ rotl(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ 0x8F1B_BCDC &+ w8; b = rotl(b, 30)
        w9 = rotl(w6 ^ w1 ^ w11 ^ w9, 1)
        d = d &+ rotl(e, 5) &+ ((a & b) | (a & c) | (b & c)) &+ 0x8F1B_BCDC &+ w9; a = rotl(a, 30)
        w10 = rotl(w7 ^ w2 ^ w12 ^ w10, 1)
        c = c &+ rotl(d, 5) &+ ((e & a) | (e & b) | (a & b)) &+ 0x8F1B_BCDC &+ w10; e = rotl(e, 30)
        w11 = rotl(w8 ^ w3 ^ w13 ^ w11, 1)
        b = b &+ rotl(c, 5) &+ ((d & e) | (d & a) | (e & a)) &+ 0x8F1B_BCDC &+ w11; d = rotl(d, 30)
        w12 = rotl(w9 ^ w4 ^ w14 ^ w12, 1)
        a = a &+ rotl(b, 5) &+ ((c & d) | (c & e) | (d & e)) &+ 0x8F1B_BCDC &+ w12; c = rotl(c, 30)
        w13 = rotl(w10 ^ w5 ^ w15 ^ w13, 1)
        e = e &+ rotl(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ 0x8F1B_BCDC &+ w13; b = rotl(b, 30)
        w14 = rotl(w11 ^ w6 ^ w0 ^ w14, 1)
        d = d &+ rotl(e, 5) &+ ((a & b) | (a & c) | (b & c)) &+ 0x8F1B_BCDC &+ w14; a = rotl(a, 30)
        w15 = rotl(w12 ^ w7 ^ w1 ^ w15, 1)
        c = c &+ rotl(d, 5) &+ ((e & a) | (e & b) | (a & b)) &+ 0x8F1B_BCDC &+ w15; e = rotl(e, 30)
        w0 = rotl(w13 ^ w8 ^ w2 ^ w0, 1)
        b = b &+ rotl(c, 5) &+ ((d & e) | (d & a) | (e & a)) &+ 0x8F1B_BCDC &+ w0; d = rotl(d, 30)
        w1 = rotl(w14 ^ w9 ^ w3 ^ w1, 1)
        a = a &+ rotl(b, 5) &+ ((c & d) | (c & e) | (d & e)) &+ 0x8F1B_BCDC &+ w1; c = rotl(c, 30)
        w2 = rotl(w15 ^ w10 ^ w4 ^ w2, 1)
        e = e &+ rotl(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ 0x8F1B_BCDC &+ w2; b = rotl(b, 30)
        w3 = rotl(w0 ^ w11 ^ w5 ^ w3, 1)
        d = d &+ rotl(e, 5) &+ ((a & b) | (a & c) | (b & c)) &+ 0x8F1B_BCDC &+ w3; a = rotl(a, 30)
        w4 = rotl(w1 ^ w12 ^ w6 ^ w4, 1)
        c = c &+ rotl(d, 5) &+ ((e & a) | (e & b) | (a & b)) &+ 0x8F1B_BCDC &+ w4; e = rotl(e, 30)
        w5 = rotl(w2 ^ w13 ^ w7 ^ w5, 1)
        b = b &+ rotl(c, 5) &+ ((d & e) | (d & a) | (e & a)) &+ 0x8F1B_BCDC &+ w5; d = rotl(d, 30)
        w6 = rotl(w3 ^ w14 ^ w8 ^ w6, 1)
        a = a &+ rotl(b, 5) &+ ((c & d) | (c & e) | (d & e)) &+ 0x8F1B_BCDC &+ w6; c = rotl(c, 30)
        w7 = rotl(w4 ^ w15 ^ w9 ^ w7, 1)
        e = e &+ rotl(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ 0x8F1B_BCDC &+ w7; b = rotl(b, 30)
        w8 = rotl(w5 ^ w0 ^ w10 ^ w8, 1)
        d = d &+ rotl(e, 5) &+ ((a & b) | (a & c) | (b & c)) &+ 0x8F1B_BCDC &+ w8; a = rotl(a, 30)
        w9 = rotl(w6 ^ w1 ^ w11 ^ w9, 1)
        c = c &+ rotl(d, 5) &+ ((e & a) | (e & b) | (a & b)) &+ 0x8F1B_BCDC &+ w9; e = rotl(e, 30)
        w10 = rotl(w7 ^ w2 ^ w12 ^ w10, 1)
        b = b &+ rotl(c, 5) &+ ((d & e) | (d & a) | (e & a)) &+ 0x8F1B_BCDC &+ w10; d = rotl(d, 30)
        w11 = rotl(w8 ^ w3 ^ w13 ^ w11, 1)
        a = a &+ rotl(b, 5) &+ ((c & d) | (c & e) | (d & e)) &+ 0x8F1B_BCDC &+ w11; c = rotl(c, 30)
        w12 = rotl(w9 ^ w4 ^ w14 ^ w12, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0xCA62_C1D6 &+ w12; b = rotl(b, 30)
        w13 = rotl(w10 ^ w5 ^ w15 ^ w13, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0xCA62_C1D6 &+ w13; a = rotl(a, 30)
        w14 = rotl(w11 ^ w6 ^ w0 ^ w14, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0xCA62_C1D6 &+ w14; e = rotl(e, 30)
        w15 = rotl(w12 ^ w7 ^ w1 ^ w15, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0xCA62_C1D6 &+ w15; d = rotl(d, 30)
        w0 = rotl(w13 ^ w8 ^ w2 ^ w0, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0xCA62_C1D6 &+ w0; c = rotl(c, 30)
        w1 = rotl(w14 ^ w9 ^ w3 ^ w1, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0xCA62_C1D6 &+ w1; b = rotl(b, 30)
        w2 = rotl(w15 ^ w10 ^ w4 ^ w2, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0xCA62_C1D6 &+ w2; a = rotl(a, 30)
        w3 = rotl(w0 ^ w11 ^ w5 ^ w3, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0xCA62_C1D6 &+ w3; e = rotl(e, 30)
        w4 = rotl(w1 ^ w12 ^ w6 ^ w4, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0xCA62_C1D6 &+ w4; d = rotl(d, 30)
        w5 = rotl(w2 ^ w13 ^ w7 ^ w5, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0xCA62_C1D6 &+ w5; c = rotl(c, 30)
        w6 = rotl(w3 ^ w14 ^ w8 ^ w6, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0xCA62_C1D6 &+ w6; b = rotl(b, 30)
        w7 = rotl(w4 ^ w15 ^ w9 ^ w7, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0xCA62_C1D6 &+ w7; a = rotl(a, 30)
        w8 = rotl(w5 ^ w0 ^ w10 ^ w8, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0xCA62_C1D6 &+ w8; e = rotl(e, 30)
        w9 = rotl(w6 ^ w1 ^ w11 ^ w9, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0xCA62_C1D6 &+ w9; d = rotl(d, 30)
        w10 = rotl(w7 ^ w2 ^ w12 ^ w10, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0xCA62_C1D6 &+ w10; c = rotl(c, 30)
        w11 = rotl(w8 ^ w3 ^ w13 ^ w11, 1)
        e = e &+ rotl(a, 5) &+ (b ^ c ^ d) &+ 0xCA62_C1D6 &+ w11; b = rotl(b, 30)
        w12 = rotl(w9 ^ w4 ^ w14 ^ w12, 1)
        d = d &+ rotl(e, 5) &+ (a ^ b ^ c) &+ 0xCA62_C1D6 &+ w12; a = rotl(a, 30)
        w13 = rotl(w10 ^ w5 ^ w15 ^ w13, 1)
        c = c &+ rotl(d, 5) &+ (e ^ a ^ b) &+ 0xCA62_C1D6 &+ w13; e = rotl(e, 30)
        w14 = rotl(w11 ^ w6 ^ w0 ^ w14, 1)
        b = b &+ rotl(c, 5) &+ (d ^ e ^ a) &+ 0xCA62_C1D6 &+ w14; d = rotl(d, 30)
        w15 = rotl(w12 ^ w7 ^ w1 ^ w15, 1)
        a = a &+ rotl(b, 5) &+ (c ^ d ^ e) &+ 0xCA62_C1D6 &+ w15; c = rotl(c, 30)
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
}
