import Foundation
import XCTest

/// REFs, `show` and `today` answered from the index's rows rather than from every card: they
/// must name the same card and show the same thing as a scan of the whole vault would.
final class IndexedLookupTests: XCTestCase {
    func card(_ title: String, id: String? = nil, extra: String = "") -> String {
        "---\n" + (id.map { "id: \($0)\n" } ?? "") + "title: \(title)\n" + extra + "---\n"
    }

    func testSameSlugInTwoFoldersNamesTheFirstPath() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/work/plan.md", card("Work plan"))
        try s.write("cards/plan.md", card("Home plan"))
        try s.git(["add", "-A"])
        try s.git(["commit", "-qm", "two plans"])
        let shown = try s.carousel(["show", "plan", "--json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(try shown.json()["path"] as? String, "cards/plan.md")
    }

    func testPrefixesOfSlugAndIdResolveAndAmbiguityIsStillReported() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-mum.md", card("Call Mum", id: "01KQZX7ABCDEF"))
        try s.write("cards/call-dad.md", card("Call Dad", id: "01KQZY8GHIJKL"))
        try s.write("cards/café-plan.md", card("Café plan"))
        XCTAssertEqual(try s.carousel(["show", "call-m", "--json"]).json()["slug"] as? String, "call-mum")
        // An id prefix matches whatever its case.
        XCTAssertEqual(try s.carousel(["show", "01kqzy", "--json"]).json()["slug"] as? String, "call-dad")
        XCTAssertEqual(try s.carousel(["show", "caf", "--json"]).json()["slug"] as? String, "café-plan")
        XCTAssertEqual(try s.carousel(["show", "café", "--json"]).json()["slug"] as? String, "café-plan")
        let both = try s.carousel(["show", "call"])
        XCTAssertEqual(both.status, 1)
        XCTAssertTrue(both.stderr.contains("call-dad") && both.stderr.contains("call-mum"), both.stderr)
        let none = try s.carousel(["show", "cal-mu"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("call-mum"), "an unknown REF still lists the nearest cards: \(none.stderr)")
    }

    func testShowNamesTheParentAndTheChildren() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/trip.md", card("Trip to Lisbon", id: "01KQZTRIP0000"))
        try s.write("cards/book-train.md", card("Book the train", extra: "parent: trip\n"))
        try s.write("cards/pack.md", card("Pack the bag", extra: "parent: 01KQZTRIP0000\n"))
        try s.write("cards/other.md", card("Something else"))
        let parent = try s.carousel(["show", "trip"])
        XCTAssertEqual(parent.status, 0, parent.stderr)
        let children = parent.stdout.split(separator: "\n").first { $0.contains("children") }.map(String.init) ?? ""
        XCTAssertTrue(children.contains("Book the train, Pack the bag"), parent.stdout)
        XCTAssertFalse(children.contains("Something else"))
        let child = try s.carousel(["show", "pack"])
        XCTAssertTrue(child.stdout.contains("Trip to Lisbon (trip)"), child.stdout)
        try s.write("cards/lost.md", card("Lost", extra: "parent: nowhere\n"))
        XCTAssertTrue(try s.carousel(["show", "lost"]).stdout.contains("nowhere (not found)"))
    }

    func testParentCyclesAreReportedWithoutLoadingEveryCard() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/a.md", card("A", extra: "parent: b\n"))
        try s.write("cards/b.md", card("B", extra: "parent: a\n"))
        try s.write("cards/c.md", card("C"))
        let today = try s.carousel(["today"])
        XCTAssertEqual(today.status, 0, today.stderr)
        XCTAssertTrue(today.stderr.contains("parent cycle"), today.stderr)
    }

    /// That no card is on a cycle is kept for the next command; any edit makes it stale, so a
    /// cycle made in an editor is reported at once, and every time until it is undone.
    func testCyclesAreReportedEveryTimeWhileTheyStand() throws {
        let s = try Sandbox()
        try s.initVault()
        // Each step: what a and b say, then the warning expected, asked twice.
        let steps: [(a: String, b: String, warning: String?)] = [
            ("", "", nil), ("parent: b\n", "parent: a\n", "parent cycle"), ("parent: b\n", "", nil),
            ("blocked_by: [b]\n", "blocked_by: [a]\n", "blocked_by cycle"),
        ]
        for step in steps {
            try s.write("cards/a.md", card("A", extra: step.a))
            try s.write("cards/b.md", card("B", extra: step.b))
            for _ in 0..<2 {
                let r = try s.carousel(["countdown"])
                XCTAssertEqual(r.status, 0, r.stderr)
                XCTAssertEqual(r.stderr.contains("cycle"), step.warning != nil, "\(step): \(r.stderr)")
                if let warning = step.warning { XCTAssertTrue(r.stderr.contains(warning), r.stderr) }
            }
        }
    }

    func testDoneOnAPulledCardAfterAnEditorEditUpdatesTodayFromTheIndex() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Water plants"])
        try s.carousel(["add", "Pack bag"])
        XCTAssertEqual(try s.carousel(["pull", "water-plants"]).status, 0)
        let text = try s.read("cards/water-plants.md").replacingOccurrences(of: "title: Water plants", with: "title: Water the ferns")
        try s.write("cards/water-plants.md", text)
        let done = try s.carousel(["done", "water-plants"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try s.log().prefix(2), ["done: Water the ferns", "edit: Water the ferns"])
        let today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().map { $0["title"] as? String }, ["Water the ferns"])
        XCTAssertEqual(today["spoons_done"] as? Int, today["spoons_planned"] as? Int)
        // Pulled and done in one day: the journal counts it, and a number given today still works.
        let numbers = try s.carousel(["list", "--json"]).json().cards().compactMap { $0["number"] as? Int }
        XCTAssertFalse(numbers.isEmpty)
        let pack = try s.carousel(["list", "--json"]).json().cards().first { $0["slug"] as? String == "pack-bag" }
        let n = try XCTUnwrap(pack?["number"] as? Int)
        XCTAssertEqual(try s.carousel(["done", "\(n)"]).status, 0)
        XCTAssertEqual(try s.log().first, "done: Pack bag")
        try s.assertClean()
    }
}
