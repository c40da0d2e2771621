import XCTest

/// Today's list: pulls of the day only, in the person's order, with spoons against the budget.
final class TodayTests: XCTestCase {
    func testTodayResetsOnTheNextDayWithoutAnyCommand() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum", "--spoons", "2"])
        try s.carousel(["pull", "call-mum"])
        let today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().compactMap { $0["slug"] as? String }, ["call-mum"])
        XCTAssertEqual(today["spoons_planned"] as? Int, 2)
        XCTAssertEqual(today["budget"] as? Int, 10)
        XCTAssertEqual(today["overloaded"] as? Bool, false)

        let tomorrow = try s.carousel(["today", "--json", "--today", "2026-11-24"]).json()
        XCTAssertEqual(tomorrow.cards().count, 0)
        let text = try s.carousel(["today", "--today", "2026-11-24"]).stdout
        XCTAssertTrue(text.contains("Your day is clear. Pull something from the carousel when you're ready."), text)
        // And the card is back in tomorrow's carousel.
        let suggest = try s.carousel(["suggest", "--json", "--today", "2026-11-24"]).json().cards()
        XCTAssertTrue(suggest.contains { $0["slug"] as? String == "call-mum" })
    }

    func testOrderDoneAtBottomAndOverload() throws {
        let s = try Sandbox()
        try s.initVault()
        for (t, sp) in [("One", "4"), ("Two", "4"), ("Three", "4")] {
            try s.carousel(["add", t, "--spoons", sp])
            try s.carousel(["pull", t.lowercased()])
        }
        var today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().compactMap { $0["slug"] as? String }, ["one", "two", "three"])
        XCTAssertEqual(today["overloaded"] as? Bool, true)
        XCTAssertTrue(try s.carousel(["today"]).stdout.contains("That's a lot for one day."))

        XCTAssertEqual(try s.carousel(["order", "three", "1"]).status, 0)
        try s.carousel(["done", "three"])
        today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().compactMap { $0["slug"] as? String }, ["one", "two", "three"])
        XCTAssertEqual(today.cards().last?["done"] as? Bool, true)
        XCTAssertEqual(today["spoons_done"] as? Int, 4)

        XCTAssertEqual(try s.carousel(["order", "two", "1"]).status, 0)
        today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().compactMap { $0["slug"] as? String }, ["two", "one", "three"])
        XCTAssertEqual(try s.log().first, "order today: Two to 1")

        XCTAssertEqual(try s.carousel(["drop", "two"]).status, 0)
        today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().compactMap { $0["slug"] as? String }, ["one", "three"])
        try s.assertClean()
    }

    func testHomeShowsTodaySpoonsAndCarousel() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let r = try s.carousel([])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("TODAY"))
        XCTAssertTrue(r.stdout.contains("spoons"))
        XCTAssertTrue(r.stdout.contains("THE CAROUSEL"))
        XCTAssertTrue(r.stdout.contains("Board") && r.stdout.contains("Countdown"), r.stdout)
        let json = try s.carousel(["home", "--json"]).json()
        XCTAssertNotNil(json["today"])
        XCTAssertNotNil(json["carousel"])
    }
}
