import Foundation
import XCTest
@testable import CarouselGit

/// The SHA instructions and the Swift rounds give the digests of the standard's examples, and
/// the same digest as each other at every length around a block's edges.
final class SHA1Tests: XCTestCase {
    private func hex(_ bytes: [UInt8], accelerated: Bool) -> String {
        bytes.withUnsafeBytes { SHA1.digest($0, accelerated: accelerated) }.map { String(format: "%02x", $0) }.joined()
    }

    func testKnownDigests() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let cases: [([UInt8], String)] = [
            ([], "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            (Array("abc".utf8), "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
            (million, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ]
        for (input, digest) in cases {
            XCTAssertEqual(hex(input, accelerated: false), digest, "Swift, \(input.count) bytes")
            XCTAssertEqual(hex(input, accelerated: true), digest, "accelerated, \(input.count) bytes")
        }
    }

    func testBothWaysAgreeAtEveryLengthNearABlock() {
        var generator = SystemRandomNumberGenerator()
        let data = (0..<4_200).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for length in Array(0...200) + [447, 448, 449, 511, 512, 513, 4_095, 4_096, 4_097, 4_200] {
            let input = Array(data[0..<length])
            XCTAssertEqual(hex(input, accelerated: true), hex(input, accelerated: false), "\(length) bytes")
        }
    }
}
