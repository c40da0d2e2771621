@testable import CarouselCore
import XCTest

/// Hostile or broken files get a clear error or a bounded handling, never a crash or a hang.
final class HostileInputTests: XCTestCase {
    func problem(_ text: String) -> FileDiagnostic? {
        do {
            _ = try CardParser.parse(text: text, path: "cards/x.md")
            return nil
        } catch {
            return error
        }
    }

    func testAliasBombIsRefused() {
        var lines = ["---", "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        for (i, name) in ["b", "c", "d", "e", "f", "g", "h", "i"].enumerated() {
            let prev = ["a", "b", "c", "d", "e", "f", "g", "h"][i]
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(prev)", count: 9).joined(separator: ",") + "]")
        }
        lines += ["title: boom", "---", ""]
        let d = problem(lines.joined(separator: "\n"))
        XCTAssertEqual(d?.line, 3)
        XCTAssertTrue(d?.message.contains("aliases") ?? false, "\(String(describing: d))")
    }

    func testDeepNestingIsRefused() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertTrue(problem("---\ntitle: x\ntags: \(deep)\n---\n")?.message.contains("nested") ?? false)
    }

    func testEncodingsAndShapes() throws {
        XCTAssertTrue(problem("ab\u{0}cd")?.message.contains("not a text file") ?? false)
        XCTAssertEqual(try CardParser.parse(text: "\u{FEFF}---\ntitle: BOM\n---\n", path: "cards/x.md").card.title, "BOM")
        XCTAssertEqual(try CardParser.parse(text: "---\r\ntitle: CRLF\r\nspoons: 2\r\n---\r\n", path: "cards/x.md").card.spoons, 2)
        XCTAssertTrue(problem("---\ntitle: x\n")?.message.contains("no closing") ?? false)
        XCTAssertTrue(problem("---\n? [a, b]\n: 1\n---\n")?.message.contains("keys") ?? false)
        XCTAssertEqual(try CardParser.parse(text: "No front-matter at all.\n", path: "cards/plain.md").card.title, "plain")
    }

    func testManyTagsAndLongTitlesAreBounded() throws {
        let tags = (0..<10_000).map { "t\($0)" }.joined(separator: ", ")
        let card = try CardParser.parse(text: "---\ntitle: Many\ntags: [\(tags)]\n---\n", path: "cards/x.md").card
        XCTAssertEqual(card.tags.count, 10_000)
    }

    func testFilesOverTheLimitAreRefusedOnRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.md").path
        try Data(("---\ntitle: " + String(repeating: "x", count: 2 << 20) + "\n---\n").utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FileSystem.readText(path)) { error in
            XCTAssertTrue("\(error.localizedDescription)".contains("up to 1024 KB"), "\(error)")
        }
        try Data([0xFF, 0xFE, 0x2D, 0x00]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FileSystem.readText(path))
        try Data([0x2D, 0xC3, 0x28]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try FileSystem.readText(path))
    }
}
