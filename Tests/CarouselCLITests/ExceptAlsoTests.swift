import Foundation
import XCTest

/// `except:` and `also:` (RFC 5545 EXDATE and RDATE) on a repeating card: every view and the
/// export leave out the one and add the other.
final class ExceptAlsoTests: XCTestCase {
    func next(_ s: Sandbox, _ slug: String, today: String? = nil) throws -> [String] {
        var args = ["show", slug, "--json"]
        if let today { args += ["--today", today] }
        return try s.carousel(args).json()["next"] as? [String] ?? []
    }

    func testExceptAndAlsoInEveryView() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Bins", "--repeat", "every week on mon", "--due", "2026-11-23"]).status, 0)
        let set = try s.carousel(["set", "bins", "except=2026-11-30, 2026-12-28", "also=2026-12-02"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let text = try s.read("cards/bins.md")
        XCTAssertTrue(text.contains("except: [2026-11-30, 2026-12-28]"), text)
        XCTAssertTrue(text.contains("also: [2026-12-02]"), text)
        XCTAssertEqual(Array(try next(s, "bins").prefix(6)),
                       ["2026-11-23", "2026-12-02", "2026-12-07", "2026-12-14", "2026-12-21", "2027-01-04"])

        // The calendar of that week: Wednesday 2 Dec has it, Monday 30 Nov does not.
        let week = try s.carousel(["calendar", "2026-12-01", "--json"]).json()
        let days = try XCTUnwrap(week["days"] as? [[String: Any]])
        func slugs(_ date: String) -> [String] {
            (days.first { $0["date"] as? String == date }?["cards"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
        }
        XCTAssertEqual(slugs("2026-11-30"), [])
        XCTAssertEqual(slugs("2026-12-02"), ["bins"])

        // Done today moves it to the `also:` date, skipping the excepted Monday.
        XCTAssertEqual(try s.carousel(["done", "bins"]).status, 0)
        XCTAssertTrue(try s.read("cards/bins.md").contains("due: 2026-12-02"))
        // Skip on 21 Dec moves past the excepted 28 Dec.
        let skip = try s.carousel(["skip", "bins", "--today", "2026-12-21"])
        XCTAssertEqual(skip.status, 0, skip.stderr)
        let after = try s.read("cards/bins.md")
        XCTAssertTrue(after.contains("due: 2027-01-04"), after)
        try s.assertClean()

        // The export says the same, and a calendar app reads the same dates back.
        let ics = try s.carousel(["export", "--format", "ics"])
        XCTAssertEqual(ics.status, 0, ics.stderr)
        XCTAssertTrue(ics.stdout.contains("EXDATE;VALUE=DATE:20261130,20261221,20261228\r\n"), ics.stdout)
        XCTAssertTrue(ics.stdout.contains("RDATE;VALUE=DATE:20261202\r\n"), ics.stdout)
        let seen = try expand(ics.stdout, from: "2026-11-24", to: "2027-01-10", in: s)
        XCTAssertEqual(seen["Bins"], ["2026-12-02", "2026-12-07", "2026-12-14", "2027-01-04"])
    }

    func testAnExceptedEventCountsDownToTheNextOne() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Choir", "--kind", "event", "--repeat", "every week on thu", "--due", "2026-11-26"])
        try s.write("cards/choir.md", try s.read("cards/choir.md").replacingOccurrences(of: "due:", with: "except: 2026-11-26\ndue:"))
        let events = try s.carousel(["countdown", "--json"]).json()["events"] as? [[String: Any]] ?? []
        XCTAssertEqual(events.first?["date"] as? String, "2026-12-03")
        // A series whose rule has ended still has its `also:` dates.
        try s.carousel(["add", "Term", "--kind", "event", "--repeat", "every week on mon for 1 time", "--due", "2026-11-30"])
        try s.write("cards/term.md", try s.read("cards/term.md").replacingOccurrences(of: "due:", with: "also: [2027-01-11]\ndue:"))
        XCTAssertEqual(try next(s, "term"), ["2026-11-30", "2027-01-11"])
        XCTAssertEqual(try next(s, "term", today: "2026-12-01"), ["2027-01-11"])
    }

    func testBadDatesSayFileAndLine() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/bins.md", "---\ntitle: Bins\nrepeat: every week\ndue: 2026-11-23\nexcept: [2026-11-30, 2026-02-30]\n---\n")
        try s.write("cards/gym.md", "---\ntitle: Gym\nrepeat: every week\nalso: next week\n---\n")
        let doctor = try s.carousel(["doctor", "--json"])
        let findings = try doctor.json()["findings"] as? [[String: Any]] ?? []
        let messages = findings.compactMap { $0["message"] as? String }
        XCTAssertTrue(messages.contains { $0.hasPrefix("cards/bins.md:5:") && $0.contains("\"2026-02-30\"") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("cards/gym.md:4:") && $0.contains("\"next week\"") }, "\(messages)")
        try s.carousel(["add", "Walk", "--repeat", "every day"])
        let set = try s.carousel(["set", "walk", "also=soonish"])
        XCTAssertNotEqual(set.status, 0)
        XCTAssertTrue(set.stderr.contains("soonish"), set.stderr)
    }
}
