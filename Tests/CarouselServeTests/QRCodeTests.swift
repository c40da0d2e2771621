@testable import CarouselWeb
import Foundation
import XCTest

/// The pairing QR code, read back by a real decoder (`zbarimg`, Debian's zbar-tools).
final class QRCodeTests: XCTestCase {
    /// The well-known worked example ("HELLO WORLD" at 1-M, alphanumeric mode): these sixteen
    /// data codewords get these ten error correction codewords.
    func testReedSolomonMatchesTheWorkedExample() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        XCTAssertEqual(ReedSolomon.remainder(data, ReedSolomon.divisor(degree: 10)), [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    func testEveryVersionDecodesToItsText() throws {
        // Lengths that need version 1, 2, …, 10 at level M in byte mode.
        let lengths = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
        for (i, length) in lengths.enumerated() {
            let text = "https://192.168.1.20:54321/pair?code=" + String(repeating: "0123456789abcdef", count: 14).prefix(max(0, length - 37))
            let full = String(("https://192.168.1.20:54321/pair?code=" + text).prefix(length))
            let qr = try QRCode(text: full)
            XCTAssertEqual(qr.version, i + 1, "\(length) bytes")
            XCTAssertEqual(try decode(qr.modules), full, "version \(qr.version), mask \(qr.mask)")
        }
        XCTAssertThrowsError(try QRCode(text: String(repeating: "x", count: 214)))
    }

    /// Each of the eight masks, forced, on a version with version information (7) and one without.
    func testEveryMaskDecodes() throws {
        for length in [20, 130] {
            let text = String("https://carousel.local:8443/pair?code=00112233445566778899aabbccddeeff/\(String(repeating: "z", count: 200))".prefix(length))
            for mask in 0..<8 {
                let qr = try QRCode(text: text, mask: mask)
                XCTAssertEqual(qr.mask, mask)
                XCTAssertEqual(try decode(qr.modules), text, "version \(qr.version), mask \(mask)")
            }
        }
    }

    func testTheTerminalDrawingIsTheMatrix() throws {
        let qr = try QRCode(text: "https://127.0.0.1:4443/pair?code=abc")
        XCTAssertEqual(QRCodeTests.matrix(fromTerminal: qr.terminal(colour: false)), qr.modules)
        XCTAssertTrue(qr.terminal(colour: true).hasPrefix("\u{1B}[40;97m"))
    }

    /// The modules drawn by `QRCode.terminal`, read back: light is drawn, dark is blank.
    static func matrix(fromTerminal text: String) -> [[Bool]] {
        let lines = text.split(separator: "\n").map { Array($0) }
        var rows: [[Bool]] = []
        for line in lines {
            rows.append(line.map { $0 == "▄" || $0 == " " })
            rows.append(line.map { $0 == "▀" || $0 == " " })
        }
        let width = lines.first?.count ?? 0
        // The quiet zone is 4 on every side; a last half row past the bottom is dropped.
        let size = width - 8
        return rows[4..<(4 + size)].map { Array($0[4..<(4 + size)]) }
    }

    /// Writes the modules as a PBM, 4 pixels a module with a quiet zone, and asks zbarimg.
    func decode(_ modules: [[Bool]]) throws -> String {
        try QRCodeTests.decode(modules)
    }

    static func decode(_ modules: [[Bool]]) throws -> String {
        let zbar = "/usr/bin/zbarimg"
        guard FileManager.default.isExecutableFile(atPath: zbar) else {
            throw NSError(domain: "QRCodeTests", code: 1, userInfo: [NSLocalizedDescriptionKey: "zbarimg is missing: `make deps` installs zbar-tools"])
        }
        let scale = 4, quiet = 4, size = modules.count, pixels = (size + 2 * quiet) * scale
        var text = "P1\n\(pixels) \(pixels)\n"
        for py in 0..<pixels {
            let y = py / scale - quiet
            text += (0..<pixels).map { px in
                let x = px / scale - quiet
                return (0..<size).contains(x) && (0..<size).contains(y) && modules[y][x] ? "1" : "0"
            }.joined(separator: " ") + "\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-qr-\(UUID().uuidString).pbm")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try WebSandbox.run(URL(fileURLWithPath: zbar), ["--raw", "-q", "-Sdisable", "-Sqrcode.enable", file.path], env: ["PATH": "/usr/bin:/bin"])
        guard r.status == 0 else { return "zbarimg found no code (status \(r.status)): \(r.err)" }
        return r.out.hasSuffix("\n") ? String(r.out.dropLast()) : r.out
    }
}
