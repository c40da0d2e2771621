@testable import CarouselCore
import XCTest

/// Inputs the fuzzers found, each named after what it broke. The property is the fuzz-card
/// target's: a card that parses still parses, and reads back, after Carousel edits it.
final class FuzzRegressionTests: XCTestCase {
    func assertEditKeepsItParseable(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let original = try? CardFile(text: text, path: "cards/fuzz.md") else { return }
        var edited = original
        edited.set("spoons", int: 3)
        edited.set("tags", list: ["a", "b,c", "#x"])
        edited.set("title", string: original.card.title + " ✓")
        let reparsed = try CardParser.parse(text: edited.text, path: "cards/fuzz.md").card
        XCTAssertEqual(reparsed.spoons, 3, file: file, line: line)
        XCTAssertEqual(reparsed.title, original.card.title + " ✓", file: file, line: line)
        XCTAssertEqual(reparsed.tags, ["a", "b,c", "#x"], file: file, line: line)
    }

    /// `2026-*11` in a plain value was taken for a YAML alias once the file needed the full parser.
    func testAsteriskInsidePlainValueIsNotAnAlias() throws {
        try assertEditKeepsItParseable("---\ntitle: Slides\ncreat---ed: 2026-*11-09T0!!9:06\n---\n")
    }

    /// Control characters in a comment passed the fast path but not libyaml.
    func testControlCharacterInCommentIsJudgedByTheFullParser() throws {
        try assertEditKeepsItParseable("---\n#-\n# comment\nvitle: x # no\u{15}\u{15}UnsafeBu {a: [1, 2]}\n---\n")
        XCTAssertThrowsError(try CardParser.parse(text: "---\ntitle: x # no\u{15}\n---\n", path: "cards/x.md"))
    }

    /// `title:` and `tags:` lines inside a multi-line quoted value were taken for keys and edited.
    func testKeyLikeLinesInsideAMultiLineStringAreNotKeys() throws {
        let text = "\u{FEFF}---\ntitl- e: \"01M80P\ntitle: Payill\nspoons: 1\ntags: [adminBOM\"\nTags:\n  -; a\n  - b\n---\n"
        try assertEditKeepsItParseable(text)
        var file = try CardFile(text: text, path: "cards/fuzz.md")
        file.set("title", string: "Real title")
        XCTAssertTrue(file.text.contains("title: Payill\n"), "the line inside the string must stay as it was")
    }

    /// An RRULE interval too large for the human syntax to say did not read back.
    func testHugeIntervalIsRefusedInBothSyntaxes() {
        XCTAssertThrowsError(try RecurrenceRule.parse("FREQ=WEEKLY;INTERVAL=11000000000015"))
        XCTAssertThrowsError(try RecurrenceRule.parse("every 11000000000015 weeks"))
        XCTAssertThrowsError(try RecurrenceRule.parse("FREQ=DAILY;COUNT=99999999"))
        XCTAssertEqual(try RecurrenceRule.parse("FREQ=WEEKLY;INTERVAL=1000").interval, 1000)
    }

    /// A root mapping indented as a whole got new keys at column 0, which YAML reads as broken.
    func testNewKeysFollowAnIndentedRootMapping() throws {
        try assertEditKeepsItParseable("---\n\n \n \u{FEFF}:\n  - 0\n---\nid: 01M80P1-\n---0M80P1600\n---\n")
        try assertEditKeepsItParseable("---\n  title: Indented\n  spoons: 2\n---\n")
    }

    /// Braces inside a plain value counted as nesting once the file needed the full parser.
    func testBracesInsideAPlainValueAreNotNesting() throws {
        try assertEditKeepsItParseable("---\nid: 01M80P1J" + String(repeating: "{", count: 60) + "ZGX\ntitle: Slides\n---\n")
    }

    /// A line of spaces with nothing after it sent the continuation check into endless recursion.
    func testTrailingWhitespaceLineEndsAField() {
        XCTAssertFalse(FrontMatterDocument.isContinuation(["title: x", "   "], 1))
        XCTAssertFalse(FrontMatterDocument.isContinuation(["title: x", "", "   "], 1))
        XCTAssertTrue(FrontMatterDocument.isContinuation(["tags:", "", "  - a"], 1))
    }

    /// The fuzz-merge input that found it: the merge must finish and give a card that parses.
    func testMergeWithAWhitespaceOnlyLineFinishes() {
        let base = "---\nid: 01M80P1680HJ5GPCXHJ5A6T1YG\ntitle: Finish the quarterly report\nspoons: 4\nimportance: 5\ncategory: work\ntags: [deadline, writing]\ndue: 2026-11-26\ncreated: 2026-11-09T09:04\n---\n"
        let ours = "---\nid: 01M80P1680HJ5GPCXHJ5A6T1YG\ntitle: Finish the quarterly report\nspoons: 3\nimportance: 5\ncategory: work\ntags: [ours, deadline, writing]\ndue: 2026-11-26\ncreated: 2026-11-09T09:04\n\n---"
        let theirs = "--: 01M80P16ion]\ndue: 2026-11-25\ncreated: 2026-11-09T0---\nid: 01M80P16\nspoons: 4\nimportance: 5\ncategory: work\ntags:\u{1B}[deadline, writing]\ndue: 2026-11-26\ncreated: 2026-11-09T09:04\n---\nA note from the other side.\n"
        let result = FileMerge.merge(path: "cards/fuzz.md", base: base, ours: ours, theirs: theirs, rule: .byValue)
        if let text = result.text, (try? CardParser.parse(text: theirs, path: "cards/fuzz.md")) != nil {
            XCTAssertNoThrow(try CardParser.parse(text: text, path: "cards/fuzz.md"))
            XCTAssertFalse(text.contains("<<<<<<<"))
        }
    }

    /// A lone "\r" is a line break to YAML but not to the line editor, so they disagreed about
    /// which line held which key. Such files are refused with a clear message.
    func testLoneCarriageReturnIsRefused() throws {
        let text = "---\ntitle: \"B\n-\r\r meeting\"\nte: x\ntags:\n  - a\n---\n"
        XCTAssertThrowsError(try CardParser.parse(text: text, path: "cards/x.md")) { error in
            XCTAssertTrue("\(error)".contains("carriage return"), "\(error)")
        }
        try assertEditKeepsItParseable(text)
        XCTAssertEqual(try CardParser.parse(text: "---\r\ntitle: CRLF is fine\r\n---\r\n", path: "cards/x.md").card.title, "CRLF is fine")
    }

    /// A byte-order mark at the start of a front-matter line made libyaml read the block as
    /// something else once more lines were added. It is refused; a BOM before `---` is fine.
    func testByteOrderMarkInsideFrontMatterIsRefused() throws {
        let text = "---\n\u{FEFF}id: 01M80P1680E,000 20256-11-09T08:00\n---\n"
        XCTAssertThrowsError(try CardParser.parse(text: text, path: "cards/x.md"))
        try assertEditKeepsItParseable(text)
        XCTAssertEqual(try CardParser.parse(text: "\u{FEFF}---\ntitle: BOM first\n---\n", path: "cards/x.md").card.title, "BOM first")
    }

    /// A tagged `{…}` mapping as the whole front-matter ends before any line added after it.
    func testFlowMappingAsTheWholeFrontMatterIsRefused() throws {
        let text = "---\n!yoo: {a: [0, 1]}\n---\n"
        XCTAssertThrowsError(try CardParser.parse(text: text, path: "cards/x.md"))
        try assertEditKeepsItParseable(text)
    }
}
