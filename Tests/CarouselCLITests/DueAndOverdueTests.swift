import XCTest

/// Repeating cards come round again; overdue has one meaning everywhere; and the small things
/// around them (the strip's short dates, past events, the suggestion limit, show and bubbles).
final class DueAndOverdueTests: XCTestCase {
    func countdown(_ s: Sandbox, _ day: String, past: Bool = false) throws -> [[String: Any]] {
        try s.carousel(["countdown", "--json", "--today", day] + (past ? ["--past"] : [])).json()["events"] as? [[String: Any]] ?? []
    }

    func board(_ s: Sandbox, _ day: String) throws -> [String: [[String: Any]]] {
        let json = try s.carousel(["board", "--json", "--today", day]).json()
        var out: [String: [[String: Any]]] = [:]
        for column in json["columns"] as? [[String: Any]] ?? [] {
            out[column["name"] as? String ?? ""] = column["cards"] as? [[String: Any]] ?? []
        }
        return out
    }

    /// The case: a yearly event dated in March, seen in November.
    func testRepeatingEventInThePastShowsItsNextOccurrence() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/birthday.md", "---\ntitle: Ada's birthday\nkind: event\nemoji: 🎂\nrepeat: every year\ndue: 2026-03-02\n---\n")
        for (day, date, n) in [("2026-11-22", "2027-03-02", 100), ("2027-03-02", "2027-03-02", 0), ("2027-03-03", "2028-03-02", 365)] {
            let events = try countdown(s, day)
            XCTAssertEqual(events.count, 1, day)
            XCTAssertEqual(events.first?["date"] as? String, date, day)
            XCTAssertEqual(events.first?["days_until"] as? Int, n, day)
        }
        let text = try s.carousel(["countdown", "--today", "2026-11-22"]).stdout
        XCTAssertTrue(text.contains("in 100 days"), text)
        XCTAssertFalse(text.contains("past event"), text)
        // The calendar shows it on its next occurrence; list and suggest never go negative.
        let march = try s.carousel(["calendar", "--month", "--json", "--today", "2026-11-22", "2027-03-01"])
        XCTAssertEqual(march.status, 0, march.stderr)
        let days = try march.json()["days"] as? [[String: Any]] ?? []
        let marked = days.filter { !(($0["cards"] as? [Any]) ?? []).isEmpty }.compactMap { $0["date"] as? String }
        XCTAssertEqual(marked, ["2027-03-02"])
        let suggest = try s.carousel(["suggest", "--json", "--limit", "0", "--today", "2026-11-22"]).json().cards()
        XCTAssertEqual(suggest.first?["days_until_due"] as? Int, 100)
        XCTAssertEqual(suggest.first?["due"] as? String, "2027-03-02")
        let list = try s.carousel(["list", "--json", "--today", "2026-11-22"]).json().cards()
        XCTAssertEqual(list.first?["due"] as? String, "2027-03-02")
        XCTAssertEqual(list.first?["overdue"] as? Bool, false)
    }

    /// A repeating task whose due passed goes by its next occurrence on the board and in
    /// suggest, never overdue; a repeating card with a start time is on that day's timeline.
    func testRepeatingTaskAndTimelineUseTheNextOccurrence() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/bins.md", "---\ntitle: Bins out\nrepeat: every week on tue\ndue: 2026-11-03\n---\n")
        try s.write("cards/standup.md", "---\ntitle: Standup\nrepeat: every weekday\nstart: 2026-11-02T09:30\nduration: 15m\n---\n")
        let columns = try board(s, "2026-11-23")
        XCTAssertEqual(columns["overdue"]?.count, 0)
        let week = columns["this_week"]?.first { $0["slug"] as? String == "bins" }
        XCTAssertEqual(week?["due"] as? String, "2026-11-24")
        XCTAssertEqual(try board(s, "2026-11-24")["today"]?.compactMap { $0["slug"] as? String }.sorted(), ["bins", "standup"])
        for card in try s.carousel(["suggest", "--json", "--limit", "0", "--today", "2026-11-25"]).json().cards() {
            XCTAssertGreaterThanOrEqual(card["days_until_due"] as? Int ?? 0, 0, "\(card)")
        }
        XCTAssertTrue(try s.carousel(["list", "--overdue", "--json", "--today", "2026-11-30"]).json().cards().isEmpty)
        let timeline = try s.carousel(["timeline", "--json", "--today", "2026-11-24"])
        XCTAssertEqual(timeline.status, 0, timeline.stderr)
        XCTAssertTrue(timeline.stdout.contains("standup"), timeline.stdout)
        let sunday = try s.carousel(["timeline", "--json", "--today", "2026-11-29"])
        XCTAssertFalse(sunday.stdout.contains("standup"), sunday.stdout)
    }

    /// Overdue = an open one-off task whose due date passed; list, board, home and check-in agree,
    /// and home's "due today" is the board's Today column.
    func testOverdueMeansTheSameEverywhere() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/late.md", "---\ntitle: Late report\ndue: 2026-11-18\n---\n")
        try s.write("cards/finished.md", "---\ntitle: Finished thing\ndue: 2026-11-17\ndone: 2026-11-18T10:00\n---\n")
        try s.write("cards/party.md", "---\ntitle: Party\nkind: event\ndue: 2026-11-17\n---\n")
        try s.write("cards/ended.md", "---\ntitle: Ended\nrepeat: every day until 2026-11-20\ndue: 2026-11-20\n---\n")
        try s.write("cards/today.md", "---\ntitle: Today thing\ndue: 2026-11-23\n---\n")
        try s.write("cards/pulled.md", "---\ntitle: Pulled thing\ndue: 2026-11-23\n---\n")
        XCTAssertEqual(try s.carousel(["pull", "pulled"]).status, 0)
        let day = "2026-11-23"
        let overdue = try s.carousel(["list", "--overdue", "--json", "--today", day]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(overdue, ["late"])
        let columns = try board(s, day)
        XCTAssertEqual(columns["overdue"]?.compactMap { $0["slug"] as? String }, ["late"])
        let home = try s.carousel(["home", "--json", "--today", day]).json()
        let counts = home["counts"] as? [String: Any] ?? [:]
        XCTAssertEqual(counts["overdue"] as? Int, 1)
        XCTAssertEqual(counts["due_today"] as? Int, columns["today"]?.count)
        XCTAssertEqual(counts["due_today"] as? Int, 2)
        let checkin = try s.carousel(["checkin", "--json", "--today", day]).json()
        XCTAssertEqual(checkin["overdue"] as? Int, 1)
        let list = try s.carousel(["list", "--today", day]).stdout
        let lines = list.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("overdue") }.count, 1, list)
        XCTAssertTrue(lines.contains { $0.contains("Party") && $0.contains("past") }, list)
        XCTAssertTrue(lines.contains { $0.contains("Finished thing") && $0.contains("done") }, list)
        XCTAssertTrue(lines.contains { $0.contains("Ended") && $0.contains("finished") }, list)
        let homeText = try s.carousel(["--today", day]).stdout
        XCTAssertTrue(homeText.contains("1 overdue · 2 due today"), homeText)
    }

    /// `suggest --limit N` never shows more than N; a routine due today ranks by score.
    func testSuggestLimitIsNeverExceeded() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Stretch", "--repeat", "every day", "--importance", "1"])
        try s.carousel(["add", "Quarterly report", "--due", "2026-11-23", "--importance", "5"])
        try s.carousel(["add", "Pottery", "--importance", "2"])
        let one = try s.carousel(["suggest", "--json", "--limit", "1"]).json().cards()
        XCTAssertEqual(one.compactMap { $0["slug"] as? String }, ["quarterly-report"])
        for n in 1...3 {
            XCTAssertEqual(try s.carousel(["suggest", "--json", "--limit", "\(n)"]).json().cards().count, n)
        }
        let all = try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards()
        XCTAssertEqual(all.first { $0["slug"] as? String == "stretch" }?["repeating_due_today"] as? Bool, true)
    }

    /// show on a card without an id lists only its real children.
    func testShowOnACardWithoutIDListsNoStrangers() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/trip.md", "---\ntitle: Plan the trip\n---\n")
        try s.write("cards/bag.md", "---\ntitle: Pack bag\nparent: trip\n---\n")
        try s.write("cards/mail.md", "---\ntitle: Sort mail\n---\n")
        let mail = try s.carousel(["show", "mail"])
        XCTAssertEqual(mail.status, 0, mail.stderr)
        XCTAssertFalse(mail.stdout.contains("children"), mail.stdout)
        let trip = try s.carousel(["show", "trip"]).stdout
        XCTAssertTrue(trip.contains("Pack bag"), trip)
        XCTAssertFalse(trip.contains("Sort mail"), trip)
    }

    /// Cards on a parent cycle are drawn in bubbles, marked.
    func testBubblesDrawParentCyclesMarked() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/egg.md", "---\ntitle: Egg\nparent: hen\n---\n")
        try s.write("cards/hen.md", "---\ntitle: Hen\nparent: egg\n---\n")
        try s.write("cards/nest.md", "---\ntitle: Nest\n---\n")
        let out = s.root.appendingPathComponent("b.svg")
        let r = try s.carousel(["bubbles", "--out", out.path, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bubbles = try r.json()["bubbles"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(bubbles.compactMap { $0["slug"] as? String }), ["egg", "hen", "nest"])
        XCTAssertEqual(Set(bubbles.filter { $0["in_cycle"] as? Bool == true }.compactMap { $0["slug"] as? String }), ["egg", "hen"])
        let svg = try String(contentsOf: out, encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "class=\"bubble cycle\"").count - 1, 2, svg)
    }

    /// The strip says "in 2d", never a cut "due in 2 da…".
    func testCarouselStripShortensDatesMeaningfully() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Prepare slides for Thursday", "--due", "2026-11-25", "--importance", "4"])
        try s.carousel(["add", "Reply to Jamie", "--due", "2026-11-24", "--importance", "3"])
        let home = try s.carousel(["--today", "2026-11-23"], env: ["COLUMNS": "80"]).stdout
        XCTAssertFalse(home.contains("da…"), home)
        XCTAssertTrue(home.contains("in 2d") || home.contains("due in 2 days"), home)
        XCTAssertTrue(home.contains("tomorrow"), home)
    }

    /// An event dated in the past is kept, and `add` says so.
    func testAddingAPastEventSaysSo() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["add", "Concert", "--kind", "event", "--due", "2026-11-20"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("already passed"), r.stdout)
        XCTAssertFalse(r.stdout.contains("carousel pull"), "a day already gone is not offered for today: \(r.stdout)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/concert.md").path))
        let json = try s.carousel(["add", "Gig", "--kind", "event", "--due", "2026-11-01", "--json"])
        XCTAssertEqual(json.status, 0)
        XCTAssertTrue(json.stderr.contains("already passed"), json.stderr)
        XCTAssertNoThrow(try json.json())
        let future = try s.carousel(["add", "Holiday", "--kind", "event", "--due", "2026-12-20"])
        XCTAssertFalse(future.stdout.contains("already passed"), future.stdout)
        XCTAssertTrue(future.stdout.contains("carousel pull holiday"), future.stdout)
        let yearly = try s.carousel(["add", "Anniversary", "--kind", "event", "--due", "2026-03-01", "--repeat", "every year"])
        XCTAssertFalse(yearly.stdout.contains("already passed"), yearly.stdout)
        XCTAssertEqual(try countdown(s, "2026-11-23", past: true).compactMap { $0["slug"] as? String },
                       ["gig", "concert", "holiday", "anniversary"])
    }

    /// A series added with no date starts on its first day from today, and its intervals count
    /// from there: "every 2 weeks on tue, thu" added on Sunday 1 Nov is due Tue 3 Nov, then Thu 5,
    /// Tue 17, Thu 19 (not Tue 10, as counting fortnights from the week ending that Sunday would).
    func testASeriesAddedWithoutADateStartsOnItsFirstDay() throws {
        let s = try Sandbox()
        try s.initVault()
        let cases: [(String, String, String, String)] = [
            ("Stretch", "every 2 weeks on tue, thu", "2026-11-03", "2026-11-05"),
            ("Pay rent", "every 2 months on the 15th", "2026-11-15", "2027-01-15"),
            ("Book club", "every month on the last fri", "2026-11-27", "2026-12-25"),
            ("Bins", "every week on sun", "2026-11-01", "2026-11-08"),
        ]
        for (title, rule, first, second) in cases {
            let add = try s.carousel(["add", title, "--repeat", rule, "--today", "2026-11-01"])
            XCTAssertEqual(add.status, 0, add.stderr)
            let slug = title.lowercased().replacingOccurrences(of: " ", with: "-")
            let card = try s.carousel(["show", slug, "--json", "--today", "2026-11-01"]).json()
            XCTAssertEqual((card["next"] as? [String])?.first, first, "\(rule): \(card)")
            XCTAssertEqual(try s.carousel(["done", slug, "--today", first]).status, 0)
            let after = try s.carousel(["show", slug, "--json", "--today", first]).json()
            XCTAssertEqual((after["next"] as? [String])?.first, second, "\(rule): \(after)")
        }
        // The export's DTSTART is that same first day.
        let ics = try s.carousel(["export", "--format", "ics", "--today", "2026-11-01"]).stdout
        XCTAssertTrue(ics.contains("DTSTART;VALUE=DATE:20261103"), ics)
    }

    /// A series added with every occurrence already behind today says so, and offers no pull.
    func testAddingASeriesThatIsAlreadyOverSaysSo() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["add", "Water plants", "--repeat", "every day for 3 times", "--due", "2026-11-20", "--today", "2026-11-23"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("already over"), r.stdout)
        XCTAssertFalse(r.stdout.contains("carousel pull"), r.stdout)
    }
}
