import XCTest

/// Each command's `--json` against its shape in docs/cli.md (see `JSONShape`): views.
final class JSONShapeTests: XCTestCase {
    func sample() throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault(sample: true)
        return s
    }

    func testEveryShapeBlockParses() {
        XCTAssertGreaterThan(JSONShape.blocks.count, 40, "docs/cli.md shape blocks")
        for (label, shape) in JSONShape.blocks { XCTAssertFalse(shape is String, "```shape \(label) does not parse as JSON") }
    }

    func testCheckerFailsOnWrongTypesMissingAndExtraKeys() {
        XCTAssertFalse(JSONShape.problems("budget", #"{"budget": "10", "changed": false, "note": null}"#).isEmpty)
        XCTAssertFalse(JSONShape.problems("budget", #"{"budget": 10, "changed": false}"#).isEmpty)
        XCTAssertFalse(JSONShape.problems("budget", #"{"budget": 10, "changed": false, "note": null, "extra": 1}"#).isEmpty)
        XCTAssertFalse(JSONShape.problems("budget", #"{"budget": 10, "changed": 1, "note": null}"#).isEmpty)
        XCTAssertEqual(JSONShape.problems("budget", #"{"budget": 10, "changed": false, "note": null}"#), [])
    }

    func testTodayShape() throws {
        let s = try sample()
        assertShape("today-command", try s.carousel(["today", "--json"]))
    }

    func testSuggestShape() throws {
        assertShape("suggest", try sample().carousel(["suggest", "--json"]))
    }

    func testHomeShape() throws {
        let s = try sample()
        assertShape("home", try s.carousel(["--json"]))
        assertShape("home", try s.carousel(["home", "--json"]))
    }

    func testListAndSearchShape() throws {
        let s = try sample()
        assertShape("list", try s.carousel(["list", "--json"]))
        assertShape("list", try s.carousel(["search", "mum", "--json"]))
    }

    func testShowShape() throws {
        let s = try sample()
        let slugs = try XCTUnwrap(try s.carousel(["list", "--json"]).json()["cards"] as? [[String: Any]]).compactMap { $0["slug"] as? String }
        XCTAssertFalse(slugs.isEmpty)
        for slug in slugs { assertShape("card", try s.carousel(["show", slug, "--json"])) }
        try s.carousel(["add", "Oil the bike", "--repeat", "every 3 days", "--due", "2026-11-23"])
        assertShape("repeating-card", try s.carousel(["show", "oil-the-bike", "--json"]))
    }

    func testBoardShape() throws {
        assertShape("board", try sample().carousel(["board", "--json"]))
    }

    func testCalendarShape() throws {
        let s = try sample()
        for period in ["--day", "--week", "--month", "--year"] {
            assertShape("calendar", try s.carousel(["calendar", period, "--json"]))
        }
    }

    func testCountdownShape() throws {
        let r = try sample().carousel(["countdown", "--json"])
        XCTAssertFalse(try XCTUnwrap(r.json()["events"] as? [Any]).isEmpty, "sample has events")
        assertShape("countdown", r)
    }

    func testTimelineShape() throws {
        let s = try sample()
        try s.carousel(["add", "Dentist", "--due", "2026-11-23T10:00", "--kind", "event"])
        try s.carousel(["add", "Lunch", "--due", "2026-11-23T10:30", "--kind", "event"])
        assertShape("timeline", try s.carousel(["timeline", "--now", "09:00", "--json"]))
        assertShape("timeline-week", try s.carousel(["timeline", "--week", "--now", "09:00", "--json"]))
    }

    func testCheckinShape() throws {
        let s = try sample()
        try s.carousel(["checkin", "--note", "slow day"])
        assertShape("checkin", try s.carousel(["checkin", "--json"]))
    }

    func testBubblesShape() throws {
        let s = try sample()
        assertShape("bubbles", try s.carousel(["bubbles", "--out", s.root.appendingPathComponent("b.svg").path, "--json"]))
    }

    func testRuleShape() throws {
        assertShape("rule", try sample().carousel(["rule", "every 2 weeks on tue", "--json"]))
    }

    func testHabitsShape() throws {
        let s = try sample()
        try s.carousel(["habit", "add", "Walk"])
        try s.carousel(["check", "walk"])
        assertShape("habits", try s.carousel(["habits", "--json"]))
        assertShape("habit", try s.carousel(["show", "walk", "--json"]))
    }

    func testProgressShape() throws {
        assertShape("progress", try sample().carousel(["progress", "--json", "--weeks", "3"]))
    }

    func testLogShape() throws {
        let s = try sample()
        try s.carousel(["set", "call-mum", "spoons=2"])
        assertShape("log", try s.carousel(["log", "--json"]))
        assertShape("log", try s.carousel(["log", "call-mum", "--json"]))
    }

    func testIndexShape() throws {
        assertShape("index", try sample().carousel(["index", "--json"]))
    }

    func testWatchShape() throws {
        assertShape("watch", try sample().carousel(["watch", "status", "--json"], env: ["WATCHMAN_SOCK": "/nonexistent/sock"]))
    }

    func testExportJSONShape() throws {
        let s = try sample()
        try s.carousel(["reflect", "--night", "Quiet day"])
        let r = try s.carousel(["export", "--format", "json"])
        XCTAssertFalse(try XCTUnwrap(r.json()["journal"] as? [Any]).isEmpty)
        assertShape("export", r)
    }

    func testConfigShape() throws {
        let s = try sample()
        assertShape("config", try s.carousel(["config", "--json"]))
        assertShape("config-set", try s.carousel(["config", "budget", "12", "--json"]))
    }

    func testLeagueShape() throws {
        let s = try sample()
        let friend = try Sandbox(name + "friend")
        try friend.initVault(sample: true)
        assertShape("friend-add", try s.carousel(["friend", "add", "alice", friend.vault.path, "--json"]))
        let r = try s.carousel(["league", "--json"])
        XCTAssertEqual(try XCTUnwrap(r.json()["members"] as? [Any]).count, 2)
        assertShape("league", r)
    }
}
