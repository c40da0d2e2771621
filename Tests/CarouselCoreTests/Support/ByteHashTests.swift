@testable import CarouselCore
import XCTest

/// `ByteHash` keys the refresh's table of paths and the numbers file's filter: the same bytes
/// give the same hash however they are held, and every byte and the length count.
final class ByteHashTests: XCTestCase {
    func testTheSameBytesGiveTheSameHashAndEveryByteCounts() {
        let text = "cards/work/plan-the-garden-2026-11-24.md"
        var seen: [UInt64: String] = [:]
        for n in 0...text.utf8.count {
            let prefix = String(decoding: Array(text.utf8.prefix(n)), as: UTF8.self)
            let fromBytes = Array(prefix.utf8).withUnsafeBytes { ByteHash.hash($0) }
            XCTAssertEqual(ByteHash.hash(prefix), fromBytes, prefix)
            XCTAssertNil(seen[fromBytes], "\(prefix) and \(seen[fromBytes] ?? "") share a hash")
            seen[fromBytes] = prefix
        }
        // One byte changed anywhere, in the eight-byte words or in the tail.
        let bytes = Array(text.utf8)
        let base = bytes.withUnsafeBytes { ByteHash.hash($0) }
        for i in bytes.indices {
            var changed = bytes
            changed[i] ^= 1
            XCTAssertNotEqual(changed.withUnsafeBytes { ByteHash.hash($0) }, base, "byte \(i)")
        }
        // Trailing zero bytes are not the same as none.
        XCTAssertNotEqual(ByteHash.hash("ab"), [UInt8(ascii: "a"), UInt8(ascii: "b"), 0].withUnsafeBytes { ByteHash.hash($0) })
        // StableHash keeps its values (they name reminder units and merged files); the two
        // share the finaliser.
        XCTAssertEqual(StableHash.fnv1a("carousel"), 0x9CE6_69F8_08D3_A49D)
        XCTAssertEqual(StableHash.fnv1a(""), 0xF52A_15E9_A9B5_E89B)
    }
}
