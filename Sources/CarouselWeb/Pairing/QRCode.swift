/// A QR code (ISO/IEC 18004) for the pairing address: byte mode, error correction level M,
/// versions 1 to 10 (up to 213 bytes), Reed–Solomon over GF(256), and the mask with the lowest
/// penalty. Small and self-contained, so the server prints it without a library.
public struct QRCode: Sendable {
    public let version: Int
    /// `modules[y][x]`, true for dark.
    public internal(set) var modules: [[Bool]]
    public var size: Int { modules.count }
    public internal(set) var mask = 0
    var isFunction: [[Bool]]

    public struct TooLong: Error, CustomStringConvertible {
        public let count: Int
        public var description: String { "\(count) bytes do not fit in a QR code up to version 10 at level M (at most 213)" }
    }

    /// Per version 1…10 at level M: error correction codewords per block, and the blocks' data
    /// codeword counts (short blocks first).
    static let blocks: [(ec: Int, data: [Int])] = [
        (10, [16]), (16, [28]), (26, [44]), (18, [32, 32]), (24, [43, 43]),
        (16, [27, 27, 27, 27]), (18, [31, 31, 31, 31]), (22, [38, 38, 39, 39]),
        (22, [36, 36, 36, 37, 37]), (26, [43, 43, 43, 43, 44]),
    ]

    /// Encodes `bytes`, in the smallest version that holds them; `mask` forces one (0–7).
    public init(bytes: [UInt8], mask forced: Int? = nil) throws {
        guard let version = (1...10).first(where: { QRCode.capacity($0) >= bytes.count }) else { throw TooLong(count: bytes.count) }
        self.version = version
        let size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
        drawFunctionPatterns()
        drawCodewords(QRCode.codewords(bytes, version: version))
        mask = forced ?? (0..<8).min { penalty(masked: $0) < penalty(masked: $1) }!
        applyMask(mask)
        drawFormatBits(mask)
    }

    public init(text: String, mask: Int? = nil) throws { try self.init(bytes: Array(text.utf8), mask: mask) }

    /// The most bytes a version holds in byte mode at level M.
    static func capacity(_ version: Int) -> Int {
        let dataBits = blocks[version - 1].data.reduce(0, +) * 8
        return (dataBits - 4 - (version < 10 ? 8 : 16)) / 8
    }

    /// The data in byte mode, padded, split into blocks with their error correction, interleaved.
    static func codewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        let layout = blocks[version - 1]
        let capacityBits = layout.data.reduce(0, +) * 8
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { bits.append((value >> i) & 1 == 1) } }
        append(0b0100, 4)
        append(bytes.count, version < 10 ? 8 : 16)
        for b in bytes { append(Int(b), 8) }
        append(0, min(4, capacityBits - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var data: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while data.count * 8 < capacityBits { data.append(pad); pad ^= 0xEC ^ 0x11 }

        let divisor = ReedSolomon.divisor(degree: layout.ec)
        var dataBlocks: [[UInt8]] = []
        var start = 0
        for count in layout.data { dataBlocks.append(Array(data[start..<start + count])); start += count }
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder($0, divisor) }
        var out: [UInt8] = []
        for i in 0..<(layout.data.max() ?? 0) { for block in dataBlocks where i < block.count { out.append(block[i]) } }
        for i in 0..<layout.ec { for block in ecBlocks { out.append(block[i]) } }
        return out
    }
}

/// Reed–Solomon error correction over GF(2⁸) with the QR code's polynomial x⁸+x⁴+x³+x²+1.
enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z: UInt16 = 0
        for i in (0..<8).reversed() {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= UInt16((y >> UInt8(i)) & 1) * UInt16(x)
        }
        return UInt8(truncatingIfNeeded: z)
    }

    /// The generator polynomial's coefficients (leading 1 left out), highest power first.
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], _ divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for b in data {
            let factor = b ^ result.removeFirst()
            result.append(0)
            for i in 0..<result.count { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }
}
