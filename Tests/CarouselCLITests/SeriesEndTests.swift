import XCTest

/// Repeating cards whose series ends (COUNT, UNTIL, "for N times", "until DATE"): they finish
/// once, are never offered or overdue again, and `undone` reopens the last occurrence.
final class SeriesEndTests: XCTestCase {
    func slugs(_ s: Sandbox, _ args: [String], _ day: String) throws -> [String] {
        let r = try s.carousel(args + ["--json", "--today", day])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.json().cards().compactMap { $0["slug"] as? String }
    }

    func boardSlugs(_ s: Sandbox, _ day: String) throws -> [String: [String]] {
        let json = try s.carousel(["board", "--json", "--today", day]).json()
        var out: [String: [String]] = [:]
        for column in json["columns"] as? [[String: Any]] ?? [] {
            out[column["name"] as? String ?? ""] = (column["cards"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
        }
        return out
    }

    func show(_ s: Sandbox, _ ref: String, _ day: String) throws -> [String: Any] {
        try s.carousel(["show", ref, "--json", "--today", day]).json()
    }

    /// Finished: not suggested, not overdue, not on the board, listed as done, no home count.
    func assertFinished(_ s: Sandbox, _ slug: String, on day: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(try slugs(s, ["suggest", "--limit", "0"], day).contains(slug), "suggest \(day)", file: file, line: line)
        XCTAssertFalse(try slugs(s, ["list", "--overdue"], day).contains(slug), "overdue \(day)", file: file, line: line)
        XCTAssertTrue(try slugs(s, ["list", "--done"], day).contains(slug), "list --done \(day)", file: file, line: line)
        XCTAssertFalse(try slugs(s, ["list", "--open"], day).contains(slug), "list --open \(day)", file: file, line: line)
        XCTAssertFalse(try boardSlugs(s, day).values.joined().contains(slug), "board \(day)", file: file, line: line)
        let home = try s.carousel(["home", "--json", "--today", day]).json()
        let strip = (home["carousel"] as? [String: Any])?.cards().compactMap { $0["slug"] as? String } ?? []
        XCTAssertFalse(strip.contains(slug), "home strip \(day)", file: file, line: line)
        XCTAssertEqual((home["counts"] as? [String: Any])?["overdue"] as? Int, 0, "home overdue \(day)", file: file, line: line)
        XCTAssertEqual(try show(s, slug, day)["finished"] as? Bool, true, file: file, line: line)
        XCTAssertEqual(try show(s, slug, day)["next"] as? [String], [], file: file, line: line)
    }

    /// The case: "every day for 3 times" done on six days in a row.
    func testEveryDayForThreeTimesFinishesAfterTheThird() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Stretch", "--repeat", "every day for 3 times", "--due", "2026-11-20", "--today", "2026-11-20"]).status, 0)
        for day in 20...25 {
            let r = try s.carousel(["done", "stretch", "--today", "2026-11-\(day)"])
            XCTAssertEqual(r.status, 0, r.stderr)
            if day == 22 { XCTAssertTrue(r.stdout.contains("That was the last one."), r.stdout) }
            if day > 22 { XCTAssertTrue(r.stdout.contains("has finished"), r.stdout) }
        }
        let text = try s.read("cards/stretch.md")
        XCTAssertTrue(text.contains("completed: [2026-11-20, 2026-11-21, 2026-11-22]"), text)
        XCTAssertTrue(text.contains("series_start: 2026-11-20"), text)
        XCTAssertTrue(text.contains("due: 2026-11-22\n"), text)
        XCTAssertEqual(text.components(separatedBy: "\ndone: ").count, 2, text)
        XCTAssertEqual(try s.log().prefix(4), ["done: Stretch", "done: Stretch", "done: Stretch", "add: Stretch"])
        try assertFinished(s, "stretch", on: "2026-11-26")
        try assertFinished(s, "stretch", on: "2027-02-01")
        try s.assertClean()

        // undone reopens the last occurrence; done again finishes it again.
        let undone = try s.carousel(["undone", "stretch", "--today", "2026-11-22"])
        XCTAssertEqual(undone.status, 0, undone.stderr)
        let reopened = try s.read("cards/stretch.md")
        XCTAssertFalse(reopened.contains("\ndone:"), reopened)
        XCTAssertTrue(reopened.contains("completed: [2026-11-20, 2026-11-21]"), reopened)
        XCTAssertTrue(try slugs(s, ["suggest", "--limit", "0"], "2026-11-22").contains("stretch"))
        XCTAssertEqual(try show(s, "stretch", "2026-11-22")["next"] as? [String], ["2026-11-22"])
        XCTAssertEqual(try s.carousel(["done", "stretch", "--today", "2026-11-22"]).status, 0)
        try assertFinished(s, "stretch", on: "2026-11-23")
    }

    /// `undone` on a later day still reopens the series (due today, since the last day passed).
    func testUndoneOnALaterDayReopensTheLastOccurrence() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Water plants", "--repeat", "every day until 2026-11-22", "--due", "2026-11-21", "--today", "2026-11-21"])
        try s.carousel(["done", "water-plants", "--today", "2026-11-21"])
        try s.carousel(["done", "water-plants", "--today", "2026-11-22"])
        try assertFinished(s, "water-plants", on: "2026-11-29")
        // The issue saw "8 days overdue" a week later.
        let list = try s.carousel(["list", "--today", "2026-11-30"]).stdout
        XCTAssertFalse(list.contains("overdue"), list)
        XCTAssertEqual(try s.carousel(["undone", "water-plants", "--today", "2026-11-24"]).status, 0)
        XCTAssertTrue(try slugs(s, ["list", "--open"], "2026-11-24").contains("water-plants"))
        let card = try show(s, "water-plants", "2026-11-24")
        XCTAssertEqual(card["completed"] as? [String], ["2026-11-21"])
        XCTAssertEqual(card["finished"] as? Bool, false)
    }

    /// RRULE forms on a hand-made file (no id, no series_start), with skips counting.
    func testRRuleCountAndUntilDateTimeOnHandMadeCards() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/count.md", "---\ntitle: Count\nrepeat: FREQ=DAILY;COUNT=3\ndue: 2026-11-20\n---\n")
        try s.write("cards/until.md", "---\ntitle: Until\nrepeat: RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261125T235959Z\ndue: 2026-11-23\n---\n")
        XCTAssertEqual(try s.carousel(["skip", "count", "--today", "2026-11-20"]).status, 0)
        XCTAssertEqual(try s.carousel(["done", "count", "--today", "2026-11-21"]).status, 0)
        let last = try s.carousel(["skip", "count", "--today", "2026-11-22"])
        XCTAssertEqual(last.status, 0, last.stderr)
        XCTAssertTrue(last.stdout.contains("That was the last one."), last.stdout)
        try assertFinished(s, "count", on: "2026-11-23")
        // undone on a series finished by a skip takes that skip back.
        XCTAssertEqual(try s.carousel(["undone", "count", "--today", "2026-11-22"]).status, 0)
        XCTAssertEqual(try show(s, "count", "2026-11-22")["skipped"] as? [String], ["2026-11-20"])
        XCTAssertTrue(try slugs(s, ["suggest", "--limit", "0"], "2026-11-22").contains("count"))

        XCTAssertEqual(try s.carousel(["done", "until", "--today", "2026-11-23"]).status, 0)
        XCTAssertEqual(try show(s, "until", "2026-11-23")["due"] as? String, "2026-11-25")
        XCTAssertEqual(try s.carousel(["done", "until", "--today", "2026-11-25"]).status, 0)
        try assertFinished(s, "until", on: "2026-11-30")
        try s.assertClean()
    }

    /// A card from before `series_start` existed: due already moved, completions kept. The
    /// count still starts at the first completion.
    func testOlderCardWithoutSeriesStartDerivesIt() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/old.md", "---\ntitle: Old\nrepeat: every day for 3 times\ndue: 2026-11-22\ncompleted: [2026-11-20, 2026-11-21]\n---\n")
        XCTAssertEqual(try show(s, "old", "2026-11-22")["series_start"] as? String, "2026-11-20")
        XCTAssertEqual(try s.carousel(["done", "old", "--today", "2026-11-22"]).status, 0)
        try assertFinished(s, "old", on: "2026-11-23")
        // A series whose last day passed untouched is over too: not overdue, not offered.
        try s.write("cards/missed.md", "---\ntitle: Missed\nrepeat: every day for 2 times\ndue: 2026-11-01\n---\n")
        try assertFinished(s, "missed", on: "2026-11-10")
    }

    /// "after done" rules with an end: a count of completions and skips, or a last date.
    func testAfterDoneRulesWithAnEnd() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Descale", "--repeat", "2 days after done for 2 times", "--due", "2026-11-20", "--today", "2026-11-20"])
        try s.carousel(["add", "Oil", "--repeat", "3 days after done until 2026-11-25", "--due", "2026-11-20", "--today", "2026-11-20"])
        XCTAssertEqual(try s.carousel(["done", "descale", "--today", "2026-11-21"]).status, 0)
        XCTAssertEqual(try show(s, "descale", "2026-11-21")["due"] as? String, "2026-11-23")
        XCTAssertEqual(try s.carousel(["skip", "descale", "--today", "2026-11-23"]).status, 0)
        try assertFinished(s, "descale", on: "2026-11-24")
        XCTAssertEqual(try s.carousel(["done", "oil", "--today", "2026-11-20"]).status, 0)
        XCTAssertEqual(try show(s, "oil", "2026-11-20")["due"] as? String, "2026-11-23")
        let last = try s.carousel(["done", "oil", "--today", "2026-11-23"])
        XCTAssertTrue(last.stdout.contains("That was the last one."), last.stdout)
        try assertFinished(s, "oil", on: "2026-11-27")
        XCTAssertEqual(try s.carousel(["undone", "oil", "--today", "2026-11-23"]).status, 0)
        XCTAssertEqual(try show(s, "oil", "2026-11-23")["completed"] as? [String], ["2026-11-20"])
        XCTAssertTrue(try slugs(s, ["list", "--open"], "2026-11-23").contains("oil"))
        XCTAssertEqual(try show(s, "oil", "2026-11-20")["repeat_summary"] as? String, "3 days after done, until 25 Nov 2026")
    }

    /// skip on a day that is not an occurrence says so, exits non-zero and records nothing.
    func testSkipOnADayWithoutAnOccurrenceRecordsNothing() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Gym", "--repeat", "every week on mon, wed", "--due", "2026-11-23", "--today", "2026-11-22"])
        let before = try s.read("cards/gym.md")
        let commits = try s.log().count
        for day in ["2026-11-24", "2026-11-22", "2026-11-26"] {
            let r = try s.carousel(["skip", "gym", "--today", day])
            XCTAssertNotEqual(r.status, 0, day)
            XCTAssertTrue(r.stderr.contains("no occurrence today"), r.stderr)
            XCTAssertTrue(r.stderr.contains("Nothing was recorded"), r.stderr)
        }
        XCTAssertEqual(try s.read("cards/gym.md"), before)
        XCTAssertEqual(try s.log().count, commits)
        // A finished series has nothing left to skip.
        try s.carousel(["add", "Once", "--repeat", "every day for 1 time", "--due", "2026-11-23", "--today", "2026-11-23"])
        XCTAssertEqual(try s.carousel(["done", "once", "--today", "2026-11-23"]).status, 0)
        let finished = try s.carousel(["skip", "once", "--today", "2026-11-24"])
        XCTAssertNotEqual(finished.status, 0)
        XCTAssertTrue(finished.stderr.contains("finished"), finished.stderr)
        try s.assertClean()
    }

    /// Done the day after a missed occurrence is that occurrence, late: the next stays open.
    func testDoneLateKeepsTheComingOccurrence() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Swim", "--repeat", "every 2 weeks on tue, thu for 4 times", "--due", "2026-11-03", "--today", "2026-11-01"])
        for day in ["2026-11-03", "2026-11-05", "2026-11-18"] {
            XCTAssertEqual(try s.carousel(["done", "swim", "--today", day]).status, 0, day)
        }
        XCTAssertEqual(try show(s, "swim", "2026-11-18")["due"] as? String, "2026-11-19")
        XCTAssertEqual(try show(s, "swim", "2026-11-18")["next"] as? [String], ["2026-11-19"])
        let last = try s.carousel(["done", "swim", "--today", "2026-11-19"])
        XCTAssertTrue(last.stdout.contains("That was the last one."), last.stdout)
        try assertFinished(s, "swim", on: "2026-11-20")
    }
}
