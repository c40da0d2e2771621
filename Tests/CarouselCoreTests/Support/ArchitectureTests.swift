import Foundation
import XCTest

/// Where things live, checked on the sources themselves: SQL only in the index, one JSON
/// encoder for the whole program.
final class ArchitectureTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources/, by path relative to it, with its text.
    func swiftFiles() throws -> [(path: String, text: String)] {
        let base = Self.sources.path + "/"
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources.path))
        var files: [(String, String)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOfFile: base + relative, encoding: .utf8)))
        }
        XCTAssertGreaterThan(files.count, 100, "the sources were found")
        return files
    }

    func testSQLLivesOnlyInTheIndex() throws {
        let sql = try NSRegularExpression(pattern: #"where: "|sql: |"SELECT |"INSERT |"UPDATE |"DELETE |\.execute\("#)
        for file in try swiftFiles() where !file.path.hasPrefix("CarouselCore/Index/") {
            let range = NSRange(file.text.startIndex..., in: file.text)
            XCTAssertNil(sql.firstMatch(in: file.text, range: range), "\(file.path) holds SQL; it belongs in CarouselCore/Index/")
        }
    }

    func testOneJSONEncoderIsMade() throws {
        let made = try swiftFiles().filter { $0.text.contains("JSONEncoder()") }.map(\.path)
        XCTAssertEqual(made, ["CarouselCore/Support/JSONText.swift"])
    }
}
