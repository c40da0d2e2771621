import XCTest

/// A repeating card is one file with a history of dates, never copies.
final class RepeatingCardTests: XCTestCase {
    func slugs(_ s: Sandbox, _ day: String) throws -> [String] {
        try s.carousel(["suggest", "--json", "--limit", "0", "--today", day]).json().cards().compactMap { $0["slug"] as? String }
    }

    func testDailyCardDoneOnThreeDays() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Stretch", "--repeat", "every day"]).status, 0)
        for day in ["2026-11-23", "2026-11-24", "2026-11-25"] {
            XCTAssertTrue(try slugs(s, day).contains("stretch"), day)
            let done = try s.carousel(["done", "stretch", "--today", day])
            XCTAssertEqual(done.status, 0, done.stderr)
            // Excluded for the rest of that day…
            XCTAssertFalse(try slugs(s, day).contains("stretch"), day)
        }
        // …and back the next day.
        XCTAssertTrue(try slugs(s, "2026-11-26").contains("stretch"))
        let text = try s.read("cards/stretch.md")
        XCTAssertTrue(text.contains("completed: [2026-11-23, 2026-11-24, 2026-11-25]"), text)
        XCTAssertTrue(text.contains("due: 2026-11-26"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: s.vault.appendingPathComponent("cards").path)
            .filter { $0.hasSuffix(".md") }, ["stretch.md"])
        XCTAssertEqual(try s.log().prefix(3), ["done: Stretch", "done: Stretch", "done: Stretch"])
        try s.assertClean()

        let show = try s.carousel(["show", "stretch", "--json", "--today", "2026-11-26"]).json()
        XCTAssertEqual(show["completed"] as? [String], ["2026-11-23", "2026-11-24", "2026-11-25"])
        XCTAssertEqual(show["repeat_summary"] as? String, "Every day")
        let next = show["next"] as? [String] ?? []
        XCTAssertEqual(next.count, 14)
        XCTAssertEqual(next.first, "2026-11-26")
        XCTAssertEqual(next.last, "2026-12-09")
    }

    func testSkipMovesTheCardOnWithoutCompletingIt() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Gym", "--repeat", "every week on mon, wed, fri", "--due", "2026-11-23"])
        let r = try s.carousel(["skip", "gym", "--note", "knee is sore"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try s.read("cards/gym.md")
        XCTAssertTrue(text.contains("skipped: [2026-11-23]"), text)
        XCTAssertTrue(text.contains("due: 2026-11-25"), text)
        XCTAssertFalse(text.contains("completed"), text)
        XCTAssertEqual(try s.log().first, "skip: Gym — knee is sore")
        try s.assertClean()
        XCTAssertFalse(try slugs(s, "2026-11-23").contains("gym"))

        try s.carousel(["add", "Call Mum"])
        let once = try s.carousel(["skip", "call-mum"])
        XCTAssertEqual(once.status, 1)
        XCTAssertTrue(once.stderr.contains("doesn't repeat"), once.stderr)
    }
}
