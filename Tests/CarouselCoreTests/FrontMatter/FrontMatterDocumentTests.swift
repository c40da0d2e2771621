@testable import CarouselCore
import XCTest

final class FrontMatterDocumentTests: XCTestCase {
    let text = """
        ---
        # a comment the person wrote
        title: 'Call Mum'   # she likes Sundays
        spoons: 1
        custom_field: {nested: true}
        tags:
          - family
          - phone
        ---
        Body line one.

        """

    func testRoundTripIsByteForByte() throws {
        let doc = try FrontMatterDocument(text: text)
        XCTAssertEqual(doc.text, text)
        XCTAssertEqual(doc.body, "Body line one.\n")
    }

    func testChangingOneFieldRewritesOnlyThatLineAndKeepsQuotingAndComment() throws {
        var file = try CardFile(text: text, path: "cards/call-mum.md")
        file.set("title", string: "Call Mum back")
        file.set("spoons", int: 2)
        XCTAssertEqual(file.text, text.replacingOccurrences(of: "title: 'Call Mum'   # she likes Sundays", with: "title: 'Call Mum back'   # she likes Sundays")
            .replacingOccurrences(of: "spoons: 1", with: "spoons: 2"))
        XCTAssertEqual(file.card.title, "Call Mum back")
    }

    func testBlockListStaysABlockList() throws {
        var file = try CardFile(text: text, path: "cards/call-mum.md")
        file.set("tags", list: ["family", "weekly"])
        XCTAssertTrue(file.text.contains("tags:\n  - family\n  - weekly\n---"), file.text)
        XCTAssertEqual(file.card.tags, ["family", "weekly"])
    }

    func testNewFieldIsOneAddedLineAndIdGoesFirst() throws {
        var file = try CardFile(text: text, path: "cards/call-mum.md")
        file.set("due", string: "2026-11-24")
        file.ensureID { "01TESTID" }
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], "id: 01TESTID")
        XCTAssertEqual(lines[lines.count - 4], "due: 2026-11-24")
        XCTAssertEqual(lines.count, text.split(separator: "\n", omittingEmptySubsequences: false).count + 2)
    }

    func testRemoveTakesContinuationLines() throws {
        var doc = try FrontMatterDocument(text: text)
        doc.remove("tags")
        XCTAssertFalse(doc.text.contains("family"))
        XCTAssertTrue(doc.text.contains("custom_field: {nested: true}\n---\n"))
    }

    func testCRLFAndBOMSurvive() throws {
        let crlf = "\u{FEFF}---\r\ntitle: X\r\n---\r\nbody\r\n"
        var doc = try FrontMatterDocument(text: crlf)
        XCTAssertEqual(doc.text, crlf)
        doc.set("spoons", renderedLines: ["spoons: 3"])
        XCTAssertEqual(doc.text, "\u{FEFF}---\r\ntitle: X\r\nspoons: 3\r\n---\r\nbody\r\n")
    }

    func testFileWithoutFrontMatterGetsOne() throws {
        var doc = try FrontMatterDocument(text: "Just notes\n")
        XCTAssertEqual(doc.body, "Just notes\n")
        doc.set("title", renderedLines: ["title: Notes"])
        XCTAssertEqual(doc.text, "---\ntitle: Notes\n---\nJust notes\n")
    }

    func testUnclosedFrontMatterIsAnError() {
        XCTAssertThrowsError(try FrontMatterDocument(text: "---\ntitle: X\n"))
    }

    func testRenderQuotesOnlyWhenNeeded() {
        XCTAssertEqual(YAMLRender.scalar("Call Mum"), "Call Mum")
        XCTAssertEqual(YAMLRender.scalar("Reply to Jamie's email"), "Reply to Jamie's email")
        XCTAssertEqual(YAMLRender.scalar("yes"), "\"yes\"")
        XCTAssertEqual(YAMLRender.scalar("12"), "\"12\"")
        XCTAssertEqual(YAMLRender.scalar("Note: this"), "\"Note: this\"")
        XCTAssertEqual(YAMLRender.scalar("#hashtag"), "\"#hashtag\"")
        XCTAssertEqual(YAMLRender.scalar("- dash"), "\"- dash\"")
        XCTAssertEqual(YAMLRender.scalar(""), "\"\"")
        XCTAssertEqual(YAMLRender.scalar("say \"hi\""), "say \"hi\"")
        XCTAssertEqual(YAMLRender.line("tags", list: ["a,b", "c"]), "tags: [\"a,b\", c]")
    }

    func testRenderedValuesParseBack() throws {
        for title in ["Call Mum", "yes", "Note: this", "#1 fan", "- x", "it's", "say \"hi\"", "tab\there", "🎸 gig", "null", "3.5", "[x]"] {
            var file = CardFile.new(path: "cards/x.md", title: "placeholder")
            file.set("title", string: title)
            let parsed = try CardParser.parse(text: file.text, path: "cards/x.md")
            XCTAssertEqual(parsed.card.title, title)
        }
    }
}
