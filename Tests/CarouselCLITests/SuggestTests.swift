import XCTest

/// The carousel ranks by the brief's formula, with a variety that is stable within a day.
final class SuggestTests: XCTestCase {
    func makeVault() throws -> Sandbox {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Finish the report", "--importance", "5", "--spoons", "4", "--due", "2026-11-26"])
        try s.carousel(["add", "Call Mum", "--importance", "4", "--due", "tomorrow"])
        try s.carousel(["add", "Sketch app idea", "--importance", "2", "--kind", "idea"])
        try s.carousel(["add", "Overdue bill", "--importance", "2", "--due", "2026-11-20"])
        try s.carousel(["add", "Far away", "--importance", "3", "--due", "2026-12-30"])
        try s.carousel(["add", "Already done", "--importance", "5", "--due", "today"])
        try s.carousel(["done", "already-done"])
        try s.carousel(["add", "In today", "--importance", "5"])
        try s.carousel(["pull", "in-today"])
        return s
    }

    func testSmartOrderFollowsTheFormulaAndExcludesDoneAndToday() throws {
        let s = try makeVault()
        let cards = try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards()
        let slugs = cards.compactMap { $0["slug"] as? String }
        XCTAssertEqual(Set(slugs), ["finish-the-report", "call-mum", "sketch-app-idea", "overdue-bill", "far-away"])
        let expectedUrgency: [String: Double] = ["finish-the-report": 7, "call-mum": 9, "sketch-app-idea": 3, "overdue-bill": 13, "far-away": 0]
        var previous = Double.infinity
        for card in cards {
            let slug = try XCTUnwrap(card["slug"] as? String)
            let importance = try XCTUnwrap(card["importance"] as? Int)
            let urgency = try XCTUnwrap(card["urgency"] as? Double)
            let variety = try XCTUnwrap(card["variety"] as? Double)
            let score = try XCTUnwrap(card["score"] as? Double)
            XCTAssertEqual(urgency, expectedUrgency[slug], slug)
            XCTAssertEqual(score, 2 * Double(importance) + 1.5 * urgency + variety, accuracy: 1e-9)
            XCTAssertLessThanOrEqual(score, previous, "not ordered best first")
            previous = score
        }
    }

    func testVarietyIsStableWithinADayAndChangesOnAnother() throws {
        let s = try makeVault()
        func varieties(_ day: String) throws -> [String: Double] {
            let cards = try s.carousel(["suggest", "--json", "--limit", "0", "--today", day]).json().cards()
            return Dictionary(uniqueKeysWithValues: cards.map { ($0["slug"] as! String, $0["variety"] as! Double) })
        }
        let first = try varieties("2026-11-23"), second = try varieties("2026-11-23"), other = try varieties("2026-11-24")
        XCTAssertEqual(first, second)
        for (slug, v) in first where other[slug] != nil {
            XCTAssertNotEqual(v, other[slug], "variety of \(slug) did not change between days")
        }
    }

    func testLinearModeSortsByDueThenCreated() throws {
        let s = try makeVault()
        let cards = try s.carousel(["suggest", "--json", "--mode", "linear", "--limit", "0"]).json()
        XCTAssertEqual(cards["mode"] as? String, "linear")
        XCTAssertEqual(cards.cards().compactMap { $0["slug"] as? String },
                       ["overdue-bill", "call-mum", "finish-the-report", "far-away", "sketch-app-idea"])
    }

    func testLimitDefaultsToSevenAndZeroMeansAll() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...9 { try s.carousel(["add", "Card \(i)"]) }
        XCTAssertEqual(try s.carousel(["suggest", "--json"]).json().cards().count, 7)
        XCTAssertEqual(try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards().count, 9)
        XCTAssertEqual(try s.carousel(["suggest", "--json", "--limit", "3"]).json().cards().count, 3)
    }

    func testEmptyCarouselIsFriendly() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["suggest"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("The carousel is empty"), r.stdout)
    }
}
