import Foundation
import XCTest

/// `first_step:` on a card: quick capture `… first: …`, `set REF first_step=…`, and where it is
/// shown (Today, the carousel, `show`, `pick`), in JSON and in text.
final class FirstStepTests: XCTestCase {
    func testCaptureSetAndEveryPlaceThatShowsIt() throws {
        let s = try Sandbox()
        try s.initVault()
        let added = try s.carousel(["add", "Write the report fri first: open the laptop", "--json"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let card = try added.json()
        XCTAssertEqual(card["title"] as? String, "Write the report")
        XCTAssertEqual(card["due"] as? String, "2026-11-27", "the date before first: is still read")
        XCTAssertEqual(card["first_step"] as? String, "open the laptop")
        XCTAssertTrue(try s.read("cards/write-the-report.md").contains("first_step: open the laptop\n"))
        XCTAssertEqual(try s.log().first, "add: Write the report")

        let suggest = try s.carousel(["suggest", "--json"]).json().cards()
        XCTAssertEqual(suggest.first?["first_step"] as? String, "open the laptop")
        XCTAssertTrue(try s.carousel(["suggest"]).stdout.contains("↳ first step: open the laptop"))
        XCTAssertTrue(try s.carousel(["show", "write-the-report"]).stdout.contains("first step open the laptop"))
        let pick = try s.carousel(["pick"])
        XCTAssertTrue(pick.stdout.contains("↳ first step: open the laptop"), pick.stdout)
        XCTAssertEqual((try s.carousel(["pick", "--json"]).json()["card"] as? [String: Any])?["first_step"] as? String, "open the laptop")

        let set = try s.carousel(["set", "write-the-report", "first_step=find the old numbers"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(try s.log().first, "set: Write the report (first_step)")
        try s.carousel(["pull", "write-the-report"])
        let today = try s.carousel(["today", "--json"]).json().cards()
        XCTAssertEqual(today.first?["first_step"] as? String, "find the old numbers")
        XCTAssertTrue(try s.carousel(["today"]).stdout.contains("↳ first step: find the old numbers"))
        XCTAssertTrue(try s.carousel([]).stdout.contains("↳ first step: find the old numbers"), "home shows Today's first steps")

        try s.carousel(["set", "write-the-report", "first_step="])
        XCTAssertFalse(try s.read("cards/write-the-report.md").contains("first_step"))
        XCTAssertTrue(try s.carousel(["today", "--json"]).json().cards().first?["first_step"] is NSNull)
        try s.assertClean()
    }

    func testAHandWrittenFirstStepIsReadAndAFirstWithNothingAfterItStaysInTheTitle() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/tidy-desk.md", "---\ntitle: Tidy the desk\nfirst_step: \"put the cups in the sink\"\n---\n")
        let shown = try s.carousel(["show", "tidy-desk", "--json"]).json()
        XCTAssertEqual(shown["first_step"] as? String, "put the cups in the sink")
        XCTAssertEqual(try s.carousel(["suggest", "--json"]).json().cards().first?["first_step"] as? String, "put the cups in the sink")
        let plain = try s.carousel(["add", "Ask who goes first:", "--json"]).json()
        XCTAssertEqual(plain["title"] as? String, "Ask who goes first:")
        XCTAssertNil(plain["first_step"])
    }
}
