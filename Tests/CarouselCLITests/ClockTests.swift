import Foundation
import XCTest

/// Time you can see on home and `today`: the time now (pinned with `--now` or `CAROUSEL_NOW`),
/// the next fixed thing after it and the minutes until it, and the time left before `day_end`.
final class ClockTests: XCTestCase {
    /// Monday 2026-11-23: a daily routine at 08:00, a standup at 09:00, an event at 19:30, and a
    /// handover just after midnight.
    func vault(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        let steps: [[String]] = [
            ["add", "--literal", "Standup", "--due", "2026-11-23"],
            ["set", "standup", "start=2026-11-23T09:00", "duration=15m"],
            ["add", "--literal", "Dinner with Sam", "--kind", "event", "--due", "2026-11-23T19:30"],
            ["add", "--literal", "Take meds", "--repeat", "every day", "--due", "2026-11-23"],
            ["set", "take-meds", "start=2026-11-01T08:00"],
            ["add", "--literal", "Night handover", "--due", "2026-11-24"],
            ["set", "night-handover", "start=2026-11-24T00:30"],
        ]
        for step in steps { XCTAssertEqual(try s.carousel(step).status, 0, step.joined(separator: " ")) }
        return s
    }

    func clock(_ s: Sandbox, _ args: [String], env: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try s.carousel(["today", "--json"] + args, env: env)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        assertShape("today-command", r, file: file, line: line)
        return try XCTUnwrap(try r.json()["clock"] as? [String: Any], file: file, line: line)
    }

    func next(_ clock: [String: Any]) -> [String: Any]? { clock["next"] as? [String: Any] }

    func testTheNextFixedThingAndTheTimeLeftThroughTheDay() throws {
        let s = try vault()
        let early = try clock(s, ["--now", "07:00"])
        XCTAssertEqual(early["now"] as? String, "07:00")
        XCTAssertEqual(early["day_end"] as? String, "22:00")
        XCTAssertEqual(early["minutes_left"] as? Int, 900)
        XCTAssertEqual(next(early)?["slug"] as? String, "take-meds", "a daily routine's start time is fixed")
        XCTAssertEqual(next(early)?["minutes_until"] as? Int, 60)

        let eight = try clock(s, ["--now", "08:00"])
        XCTAssertEqual(next(eight)?["slug"] as? String, "standup", "only what starts after now")
        XCTAssertEqual(next(eight)?["start"] as? String, "09:00")
        XCTAssertEqual(next(eight)?["minutes_until"] as? Int, 60)

        XCTAssertEqual(try s.carousel(["done", "standup"]).status, 0)
        let done = try clock(s, ["--now", "08:30"])
        XCTAssertEqual(next(done)?["slug"] as? String, "dinner-with-sam", "a finished card is not fixed; an event's time is")
        XCTAssertEqual(next(done)?["kind"] as? String, "event")
        XCTAssertEqual(next(done)?["minutes_until"] as? Int, 660)

        let evening = try clock(s, ["--now", "20:00"])
        XCTAssertTrue(evening["next"] is NSNull, "tomorrow's 00:30 is not today's when the day ends at 22:00")
        XCTAssertEqual(evening["minutes_left"] as? Int, 120)
        XCTAssertEqual(try clock(s, ["--now", "23:15"])["minutes_left"] as? Int, 0)

        let text = try s.carousel(["today", "--now", "18:30"]).stdout
        XCTAssertTrue(text.contains("It's 18:30. Next: 🍽️ Dinner with Sam at 19:30, in 1h."), text)
        XCTAssertTrue(text.contains("3h30m left before your day ends at 22:00."), text)
        XCTAssertTrue(try s.carousel(["today", "--now", "20:00"]).stdout.contains("Nothing fixed for the rest of the day."))
        XCTAssertTrue(try s.carousel(["today", "--now", "23:15"]).stdout.contains("Your day ended at 22:00."))
    }

    func testCarouselNowPinsTheTimeAndHomeShowsTheClockToo() throws {
        let s = try vault()
        let pinned = try clock(s, [], env: ["CAROUSEL_NOW": "2026-11-23T18:30"])
        XCTAssertEqual(pinned["now"] as? String, "18:30")
        XCTAssertEqual(next(pinned)?["minutes_until"] as? Int, 60)
        let home = try s.carousel(["--json", "--now", "08:59"])
        assertShape("home", home)
        let homeClock = try XCTUnwrap(try home.json()["clock"] as? [String: Any])
        XCTAssertEqual(next(homeClock)?["slug"] as? String, "standup")
        XCTAssertEqual(next(homeClock)?["minutes_until"] as? Int, 1)
        XCTAssertTrue(try s.carousel(["--now", "08:59"]).stdout.contains("It's 08:59. Next: Standup at 09:00, in 1m."))
        XCTAssertEqual(try s.carousel(["today", "--now", "25:00"]).status, 2)
    }

    func testADayThatEndsAfterMidnightReachesIntoTomorrow() throws {
        let s = try vault()
        let set = try s.carousel(["config", "day_end", "01:00"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let late = try clock(s, ["--now", "23:40"])
        XCTAssertEqual(late["day_end"] as? String, "01:00")
        XCTAssertEqual(late["minutes_left"] as? Int, 80, "23:40 to 01:00 across midnight")
        XCTAssertEqual(next(late)?["slug"] as? String, "night-handover")
        XCTAssertEqual(next(late)?["date"] as? String, "2026-11-24")
        XCTAssertEqual(next(late)?["minutes_until"] as? Int, 50)
        XCTAssertTrue(try s.carousel(["today", "--now", "23:40"]).stdout.contains("Night handover tomorrow at 00:30, in 50m."))

        try s.write("carousel.yaml", try s.read("carousel.yaml").replacingOccurrences(of: "day_end: 01:00", with: "day_end: late"))
        let bad = try s.carousel(["today", "--now", "10:00"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("day_end must be a time of day"), bad.stderr)
    }

    /// A card in Today with a duration says whether it fits before the next fixed thing.
    func testTodaysCardsWithADurationSayWhetherTheyFitBeforeTheNextFixedThing() throws {
        let s = try vault()
        for step in [["add", "--literal", "Quick email"], ["set", "quick-email", "duration=20m"],
                     ["add", "--literal", "Deep clean"], ["set", "deep-clean", "duration=2h"], ["pull", "quick-email", "deep-clean"]] {
            XCTAssertEqual(try s.carousel(step).status, 0, step.joined(separator: " "))
        }
        let text = try s.carousel(["today", "--now", "18:30"]).stdout
        let email = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Quick email") })
        XCTAssertTrue(email.hasSuffix("· 20 min, fits before Dinner with Sam"), String(email))
        let clean = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Deep clean") })
        XCTAssertTrue(clean.hasSuffix("· 120 min, more than the 60 before Dinner with Sam"), String(clean))
        let late = try s.carousel(["today", "--now", "20:00"]).stdout
        XCTAssertFalse(late.contains("fits before") || late.contains("more than the"), late)
        XCTAssertTrue(try s.carousel(["--now", "18:30"]).stdout.contains("· 20 min, fits before Dinner with Sam"))
    }
}
