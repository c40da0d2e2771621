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

/// The human syntax for the newer rule parts, typed in `repeat:`, `--repeat` and quick capture.
final class HumanRulePartsTests: XCTestCase {
    func testNewRulesFromQuickCaptureAndRepeatFlag() throws {
        let s = try Sandbox()
        try s.initVault()
        let cases: [(args: [String], slug: String, summary: String, next: [String])] = [
            (["add", "Pay rent every month on the last weekday"], "pay-rent", "Every month on the last weekday",
             ["2026-11-30", "2026-12-31", "2027-01-29"]),
            (["add", "Invoice every month on the first and last weekday"], "invoice", "Every month on the 1st & last weekday",
             ["2026-11-30", "2026-12-01", "2026-12-31"]),
            // Weeks from Sunday: 22 Nov starts the first week, so the next fortnight is 6 Dec.
            (["add", "Team call every 2 weeks on sun, tue (weeks start sunday)"], "team-call",
             "Every 2 weeks on Tue & Sun (weeks start Sunday)", ["2026-11-24", "2026-12-06", "2026-12-08"]),
            (["add", "Summer check", "--repeat", "every year in week 27 on monday"], "summer-check",
             "Every year in week 27 on Monday", ["2027-07-05", "2028-07-03", "2029-07-02"]),
            (["add", "Programmers' day", "--repeat", "every year on day 256"], "programmers-day", "Every year on day 256",
             ["2027-09-13", "2028-09-12", "2029-09-13"]),
        ]
        for c in cases {
            let r = try s.carousel(c.args)
            XCTAssertEqual(r.status, 0, r.stderr)
            let show = try s.carousel(["show", c.slug, "--json"]).json()
            XCTAssertEqual(show["repeat_summary"] as? String, c.summary, c.slug)
            XCTAssertEqual(Array((show["next"] as? [String] ?? []).prefix(3)), c.next, c.slug)
            // The rule in the file reads back to the same summary.
            let rule = try XCTUnwrap(show["repeat"] as? String)
            let again = try s.carousel(["rule", rule, "--json"], vaultFlag: false).json()
            XCTAssertEqual(again["summary"] as? String, c.summary, rule)
        }
        XCTAssertEqual(try s.read("cards/pay-rent.md").contains("repeat: every month on the last weekday"), true)
        let bad = try s.carousel(["add", "Odd", "--repeat", "every year in week 54 on mon"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("1 to 53"), bad.stderr)
    }
}
