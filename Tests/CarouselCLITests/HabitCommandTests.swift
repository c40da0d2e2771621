import XCTest

/// Habits end to end: one commit per change, one log line per day, and hand edits honoured.
final class HabitCommandTests: XCTestCase {
    func numstat(_ s: Sandbox) throws -> String {
        try s.git(["show", "--numstat", "--format="]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testCheckSkipUncheckCommitOneLineEach() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        var r = try s.carousel(["check", "brush"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "check: Brush teeth (2/2)")
        XCTAssertEqual(try numstat(s), "1\t1\thabits/brush-teeth.md")
        XCTAssertTrue(try s.read("habits/brush-teeth.md").contains("  2026-11-22: 2\n  2026-11-23: 2\nstart:"))

        r = try s.carousel(["skip", "read-10-pages", "--note", "eyes tired"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "skip: Read 10 pages — eyes tired")
        XCTAssertEqual(try numstat(s), "1\t0\thabits/read-10-pages.md")
        XCTAssertTrue(try s.read("habits/read-10-pages.md").contains("  2026-11-22: skip\n  2026-11-23: skip — eyes tired\n"))

        r = try s.carousel(["check", "10,000 steps", "3000steps", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        XCTAssertEqual(json["progress"] as? Int, 3000)
        XCTAssertEqual(json["entry"] as? String, "3000")
        XCTAssertEqual(try s.log().first, "check: 10,000 steps (3,000/10,000 steps)")

        r = try s.carousel(["uncheck", "take-medication", "--date", "2026-11-19"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "uncheck: Take medication on 2026-11-19")
        XCTAssertEqual(try numstat(s), "0\t1\thabits/take-medication.md")
        XCTAssertFalse(try s.read("habits/take-medication.md").contains("2026-11-19"))

        // Nothing logged: nothing to commit.
        let count = try s.log().count
        r = try s.carousel(["uncheck", "take-medication", "--date", "2026-11-19"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("Nothing logged"), r.stdout)
        XCTAssertEqual(try s.log().count, count)
        try s.assertClean()
    }

    func testHabitAddAndMultiTimesPerDay() throws {
        let s = try Sandbox()
        try s.initVault()
        var r = try s.carousel(["habit", "add", "Drink water", "--target", "3", "--unit", "ml", "--period", "day"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "habit add: Drink water")
        let text = try s.read("habits/drink-water.md")
        XCTAssertTrue(text.contains("repeat: every day\ntarget: 3\nperiod: day\nunit: ml\nstart: 2026-11-23\n"), text)
        for expected in ["1/3 ml", "2/3 ml", "3/3 ml"] {
            r = try s.carousel(["check", "drink"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try s.log().first, "check: Drink water (\(expected))")
        }
        XCTAssertTrue(try s.read("habits/drink-water.md").hasSuffix("log:\n  2026-11-23: 3\n---\n"))
        let show = try s.carousel(["show", "drink-water", "--json"]).json()
        XCTAssertEqual(show["repeat_summary"] as? String, "Every day")
        XCTAssertEqual((show["next"] as? [String])?.count, 14)
        XCTAssertEqual((show["log"] as? [String: Any])?["2026-11-23"] as? Int, 3)
        try s.assertClean()
    }

    func testBadInputWritesNothing() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let before = try s.log()
        let cases: [([String], String)] = [
            (["check", "brush", "-2"], "must be above 0"),
            (["check", "brush", "5kg"], "counted in count, not kg"),
            (["check", "brush", "5min"], "counted in count, not min"),
            (["check", "take-medication", "--date", "2026-11-01"], "before Take medication started (2026-11-09)"),
            (["check", "steps", "--today", "2026-11-24"], "add --anyway"),
            (["skip", "steps", "--today", "2026-11-24"], "nothing to skip"),
            (["check", "nope"], "no habit matches \"nope\""),
            (["habit", "add", "Yoga", "--unit", "m/s"], "a unit is one plain word"),
            (["habit", "add", "Yoga", "--repeat", "every 0 days"], "every 0 days\n          ^"),
            (["habit", "add", "Yoga", "--period", "year"], "must be day, week or month"),
        ]
        for (args, message) in cases {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 1, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        XCTAssertEqual(try s.log(), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("habits/yoga.md").path))
        try s.assertClean()
        // --anyway logs an unscheduled day.
        let r = try s.carousel(["check", "steps", "2000", "--anyway", "--today", "2026-11-24"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try s.read("habits/10-000-steps.md").contains("  2026-11-24: 2000\n"))
    }

    func testHandEditedLogShowsInHabitsJSON() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        var json = try s.carousel(["habits", "--json"]).json()
        XCTAssertEqual(Set(json.keys), ["date", "day_qualifies", "streak", "best_streak", "habits", "heatmap"])
        var habits = json["habits"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(habits.first?.keys ?? [:].keys), ["slug", "title", "target", "unit", "period", "progress", "done",
                                                           "skipped", "streak", "best_streak", "strength", "scheduled_today",
                                                           "ended", "last_day"])
        func habit(_ slug: String) -> [String: Any] { habits.first { $0["slug"] as? String == slug } ?? [:] }
        XCTAssertEqual(habit("brush-teeth")["progress"] as? Int, 1)
        XCTAssertEqual(json["day_qualifies"] as? Bool, false)

        // In a text editor: today's brushing 1 → 2, and a new line for reading.
        var brush = try s.read("habits/brush-teeth.md")
        brush = brush.replacingOccurrences(of: "  2026-11-23: 1\n", with: "  2026-11-23: 2\n")
        try s.write("habits/brush-teeth.md", brush)
        var read = try s.read("habits/read-10-pages.md")
        read = read.replacingOccurrences(of: "  2026-11-22: skip\n", with: "  2026-11-22: skip\n  2026-11-23: 10\n")
        try s.write("habits/read-10-pages.md", read)

        json = try s.carousel(["habits", "--json"]).json()
        habits = json["habits"] as? [[String: Any]] ?? []
        XCTAssertEqual(habit("brush-teeth")["progress"] as? Int, 2)
        XCTAssertEqual(habit("brush-teeth")["done"] as? Bool, true)
        XCTAssertEqual(habit("read-10-pages")["progress"] as? Int, 10)
        XCTAssertEqual(habit("read-10-pages")["done"] as? Bool, true)
        XCTAssertEqual(json["day_qualifies"] as? Bool, true)  // 2 of 4 scheduled today
        let last = (json["heatmap"] as? [[String: Any]])?.last ?? [:]
        XCTAssertEqual(last["date"] as? String, "2026-11-23")
        XCTAssertEqual(last["ratio"] as? Double, 0.5)
        XCTAssertEqual(last["qualifies"] as? Bool, true)
        XCTAssertEqual(try s.carousel(["streaks", "--json"]).stdout, try s.carousel(["habits", "--json"]).stdout)
    }

    func testProgressJSON() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        try s.carousel(["check", "brush"])
        let json = try s.carousel(["progress", "--json", "--weeks", "2"]).json()
        XCTAssertEqual(Set(json.keys), ["date", "total", "this_week", "weeks"])
        let weeks = json["weeks"] as? [[String: Any]] ?? []
        XCTAssertEqual(weeks.count, 2)
        XCTAssertEqual(weeks.first?["start"] as? String, "2026-11-23")
        XCTAssertEqual(weeks.first?["habit_completions"] as? Int, 1)
        XCTAssertEqual(json["this_week"] as? Int, weeks.first?["xp"] as? Int)
        XCTAssertGreaterThan(json["total"] as? Int ?? 0, 0)
    }
}

extension HabitCommandTests {
    func testABrokenHabitFileIsReportedAndNeverCommitted() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        try s.write("habits/yoga.md", "---\ntitle: Yoga\nunit: m/s\n---\n")
        let view = try s.carousel(["habits", "--json"])
        XCTAssertEqual(view.status, 0)
        XCTAssertTrue(view.stderr.contains("habits/yoga.md:3:7: error: unit must be one plain word"), view.stderr)
        XCTAssertEqual((try view.json()["habits"] as? [Any])?.count, 4)

        let r = try s.carousel(["check", "brush"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("Left habits/yoga.md uncommitted"), r.stderr)
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "?? habits/yoga.md\n")
        let yoga = try s.carousel(["check", "yoga"])
        XCTAssertEqual(yoga.status, 1)
        XCTAssertTrue(yoga.stderr.contains("habits/yoga.md:3:7"), yoga.stderr)
    }
}

extension HabitCommandTests {
    /// Today is not a missed day in the heat map until it is over: it shows as open, then as
    /// "some" once a habit is checked.
    func testTodayInTheHeatMapIsOpenNotMissed() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        func mondayRow() throws -> String {
            let out = try s.carousel(["habits"], env: ["NO_COLOR": "1"]).stdout
            return try XCTUnwrap(out.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Mon ") }).description
        }
        let before = try mondayRow()
        XCTAssertTrue(before.hasSuffix("- o "), before)
        XCTAssertEqual(try s.carousel(["check", "take-medication"]).status, 0)
        let after = try mondayRow()
        XCTAssertTrue(after.hasSuffix("- + "), after)
    }
}
