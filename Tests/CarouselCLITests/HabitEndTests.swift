import XCTest

/// A habit past its end (`end`, UNTIL, COUNT, "for N times", "until DATE") is no longer
/// scheduled, says it ended, and does not break the streak.
final class HabitEndTests: XCTestCase {
    func habits(_ s: Sandbox, _ day: String) throws -> (json: [String: Any], bySlug: [String: [String: Any]]) {
        let json = try s.carousel(["habits", "--json", "--today", day]).json()
        var by: [String: [String: Any]] = [:]
        for h in json["habits"] as? [[String: Any]] ?? [] { by[h["slug"] as? String ?? ""] = h }
        return (json, by)
    }

    func testEveryEndFormStopsTheHabitAndKeepsTheStreak() throws {
        let s = try Sandbox()
        try s.initVault()
        let forms = [("times", "every day for 2 times"), ("until", "every day until 2026-11-21"),
                     ("count", "FREQ=DAILY;COUNT=2"), ("untiltime", "FREQ=DAILY;UNTIL=20261121T090000Z")]
        for (slug, rule) in forms {
            try s.write("habits/\(slug).md", "---\ntitle: \(slug)\nrepeat: \"\(rule)\"\nstart: 2026-11-20\n---\n")
        }
        try s.write("habits/ends.md", "---\ntitle: ends\nrepeat: every day\nstart: 2026-11-20\nend: 2026-11-21\n---\n")
        let slugs = forms.map(\.0) + ["ends"]
        for slug in slugs {
            for day in ["2026-11-20", "2026-11-21"] {
                let r = try s.carousel(["check", slug, "--today", day])
                XCTAssertEqual(r.status, 0, "\(slug) \(day): \(r.stderr)")
            }
            // The day after the end: not scheduled, and a check or a skip says it ended.
            let check = try s.carousel(["check", slug, "--today", "2026-11-22"])
            XCTAssertNotEqual(check.status, 0, slug)
            XCTAssertTrue(check.stderr.contains("ended on 2026-11-21"), check.stderr)
            let skip = try s.carousel(["skip", slug, "--today", "2026-11-23"])
            XCTAssertNotEqual(skip.status, 0, slug)
            XCTAssertTrue(skip.stderr.contains("ended on 2026-11-21"), skip.stderr)
        }
        let (json, by) = try habits(s, "2026-11-30")
        for slug in slugs {
            let h = try XCTUnwrap(by[slug], slug)
            XCTAssertEqual(h["scheduled_today"] as? Bool, false, slug)
            XCTAssertEqual(h["ended"] as? Bool, true, slug)
            XCTAssertEqual(h["last_day"] as? String, "2026-11-21", slug)
            XCTAssertEqual(h["streak"] as? Int, 2, slug)
        }
        // Days after every habit ended neither extend nor break the day streak.
        XCTAssertEqual(json["streak"] as? Int, 2)
        let text = try s.carousel(["habits", "--today", "2026-11-30"]).stdout
        XCTAssertTrue(text.contains("ended Sat 21 Nov"), text)
        // Home does not count them as due.
        let home = try s.carousel(["--today", "2026-11-30"]).stdout
        XCTAssertTrue(home.contains("none due today"), home)
        try s.assertClean()
    }

    /// With a skip on one of its days, a COUNT habit still ends on its last listed day.
    func testSkippedDaysCountTowardsTheHabitCount() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["habit", "add", "Plank", "--repeat", "every 2 days for 3 times", "--today", "2026-11-20"]).status, 0)
        XCTAssertEqual(try s.carousel(["skip", "plank", "--note", "sore", "--today", "2026-11-22"]).status, 0)
        XCTAssertEqual(try s.carousel(["check", "plank", "--today", "2026-11-24"]).status, 0)
        let (_, by) = try habits(s, "2026-11-25")
        XCTAssertEqual(by["plank"]?["ended"] as? Bool, true)
        XCTAssertEqual(by["plank"]?["last_day"] as? String, "2026-11-24")
        XCTAssertNotEqual(try s.carousel(["check", "plank", "--today", "2026-11-26"]).status, 0)
        // uncheck (a habit's undone) still works on the last day.
        XCTAssertEqual(try s.carousel(["uncheck", "plank", "--date", "2026-11-24", "--today", "2026-11-25"]).status, 0)
        try s.assertClean()
    }
}
