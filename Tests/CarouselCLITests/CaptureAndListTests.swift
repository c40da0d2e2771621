import XCTest

final class CaptureAndListTests: XCTestCase {
    func testQuickCaptureMustShowAndListAndSearchFindIt() throws {
        let s = try Sandbox()
        try s.initVault()
        let add = try s.carousel(["add", "Call Mum tomorrow #family !4 ~1"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertTrue(add.stdout.contains("Understood:"), add.stdout)
        let card = try s.read("cards/call-mum.md")
        for line in ["title: Call Mum", "spoons: 1", "importance: 4", "tags: [family]", "due: 2026-11-24", "emoji: 📞"] {
            XCTAssertTrue(card.contains(line), "missing \(line) in\n\(card)")
        }
        XCTAssertEqual(try s.log().first, "add: Call Mum")
        let listed = try s.carousel(["list", "--tag", "family", "--json"]).json().cards()
        XCTAssertEqual(listed.map { $0["slug"] as? String }, ["call-mum"])
        XCTAssertEqual(Set(listed[0].keys), ["number", "id", "slug", "title", "due", "tags", "category", "importance", "spoons", "done", "overdue", "waiting", "blocked", "waiting_for"])
        let found = try s.carousel(["search", "mum", "--json"]).json().cards()
        XCTAssertEqual(found.map { $0["title"] as? String }, ["Call Mum"])
        try s.assertClean()
    }

    func testFlagsOverrideAndLiteralKeepsTheText() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Sort mail !2", "--importance", "5"]).status, 0)
        XCTAssertTrue(try s.read("cards/sort-mail.md").contains("importance: 5"))
        XCTAssertEqual(try s.carousel(["add", "Read #1 tomorrow", "--literal"]).status, 0)
        let text = try s.read("cards/read-1-tomorrow.md")
        XCTAssertTrue(text.contains("title: \"Read #1 tomorrow\"") || text.contains("title: Read #1 tomorrow"), text)
        XCTAssertFalse(text.contains("due:"))
    }

    func testSearchReadsBodiesCaseInsensitively() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        XCTAssertEqual(try s.carousel(["add", "Plan garden", "--body", "Ask about the TOMATO seedlings"]).status, 0)
        let found = try s.carousel(["search", "tomato", "--json"]).json().cards()
        XCTAssertEqual(found.map { $0["slug"] as? String }, ["plan-garden"])
        XCTAssertEqual(try s.carousel(["search", "no-such-words-here"]).stdout.contains("Nothing mentions"), true)
    }

    func testListFilters() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let overdue = try s.carousel(["list", "--overdue", "--json"]).json().cards()
        XCTAssertTrue(overdue.allSatisfy { ($0["due"] as? String ?? "9") < "2026-11-23" })
        let heavy = try s.carousel(["list", "--spoons", "4-5", "--json"]).json().cards()
        XCTAssertTrue(heavy.allSatisfy { ($0["spoons"] as? Int ?? 0) >= 4 })
        XCTAssertFalse(heavy.isEmpty)
        let onDay = try s.carousel(["list", "--due", "on:2026-11-23", "--json"]).json().cards()
        XCTAssertTrue(onDay.allSatisfy { $0["due"] as? String == "2026-11-23" })
        // A plain date, as people type it, is that day.
        let tomorrow = try s.carousel(["list", "--due", "tomorrow", "--json"]).json().cards()
        XCTAssertFalse(tomorrow.isEmpty)
        XCTAssertTrue(tomorrow.allSatisfy { $0["due"] as? String == "2026-11-24" }, "\(tomorrow)")
        XCTAssertEqual(tomorrow.count, try s.carousel(["list", "--due", "on:tomorrow", "--json"]).json().cards().count)
        XCTAssertEqual(try s.carousel(["list", "--due", "someday"]).status, 2)
        let sorted = try s.carousel(["list", "--sort", "importance", "--json"]).json().cards().map { $0["importance"] as? Int ?? 0 }
        XCTAssertEqual(sorted, sorted.sorted(by: >))
        let events = try s.carousel(["list", "--kind", "event", "--json"]).json().cards()
        XCTAssertFalse(events.isEmpty)
        let bad = try s.carousel(["list", "--spoons", "7"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }
}
