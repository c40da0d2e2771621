@testable import CarouselCore
import XCTest

final class CardParserTests: XCTestCase {
    func parse(_ text: String) throws -> Card { try CardParser.parse(text: text, path: "cards/x.md").card }

    func diagnostic(_ text: String) -> FileDiagnostic? {
        do {
            _ = try CardParser.parse(text: text, path: "cards/x.md")
            return nil
        } catch {
            return error
        }
    }

    func testDefaultsAndFields() throws {
        let card = try parse("---\ntitle: Call Mum\ndue: 2026-11-24T18:30\ntags: [family]\ntoday: 2026-11-23\n---\n")
        XCTAssertEqual(card.slug, "x")
        XCTAssertEqual(card.kind, .task)
        XCTAssertEqual(card.spoons, 1)
        XCTAssertEqual(card.importance, 1)
        XCTAssertEqual(card.due?.day, Day(iso: "2026-11-24"))
        XCTAssertEqual(card.due?.timeText, "18:30")
        XCTAssertEqual(card.tags, ["family"])
        XCTAssertEqual(card.today, Day(iso: "2026-11-23"))
        XCTAssertNil(card.id)
    }

    func testOutOfRangeHasLineAndColumn() {
        let d = diagnostic("---\ntitle: X\nspoons: seven\n---\n")
        XCTAssertEqual(d?.headline, "cards/x.md:3:9: error: spoons must be 1–5, found \"seven\"")
        XCTAssertEqual(d?.description, "cards/x.md:3:9: error: spoons must be 1–5, found \"seven\"\n    spoons: seven\n            ^")
    }

    func testMalformedYAMLDuplicateKeyTabsBinary() {
        XCTAssertEqual(diagnostic("---\ntitle: X\ntitle: Y\n---\n")?.line, 3)
        XCTAssertTrue(diagnostic("---\ntitle: X\n\tspoons: 2\n---\n")?.message.contains("tab") ?? false)
        XCTAssertTrue(diagnostic("---\ntitle: \"X\n---\n")?.message.contains("invalid YAML") ?? false)
        XCTAssertTrue(diagnostic("ab\0cd")?.message.contains("not a text file") ?? false)
        XCTAssertTrue(diagnostic("---\n- a\n- b\n---\n")?.message.contains("key: value") ?? false)
        XCTAssertEqual(diagnostic("---\ntitle: X\n")?.line, 1)
    }

    func testUnknownFieldsAreIgnoredNotDropped() throws {
        let card = try parse("---\ntitle: X\nmood: {a: 1}\n---\n")
        XCTAssertEqual(card.title, "X")
    }

    func testSlugs() {
        XCTAssertEqual(Slug.make(from: "Reply to Jamie's email"), "reply-to-jamie-s-email")
        XCTAssertEqual(Slug.make(from: "Plan the weekend trip"), "plan-the-weekend-trip")
        XCTAssertEqual(Slug.make(from: "../x"), "x")
        XCTAssertEqual(Slug.make(from: "  Crème brûlée!!  "), "creme-brulee")
        XCTAssertEqual(Slug.make(from: "Straße"), "strasse")
        XCTAssertEqual(Slug.make(from: String(repeating: "ab ", count: 40)).count, 59)
        XCTAssertEqual(Slug.unique("a") { ["a", "a-2"].contains($0) }, "a-3")
    }
}
