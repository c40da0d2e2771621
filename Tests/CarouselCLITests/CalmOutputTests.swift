import CarouselCore
import XCTest

/// Calm output: no claims that are not true, no numbers nobody asked for, each thing said once.
final class CalmOutputTests: XCTestCase {
    func testHomeMakesNoClaimAboutHabitsWhenThereAreNone() throws {
        let s = try Sandbox()
        try s.initVault()
        let home = try s.carousel([])
        XCTAssertEqual(home.status, 0, home.stderr)
        XCTAssertFalse(home.stdout.contains("all done"), home.stdout)
        XCTAssertTrue(home.stdout.contains("Habits     no habits yet"), home.stdout)
        // A habit that is not on today's schedule is not "done" either.
        XCTAssertEqual(try s.carousel(["habit", "add", "Long run", "--repeat", "every sunday"]).status, 0)
        let monday = try s.carousel([]).stdout
        XCTAssertFalse(monday.contains("all done"), monday)
        XCTAssertTrue(monday.contains("Habits     none due today"), monday)
    }

    func testHomeAndSuggestShowNoScoresUnlessAsked() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let cards = try XCTUnwrap(try s.carousel(["suggest", "--json"]).json()["cards"] as? [[String: Any]])
        let top = try XCTUnwrap(cards.first?["score"] as? Double)
        let title = try XCTUnwrap(cards.first?["title"] as? String)
        // As the view writes it: `init --sample` gives the cards new ids, so the variety and the
        // score differ from run to run, and a score that rounds to a whole number is written
        // without decimals (`23`, not `23.00`). It is looked for as a word of the card's line,
        // after its short number.
        let shown = Words.number(top)
        func scoreShown(_ out: String) -> Bool {
            out.split(separator: "\n").contains { $0.contains(title) && $0.split(separator: " ").dropFirst().contains(Substring(shown)) }
        }
        for args in [["suggest"], []] {
            let out = try s.carousel(args).stdout
            XCTAssertTrue(out.contains(title), "\(args): \(out)")
            XCTAssertFalse(scoreShown(out), "\(args): \(out)")
            XCTAssertFalse(out.contains("score ="), "\(args): \(out)")
            XCTAssertFalse(out.contains("urgency"), "\(args): \(out)")
            XCTAssertFalse(out.contains("variety"), "\(args): \(out)")
        }
        for args in [["suggest", "--explain"], ["suggest", "--why"], ["--why"]] {
            let out = try s.carousel(args).stdout
            XCTAssertTrue(scoreShown(out), "\(args): \(out)")
            XCTAssertTrue(out.contains("score = 2 × importance + 1.5 × urgency + variety"), "\(args): \(out)")
        }
        // --json keeps every field as it was.
        for key in ["score", "urgency", "variety", "importance"] { XCTAssertNotNil(cards.first?[key], key) }
    }

    func testShowSaysTheDueDayAndTheRuleOnce() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Renew passport", "--due", "2026-12-05"]).status, 0)
        let far = try s.carousel(["show", "renew-passport"]).stdout
        XCTAssertEqual(far.components(separatedBy: "5 Dec").count - 1, 1, far)
        XCTAssertTrue(far.contains("due        Sat 5 Dec\n"), far)
        XCTAssertEqual(try s.carousel(["add", "Dentist", "--due", "2026-11-25"]).status, 0)
        XCTAssertTrue(try s.carousel(["show", "dentist"]).stdout.contains("due        Wed 25 Nov  (in 2 days)\n"))

        XCTAssertEqual(try s.carousel(["add", "Swim", "--repeat", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"]).status, 0)
        let swim = try s.carousel(["show", "swim"]).stdout
        XCTAssertTrue(swim.contains("repeats    Every 2 weeks on Tue\n"), swim)
        XCTAssertFalse(swim.contains("FREQ="), swim)
        XCTAssertEqual(try s.carousel(["add", "Gym", "--repeat", "every 2 weeks on tue"]).status, 0)
        let gym = try s.carousel(["show", "gym"]).stdout
        XCTAssertTrue(gym.contains("repeats    every 2 weeks on tue\n"), gym)
        XCTAssertFalse(gym.lowercased().contains("(every"), gym)
    }

    func testTodayListsCardsInTheOrderTheyWerePulled() throws {
        let s = try Sandbox()
        try s.initVault()
        for title in ["Zebra crossing photo", "Mango smoothie", "Banana bread", "Apple pie"] {
            XCTAssertEqual(try s.carousel(["add", title]).status, 0)
        }
        XCTAssertEqual(try s.carousel(["pull", "zebra-crossing-photo"]).status, 0)
        XCTAssertEqual(try s.carousel(["pull", "mango-smoothie", "banana-bread", "apple-pie"]).status, 0)
        let items = try XCTUnwrap(try s.carousel(["today", "--json"]).json()["cards"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["slug"] as? String }, ["zebra-crossing-photo", "mango-smoothie", "banana-bread", "apple-pie"])
        let text = try s.carousel(["today"]).stdout
        let mango = try XCTUnwrap(text.range(of: "Mango")), banana = try XCTUnwrap(text.range(of: "Banana"))
        XCTAssertLessThan(mango.lowerBound, banana.lowerBound, text)
    }

    func testBookTrainTicketsIsBookingNotReading() throws {
        let s = try Sandbox()
        try s.initVault()
        let booking = try s.carousel(["add", "Book train tickets", "--json"]).json()
        XCTAssertEqual(booking["emoji"] as? String, "🎟️")
        let reading = try s.carousel(["add", "Read a book", "--json"]).json()
        XCTAssertEqual(reading["emoji"] as? String, "📖")
    }

    /// The celebration's frames redraw one line: the bytes a terminal gets are the frames joined by
    /// carriage returns, then the sentence — never a `\r` shown as text.
    func testTheCelebrationWritesExactlyWhatATerminalShows() throws {
        let s = try Sandbox()
        try s.initVault()
        for name in ["water", "walk", "read"] { XCTAssertEqual(try s.carousel(["habit", "add", "--suggest", name]).status, 0) }
        XCTAssertEqual(try s.carousel(["check", "walk", "30"]).status, 0)
        let full = [Sandbox.binary.path, "check", "read", "10", "--vault", s.vault.path, "--today", s.today]
        let line = full.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var env = s.environment
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm"
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", line, "/dev/null"], env: env, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        func paint(_ text: String, _ code: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }
        let expected = paint("✓", "32") + " " + paint("Read", "1") + ": 10/10 pages. Nicely done.\r\n"
            + paint("·", "33") + "\r" + paint("✧", "33") + "\r" + paint("✦", "33") + " "
            + paint("Today counts for your streak: day one of a new streak, +60 XP. Well done.", "32") + "\r\n"
        XCTAssertEqual(Array(r.stdout.utf8), Array(expected.utf8), r.stdout.debugDescription)
        XCTAssertFalse(r.stdout.contains("\\r"), r.stdout.debugDescription)
    }
}
