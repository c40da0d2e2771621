import XCTest

/// A card written by hand is accepted as it is, scored by the formula, and changed line by line.
final class HandWrittenCardTests: XCTestCase {
    static let handMade = """
        ---
        # my own note about this card
        title: "Repot the fern"
        spoons: 2   # it's heavy
        importance: 4
        due: 2026-11-26
        mood: hopeful
        tags:
          - plants
          - home
        ---

        Get the big pot from the shed.
        - [ ] compost

        """

    func testHandMadeCardScoresByFormulaAndDoneOnlyAddsIdAndDone() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/garden/repot-the-fern.md", Self.handMade)

        let suggest = try s.carousel(["suggest", "--json", "--limit", "0"])
        XCTAssertEqual(suggest.status, 0, suggest.stderr)
        let card = try XCTUnwrap(try suggest.json().cards().first { $0["slug"] as? String == "repot-the-fern" })
        let variety = try XCTUnwrap(card["variety"] as? Double)
        XCTAssertTrue((0..<2).contains(variety))
        XCTAssertEqual(card["urgency"] as? Double, 7)  // due in 3 days: 10 − 3
        XCTAssertEqual(try XCTUnwrap(card["score"] as? Double), 2.0 * 4 + 1.5 * 7 + variety, accuracy: 1e-9)

        XCTAssertEqual(try s.carousel(["done", "repot"]).status, 0)
        try s.assertClean()
        XCTAssertEqual(Array(try s.log().prefix(2)), ["done: Repot the fern", "edit: add Repot the fern"])
        let diff = try s.git(["diff", "HEAD~1", "HEAD", "--unified=0", "--", "cards/garden/repot-the-fern.md"]).stdout
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        XCTAssertEqual(changed.count, 2, diff)
        XCTAssertTrue(changed.contains { $0.hasPrefix("+id: ") }, diff)
        XCTAssertTrue(changed.contains { $0.hasPrefix("+done: 2026-11-23T") }, diff)

        // Everything else is byte for byte what the person wrote.
        let after = try s.read("cards/garden/repot-the-fern.md")
        let kept = after.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("id: ") && !$0.hasPrefix("done: ") }.joined(separator: "\n")
        XCTAssertEqual(kept, Self.handMade)
    }

    func testCRLFFileKeepsItsLineEndings() throws {
        let s = try Sandbox()
        try s.initVault()
        let text = "---\r\ntitle: Windows card\r\nspoons: 2\r\n---\r\nNotes\r\n"
        try s.write("cards/windows-card.md", text)
        XCTAssertEqual(try s.carousel(["set", "windows-card", "spoons=4"]).status, 0)
        let after = try s.read("cards/windows-card.md")
        XCTAssertTrue(after.hasPrefix("---\r\nid: "), after)
        XCTAssertTrue(after.hasSuffix("title: Windows card\r\nspoons: 4\r\n---\r\nNotes\r\n"), after)
        XCTAssertFalse(after.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    func testShowJsonHasEveryFieldPlusSlugPathAndBody() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/garden/repot-the-fern.md", Self.handMade)
        let show = try s.carousel(["show", "repot-the-fern", "--json"])
        XCTAssertEqual(show.status, 0, show.stderr)
        let json = try show.json()
        XCTAssertEqual(json["title"] as? String, "Repot the fern")
        XCTAssertEqual(json["spoons"] as? Int, 2)
        XCTAssertEqual(json["mood"] as? String, "hopeful")
        XCTAssertEqual(json["tags"] as? [String], ["plants", "home"])
        XCTAssertEqual(json["due"] as? String, "2026-11-26")
        XCTAssertEqual(json["slug"] as? String, "repot-the-fern")
        XCTAssertEqual(json["path"] as? String, "cards/garden/repot-the-fern.md")
        XCTAssertEqual(json["body"] as? String, "\nGet the big pot from the shed.\n- [ ] compost\n")
        XCTAssertTrue(json.keys.contains("id"))
    }
}
