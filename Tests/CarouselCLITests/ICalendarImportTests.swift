import Foundation
import XCTest

/// `carousel import --from ics`: a calendar written the way Google Calendar and Thunderbird
/// write them becomes cards, once, in one commit; export → import → export keeps the dates.
final class ICalendarImportTests: XCTestCase {
    let env = ["TZ": "Europe/London"]

    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    func testImportsAGoogleStyleCalendarOnce() throws {
        let s = try Sandbox()
        try s.initVault()
        let before = try s.log().count
        let r = try s.carousel(["import", "--from", "ics", fixture("calendar.ics"), "--json"], env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = try r.json()
        XCTAssertEqual((out["added"] as? [[String: Any]])?.count, 8)
        // The hourly rule is listed with its line, and comes in as a card for each hour (COUNT=3).
        let notes = out["notes"] as? [String] ?? []
        XCTAssertTrue(notes.contains { $0.hasPrefix("line 76: Stand-up: RRULE FREQ=HOURLY") }, "\(notes)")
        XCTAssertEqual(try s.log().count, before + 1)
        XCTAssertEqual(try s.log().first, "import: 8 cards from iCalendar")

        let choir = try s.read("cards/choir-rehearsal-st-mary-s.md")
        // The calendar's zone is kept: 18:00 in Berlin, whatever the machine's zone (London here).
        for line in ["kind: event", "tags: [music, weekly]", "due: 2026-11-26T18:00", "tz: Europe/Berlin", "duration: 1h30m",
                     "repeat: every 2 weeks on thu (weeks start sunday)", "except: [2026-12-24]", "remind: 30m",
                     "location: St. Mary's hall", "import_key: ics:4f1c2a7e9b@google.com",
                     "Bring the scores\nand water; the hall is cold. Rehearsals run until the spring concert, then we break."] {
            XCTAssertTrue(choir.contains(line), "missing \(line) in\n\(choir)")
        }
        let birthday = try s.read("cards/anna-s-birthday.md")
        for line in ["kind: event", "due: 2027-03-03", "repeat: every year", "remind: 1d", "emoji: 🎂"] {
            XCTAssertTrue(birthday.contains(line), "missing \(line) in\n\(birthday)")
        }
        let bins = try s.read("cards/bins.md")
        // DTSTART (7 December, not a 1st weekday) is an occurrence all the same, as RFC 5545 says.
        XCTAssertTrue(bins.contains("repeat: every month on the 1st weekday") && bins.contains("also: [2026-12-07, 2026-12-19]"), bins)
        let standup = try s.read("cards/stand-up.md")
        XCTAssertTrue(standup.contains("due: 2026-12-01T09:00") && standup.contains("until 2026-12-01"), standup)
        XCTAssertTrue(try s.read("cards/stand-up-3.md").contains("due: 2026-12-01T11:00"))
        let passport = try s.read("cards/renew-passport.md")
        XCTAssertTrue(passport.contains("importance: 5") && passport.contains("due: 2026-12-15")
                      && !passport.contains("kind:") && passport.contains("tags: [admin]"), passport)
        XCTAssertTrue(try s.read("cards/file-taxes.md").contains("done: 2026-10-30T16:00"))

        // Next occurrences: the excepted Christmas Eve rehearsal is gone.
        let choirNext = try s.carousel(["show", "choir-rehearsal-st-mary-s", "--json"], env: env).json()["next"] as? [String]
        XCTAssertEqual(Array((choirNext ?? []).prefix(3)), ["2026-11-26", "2026-12-10", "2027-01-07"])
        let binsNext = try s.carousel(["show", "bins", "--json"], env: env).json()["next"] as? [String]
        XCTAssertEqual(Array((binsNext ?? []).prefix(3)), ["2026-12-07", "2026-12-19", "2027-01-01"])
        let events = try s.carousel(["countdown", "--json"], env: env).json()["events"] as? [[String: Any]] ?? []
        let dates = Dictionary(events.compactMap { e in (e["slug"] as? String).map { ($0, e["date"] as? String ?? "") } }) { a, _ in a }
        XCTAssertEqual(dates["choir-rehearsal-st-mary-s"], "2026-11-26")
        XCTAssertEqual(dates["anna-s-birthday"], "2027-03-03")
        let week = try s.carousel(["calendar", "2026-12-24", "--json"], env: env).json()
        let days = week["days"] as? [[String: Any]] ?? []
        let christmasEve = days.first { $0["date"] as? String == "2026-12-24" }?["cards"] as? [[String: Any]] ?? []
        XCTAssertFalse(christmasEve.contains { $0["slug"] as? String == "choir-rehearsal-st-mary-s" })
        try s.assertClean()

        // Again: nothing new, no commit.
        let again = try s.carousel(["import", "--from", "ics", fixture("calendar.ics")], env: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("Nothing new"), again.stdout)
        XCTAssertEqual(try s.log().count, before + 1)
    }

    func testStandardInputAndBadFiles() throws {
        let s = try Sandbox()
        try s.initVault()
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:x-1\nSUMMARY:Call\\, then write\nDUE:20261130T093000\nEND:VTODO\nEND:VCALENDAR\n"
        let r = try Sandbox.run(Sandbox.binary, ["import", "--from", "ics", "-", "--vault", s.vault.path, "--today", s.today],
                                env: s.environment, cwd: s.root, stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try s.read("cards/call-then-write.md").contains("due: 2026-11-30T09:30"))
        let bad = s.root.appendingPathComponent("bad.ics")
        try "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n".write(to: bad, atomically: false, encoding: .utf8)
        // A line that cannot be read is skipped and said, as calendar programs do; the rest comes in.
        let b = try s.carousel(["import", "--from", "ics", bad.path])
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertTrue(b.stderr.contains("bad.ics:4: END:VTODO closes nothing that is open; skipped"), b.stderr)
        XCTAssertTrue(b.stderr.contains("bad.ics:5: BEGIN:VEVENT was never closed"), b.stderr)
        // Only a file that is not iCalendar at all is refused, and nothing is written.
        let notICS = s.root.appendingPathComponent("notes.ics")
        try "Dentist on Thursday\n".write(to: notICS, atomically: false, encoding: .utf8)
        let commits = try s.log().count
        let n = try s.carousel(["import", "--from", "ics", notICS.path])
        XCTAssertEqual(n.status, 1, n.stderr)
        XCTAssertTrue(n.stderr.contains("not an iCalendar file"), n.stderr)
        XCTAssertEqual(try s.log().count, commits)
    }

    /// Export a vault, import that file into an empty vault, export again: the same calendar
    /// (apart from the ids), and python's recurring_ical_events reads the same dates from both.
    func testExportImportExportRoundTrip() throws {
        let a = try Sandbox()
        try a.initVault()
        try a.carousel(["add", "Bins", "--repeat", "every week on mon", "--due", "2026-11-23", "--tags", "home"])
        try a.carousel(["set", "bins", "except=2026-11-30", "also=2026-12-02"])
        try a.carousel(["add", "Birthday", "--kind", "event", "--repeat", "every year on mar 3"])
        try a.carousel(["add", "Pay rent", "--repeat", "every month on the last weekday for 6 times"])
        try a.carousel(["add", "Renew passport", "--due", "2026-12-15", "--importance", "5"])
        // A timed repeating event keeps its time (and length, and exceptions) both ways.
        try a.carousel(["add", "Choir", "--kind", "event", "--due", "2026-11-26T18:00", "--repeat", "every 2 weeks on thu"])
        try a.carousel(["set", "choir", "duration=1h30m", "except=2026-12-10"])
        let first = try a.carousel(["export", "--format", "ics"], env: env)
        XCTAssertEqual(first.status, 0, first.stderr)

        let b = try Sandbox()
        try b.initVault()
        let file = b.root.appendingPathComponent("a.ics")
        try Data(first.stdout.utf8).write(to: file)
        let r = try b.carousel(["import", "--from", "ics", file.path], env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let second = try b.carousel(["export", "--format", "ics"], env: env)
        XCTAssertTrue(first.stdout.contains("DTSTART:20261126T180000\r\nDURATION:PT1H30M\r\n"), first.stdout)
        XCTAssertTrue(first.stdout.contains("EXDATE:20261210T180000\r\n"), first.stdout)
        let choir = try b.read("cards/choir.md")
        for line in ["due: 2026-11-26T18:00", "duration: 1h30m", "except: [2026-12-10]", "repeat: every 2 weeks on thu"] {
            XCTAssertTrue(choir.contains(line), "missing \(line) in\n\(choir)")
        }
        func comparable(_ ics: String) -> [String] {
            ics.components(separatedBy: "BEGIN:").map { block in
                block.components(separatedBy: "\r\n").filter { !$0.hasPrefix("UID:") && !$0.hasPrefix("DTSTAMP:") }.joined(separator: "\n")
            }.sorted()
        }
        XCTAssertEqual(comparable(second.stdout), comparable(first.stdout), "\(first.stdout)\n---\n\(second.stdout)")
        XCTAssertEqual(try expand(second.stdout, from: "2026-11-01", to: "2027-12-31", in: b),
                       try expand(first.stdout, from: "2026-11-01", to: "2027-12-31", in: a))
    }
}
