import Foundation
import XCTest

/// Calendar, board, move and countdown on the sample vault and on vaults built around a pinned day.
final class CalendarBoardTests: XCTestCase {
    func days(_ json: [String: Any]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for d in json["days"] as? [[String: Any]] ?? [] {
            out[d["date"] as! String] = (d["cards"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
        }
        return out
    }

    func testCalendarOnTheSampleVault() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let week = try s.carousel(["calendar", "--week", "--json"]).json()
        XCTAssertEqual(week["view"] as? String, "week")
        XCTAssertEqual(week["from"] as? String, "2026-11-23")
        XCTAssertEqual(week["to"] as? String, "2026-11-29")
        let w = days(week)
        XCTAssertEqual(w.count, 7)
        for (_, slugs) in w { XCTAssertTrue(slugs.contains("take-medication"), "daily card every day") }
        XCTAssertTrue(w["2026-11-24"]!.contains("call-mum"))
        XCTAssertTrue(w["2026-11-26"]!.contains("finish-the-quarterly-report"))
        XCTAssertTrue(w["2026-11-29"]!.contains("meal-prep-for-the-week"))
        let undated = ["sketch-out-that-app-idea", "research-pottery-classes", "finish-reading-that-book"]

        let year = try s.carousel(["calendar", "--year", "--json"]).json()
        let y = days(year)
        XCTAssertEqual(y.count, 365)
        XCTAssertTrue(y["2026-12-05"]!.contains("concert-with-sam"))
        XCTAssertTrue(y["2026-12-31"]!.contains("write-in-journal"))
        XCTAssertFalse(y.values.joined().contains { undated.contains($0) })
        // 23 Nov–31 Dec, plus every day since its first completion on 18 Nov (4 done, 20 Nov missed).
        XCTAssertEqual(y.values.joined().filter { $0 == "take-medication" }.count, 39 + 5)
        let month = try s.carousel(["calendar", "--month", "2026-12-10", "--json"]).json()
        XCTAssertEqual(month["from"] as? String, "2026-12-01")
        XCTAssertEqual(month["to"] as? String, "2026-12-31")
        let entry = try XCTUnwrap(((month["days"] as? [[String: Any]])?.first?["cards"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(entry.keys), ["id", "slug", "title", "category", "done", "occurrence", "time", "at"])
        // A month or a year typed as such names the period too; a flag still wins.
        let typed = try s.carousel(["calendar", "2027-02", "--json"]).json()
        XCTAssertEqual(typed["view"] as? String, "month")
        XCTAssertEqual(typed["from"] as? String, "2027-02-01")
        XCTAssertEqual(typed["to"] as? String, "2027-02-28")
        let wholeYear = try s.carousel(["calendar", "2027", "--json"]).json()
        XCTAssertEqual(wholeYear["view"] as? String, "year")
        XCTAssertEqual(wholeYear["to"] as? String, "2027-12-31")
        XCTAssertEqual(try s.carousel(["calendar", "--week", "2026-12", "--json"]).json()["from"] as? String, "2026-11-30")
        let bad = try s.carousel(["calendar", "2026-13"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("a month (2026-12)"), bad.stderr)
    }

    func testCalendarOnAHandBuiltVaultIncludingALeapFebruary() throws {
        let s = try Sandbox()
        s.today = "2024-02-14"
        try s.initVault()
        try s.carousel(["add", "Leap day", "--due", "2024-02-29"])
        try s.carousel(["add", "Every other tuesday", "--due", "2024-02-06", "--repeat", "every 2 weeks on tue"])
        try s.carousel(["add", "Undated"])
        let m = days(try s.carousel(["calendar", "--month", "--json"]).json())
        XCTAssertEqual(m.count, 29)
        XCTAssertEqual(m["2024-02-29"], ["leap-day"])
        XCTAssertEqual(m.filter { $0.value.contains("every-other-tuesday") }.keys.sorted(), ["2024-02-06", "2024-02-20"])
        XCTAssertFalse(m.values.joined().contains("undated"))
        let text = try s.carousel(["calendar", "--month"]).stdout
        // February 2024 begins on a Thursday: the first grid row has three empty Mon–Wed cells.
        let firstRow = try XCTUnwrap(text.split(separator: "\n").first { $0.contains(" 1 ") || $0.hasSuffix(" 1") })
        XCTAssertTrue(firstRow.hasPrefix("  " + String(repeating: " ", count: 33)), String(firstRow))

        let bad = try s.carousel(["calendar", "2026-02-30"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("expected a date") && bad.stderr.contains("2026-12-05"), bad.stderr)
        let badView = try s.carousel(["calendar", "--fortnight"])
        XCTAssertNotEqual(badView.status, 0)
        XCTAssertTrue(badView.stderr.contains("--fortnight"), badView.stderr)
    }

    func testBoardColumnsAndMoveAtTheWeekBoundary() throws {
        let s = try Sandbox()
        s.today = "2026-11-29"  // a Sunday: the last day of a Monday-first week
        try s.initVault()
        for (title, due) in [("Late", "2026-11-28"), ("Now", "2026-11-29"), ("Monday", "2026-11-30"), ("Far", "2026-12-13"),
                             ("Farther", "2026-12-14")] {
            try s.carousel(["add", title, "--due", due])
        }
        try s.carousel(["add", "Whenever"])
        let board = try s.carousel(["board", "--json"]).json()
        XCTAssertEqual(board["date"] as? String, "2026-11-29")
        var cols: [String: [String]] = [:]
        for c in board["columns"] as? [[String: Any]] ?? [] {
            cols[c["name"] as! String] = (c["cards"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
        }
        XCTAssertEqual(cols, ["overdue": ["late"], "today": ["now"], "this_week": [], "upcoming": ["monday", "far"],
                              "someday": ["whenever"]])
        XCTAssertEqual((board["later"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }, ["farther"])

        let before = try s.log().count
        let moved = try s.carousel(["move", "whenever", "upcoming", "--json"]).json()
        XCTAssertEqual(moved["moved"] as? Bool, true)
        XCTAssertTrue(try s.read("cards/whenever.md").contains("due: 2026-12-06"))
        XCTAssertEqual(try s.log().first, "move: Whenever to upcoming")
        XCTAssertEqual(try s.log().count, before + 1)
        try s.carousel(["move", "far", "someday"])
        XCTAssertFalse(try s.read("cards/far.md").contains("due:"))
        try s.carousel(["move", "late", "today"])
        XCTAssertTrue(try s.read("cards/late.md").contains("due: 2026-11-29"))
        try s.carousel(["move", "monday", "this_week", "--today", "2026-11-25"])
        XCTAssertTrue(try s.read("cards/monday.md").contains("due: 2026-11-29"))
        try s.assertClean()

        let bad = try s.carousel(["move", "late", "tomorrow"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("today, this_week, upcoming and someday"), bad.stderr)
        let overdue = try s.carousel(["move", "late", "overdue"])
        XCTAssertEqual(overdue.status, 1)
        XCTAssertTrue(overdue.stderr.contains("overdue by itself"), overdue.stderr)
    }

    /// A column shows its first 50 cards, its header counts them all, and a line says how many
    /// more there are and how to see them; `--all` and `--json` show every card.
    func testAColumnShowsItsFirstFiftyAndCountsTheRest() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...57 {
            try s.write("cards/late-\(String(format: "%02d", i)).md", "---\ntitle: Late \(i)\ndue: 2026-10-\(String(format: "%02d", 1 + i % 28))\n---\n")
        }
        try s.write("cards/soon.md", "---\ntitle: Soon\ndue: 2026-11-25\n---\n")
        let board = try s.carousel(["board"])
        XCTAssertEqual(board.status, 0, board.stderr)
        XCTAssertTrue(board.stdout.contains("OVERDUE  (57)"), board.stdout)
        XCTAssertEqual(board.stdout.components(separatedBy: "\n").filter { $0.contains("Late ") }.count, 50)
        XCTAssertTrue(board.stdout.contains("… and 7 more in Overdue: `carousel board --all` shows every card"), board.stdout)
        XCTAssertTrue(board.stdout.contains("Soon"))
        // The most overdue come first: 1 October's cards (late-28, late-56) are shown, 28 October's
        // last one (late-27) is not.
        XCTAssertTrue(board.stdout.contains("Late 56") && board.stdout.contains("Late 28"))
        XCTAssertFalse(board.stdout.contains("Late 27\n") || board.stdout.contains("Late 27 "), board.stdout)
        for args in [["board", "--all"], ["board", "--limit", "0"]] {
            let all = try s.carousel(args)
            XCTAssertEqual(all.stdout.components(separatedBy: "\n").filter { $0.contains("Late ") }.count, 57, "\(args)")
            XCTAssertFalse(all.stdout.contains("more in Overdue"), "\(args)")
        }
        let json = try s.carousel(["board", "--json"]).json()
        let overdue = (json["columns"] as? [[String: Any]])?.first { $0["name"] as? String == "overdue" }
        XCTAssertEqual((overdue?["cards"] as? [Any])?.count, 57)
        let two = try s.carousel(["board", "--limit", "2"])
        XCTAssertTrue(two.stdout.contains("… and 55 more in Overdue"), two.stdout)
        XCTAssertTrue(two.stdout.contains("THIS WEEK  (1)"), two.stdout)
        for (bad, says) in [(["board", "--limit=-1"], "0 or more, not -1"), (["board", "--all", "--limit", "3"], "leave out --limit 3")] {
            let r = try s.carousel(bad)
            XCTAssertEqual(r.status, 2, "\(bad)")
            XCTAssertTrue(r.stderr.contains(says), r.stderr)
        }
    }

    /// A week or a month lists each day's first ten cards and says how many more there are and
    /// how to see them; the grid, `--all`, `--day` and `--json` still see every card.
    func testADayInAWeekOrAMonthListsItsFirstTenAndCountsTheRest() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...14 {
            try s.write("cards/task-\(String(format: "%02d", i)).md", "---\ntitle: Task \(String(format: "%02d", i))\ndue: 2026-11-25\n---\n")
        }
        try s.write("cards/early.md", "---\ntitle: Zebra early\ndue: 2026-11-25T07:00\n---\n")
        try s.write("cards/lunch.md", "---\ntitle: Lunch\ndue: 2026-11-26T12:00\n---\n")
        let month = try s.carousel(["calendar", "--month"])
        XCTAssertEqual(month.status, 0, month.stderr)
        let ours = { (text: String) in text.components(separatedBy: "\n").filter { $0.contains("Task ") || $0.contains("Zebra") } }
        let listed = ours(month.stdout)
        XCTAssertEqual(listed.count, 10, month.stdout)
        XCTAssertTrue(listed.first?.contains("Task 01") ?? false, month.stdout)
        XCTAssertTrue(month.stdout.contains("… and 5 more: `carousel calendar --day 2026-11-25`"), month.stdout)
        XCTAssertTrue(month.stdout.contains("Lunch"))
        let all = try s.carousel(["calendar", "--month", "--all"])
        // The ten are the first ten of the whole day (cards without a time first, then by time).
        XCTAssertEqual(ours(all.stdout).count, 15)
        XCTAssertEqual(Array(ours(all.stdout).prefix(10)), listed)
        XCTAssertTrue(ours(all.stdout).last?.contains("Zebra early") ?? false, all.stdout)
        XCTAssertFalse(all.stdout.contains("more:"), all.stdout)
        // The grid is the same either way: it counts every card of the day.
        let grid = { (text: String) in text.components(separatedBy: "\n").prefix { !$0.contains("Wed 25 Nov") } }
        XCTAssertEqual(grid(month.stdout), grid(all.stdout))
        XCTAssertTrue(month.stdout.contains("+"), month.stdout)
        let week = try s.carousel(["calendar", "--week"])
        XCTAssertTrue(week.stdout.contains("+5 more"), week.stdout)
        XCTAssertTrue(week.stdout.contains("`carousel calendar --day DATE` lists one day"), week.stdout)
        XCTAssertFalse(try s.carousel(["calendar", "--week", "--all"]).stdout.contains("more"))
        XCTAssertEqual(days(try s.carousel(["calendar", "--month", "--json"]).json())["2026-11-25"]?.count, 15)
        XCTAssertEqual(days(try s.carousel(["calendar", "--week", "--json"]).json())["2026-11-25"]?.count, 15)
        let day = try s.carousel(["calendar", "--day", "2026-11-25"])
        XCTAssertEqual(day.stdout.components(separatedBy: "\n").filter { $0.contains("Task ") || $0.contains("Zebra") }.count, 15)
        let year = try s.carousel(["calendar", "--year"])
        XCTAssertEqual(year.status, 0, year.stderr)
    }

    /// A day of 110 cards keeps its cell's width in the month's grid: fewer dots, so the
    /// day, the dots and the "+N" fit, today's marker included.
    func testABusyDayKeepsTheMonthGridInColumns() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...220 {
            try s.write("cards/busy-\(i).md", "---\ntitle: Busy \(i)\ndue: \(i % 2 == 0 ? "2026-11-23" : "2026-11-24")\n---\n")
        }
        let month = try s.carousel(["calendar", "--month"], env: ["COLUMNS": "80"])
        XCTAssertEqual(month.status, 0, month.stderr)
        let lines = month.stdout.components(separatedBy: "\n")
        let grid = lines.drop { !$0.contains("Mon") }.dropFirst().prefix { !$0.isEmpty }
        XCTAssertEqual(grid.count, 6, month.stdout)
        for line in grid { XCTAssertLessThanOrEqual(line.count, 2 + 7 * 10 + 6, "\(line)\n\(month.stdout)") }
        // Every day starts in its own column: the 24th right after today's cell.
        let week = try XCTUnwrap(grid.first { $0.contains("▸23") })
        let today = try XCTUnwrap(week.range(of: "▸23")), next = try XCTUnwrap(week.range(of: "24 "))
        XCTAssertEqual(week.distance(from: today.lowerBound, to: next.lowerBound), 11, week)
        XCTAssertTrue(week.contains("+"), week)
    }

    func testCountdownAcrossTheYearAndPastEvents() throws {
        let s = try Sandbox()
        s.today = "2026-12-30"
        try s.initVault()
        try s.carousel(["add", "New year", "--kind", "event", "--emoji", "🎆", "--due", "2027-01-01"])
        try s.carousel(["add", "Spring", "--kind", "event", "--due", "2027-03-01"])
        try s.carousel(["add", "Tonight", "--kind", "event", "--due", "2026-12-30"])
        try s.carousel(["add", "Gone", "--kind", "event", "--due", "2026-11-30"])
        let json = try s.carousel(["countdown", "--json"]).json()
        let events = json["events"] as? [[String: Any]] ?? []
        XCTAssertEqual(events.compactMap { $0["slug"] as? String }, ["tonight", "new-year", "spring"])
        XCTAssertEqual(events.compactMap { $0["days_until"] as? Int }, [0, 2, 61])
        XCTAssertEqual(events[1]["emoji"] as? String, "🎆")
        XCTAssertEqual(events[1]["date"] as? String, "2027-01-01")
        let past = try s.carousel(["countdown", "--past", "--json"]).json()["events"] as? [[String: Any]] ?? []
        XCTAssertEqual(past.first?["slug"] as? String, "gone")
        XCTAssertEqual(past.first?["days_until"] as? Int, -30)
        let text = try s.carousel(["countdown"]).stdout
        XCTAssertTrue(text.contains("today") && text.contains("in 2 days") && !text.contains("Gone"), text)
        XCTAssertTrue(try s.carousel(["countdown", "--today", "2026-12-31"]).stdout.contains("tomorrow"))
    }
}
