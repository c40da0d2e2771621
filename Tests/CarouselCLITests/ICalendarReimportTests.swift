import Foundation
import XCTest

/// A second `import --from ics` of an edited calendar updates the cards whose event changed,
/// keyed by the UID kept in `import_key:`, adds the new ones, and commits once.
final class ICalendarReimportTests: XCTestCase {
    let env = ["TZ": "Europe/London"]

    func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    func testReimportUpdatesWhatChanged() throws {
        let s = try Sandbox()
        try s.initVault()
        let original = try String(contentsOfFile: fixture("calendar.ics"), encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        let file = s.root.appendingPathComponent("home.ics")
        try original.write(to: file, atomically: false, encoding: .utf8)
        XCTAssertEqual(try s.carousel(["import", "--from", "ics", file.path], env: env).status, 0)
        // The person works on cards in Carousel after the first import.
        XCTAssertEqual(try s.carousel(["set", "choir-rehearsal-st-mary-s", "spoons=3"], env: env).status, 0)
        XCTAssertEqual(try s.carousel(["done", "renew-passport"], env: env).status, 0)
        XCTAssertEqual(try s.carousel(["set", "anna-s-birthday", "title=Anna turns 50"], env: env).status, 0)
        let birthdayBefore = try s.read("cards/anna-s-birthday.md")
        let commits = try s.log().count

        // The calendar changes: the rehearsal moves to 19:00, loses its alarm, gets a second
        // exception, a new title and a new description; a to-do is added; the rest is as it was.
        var edited = original
        for (a, b) in [("DTSTART;TZID=Europe/Berlin:20261126T180000", "DTSTART;TZID=Europe/Berlin:20261126T190000"),
                       ("DTEND;TZID=Europe/Berlin:20261126T193000", "DTEND;TZID=Europe/Berlin:20261126T210000"),
                       ("EXDATE;TZID=Europe/Berlin:20261224T180000", "EXDATE;TZID=Europe/Berlin:20261224T190000,20261210T190000"),
                       ("SUMMARY:Choir rehearsal\\, St. Mary's", "SUMMARY:Choir rehearsal"),
                       ("CATEGORIES:music,weekly", "CATEGORIES:music"),
                       ("DESCRIPTION:This is an event reminder\nTRIGGER:-P0DT0H30M0S", "DESCRIPTION:x\nTRIGGER:PT0S"),
                       ("RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
                       ("END:VCALENDAR", "BEGIN:VTODO\nUID:todo-boiler@thunderbird\nSUMMARY:Service the boiler\nDUE;VALUE=DATE:20270115\nEND:VTODO\nEND:VCALENDAR")] {
            XCTAssertTrue(edited.contains(a), a)
            edited = edited.replacingOccurrences(of: a, with: b)
        }
        edited = edited.replacingOccurrences(of: "DESCRIPTION:Bring the scores\\nand water\\; the hall is cold. Rehearsals run until the\n  spring concert\\, then we break.",
                                             with: "DESCRIPTION:Bring the new scores.")
        try edited.write(to: file, atomically: false, encoding: .utf8)

        let r = try s.carousel(["import", "--from", "ics", file.path, "--json"], env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = try r.json()
        XCTAssertEqual((out["added"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }, ["service-the-boiler"])
        XCTAssertEqual(Set((out["updated"] as? [[String: Any]])?.compactMap { $0["slug"] as? String } ?? []),
                       ["choir-rehearsal-st-mary-s", "bins"])
        XCTAssertEqual(out["already_there"] as? Int, 6, "the hourly stand-up is three cards")
        // Never silently: the note names what the calendar replaced, and where the old values are.
        let notes = out["notes"] as? [String] ?? []
        let choirNote = try XCTUnwrap(notes.first { $0.hasPrefix("Choir rehearsal, St. Mary's: the source's ") }, "\(notes)")
        for field in ["title", "due", "except", "tags", "remind"] { XCTAssertTrue(choirNote.contains(field), choirNote) }
        XCTAssertFalse(choirNote.contains("spoons"), "what only Carousel knows is kept: \(choirNote)")
        XCTAssertTrue(choirNote.contains("`carousel log choir-rehearsal-st-mary-s` shows what they were"), choirNote)
        XCTAssertEqual(try s.log().count, commits + 1)
        XCTAssertEqual(try s.log().first, "import: 1 new, 2 updated from iCalendar")

        // The calendar wins for what it carries; what only Carousel knows is kept.
        let choir = try s.read("cards/choir-rehearsal-st-mary-s.md")
        for line in ["title: Choir rehearsal\n", "due: 2026-11-26T19:00", "tz: Europe/Berlin", "duration: 2h", "except: [2026-12-10, 2026-12-24]",
                     "tags: [music]", "spoons: 3", "remind: 0m", "import_key: ics:4f1c2a7e9b@google.com", "---\n\nBring the new scores.\n"] {
            XCTAssertTrue(choir.contains(line), "missing \(line) in\n\(choir)")
        }
        XCTAssertFalse(choir.contains("remind: 30m") || choir.contains("Bring the scores"), choir)
        let bins = try s.read("cards/bins.md")
        XCTAssertTrue(bins.contains("repeat: every month on the last weekday") && bins.contains("also: [2026-12-07, 2026-12-19]"), bins)
        // Its event did not change: the title given in Carousel stays, the file is untouched.
        XCTAssertEqual(try s.read("cards/anna-s-birthday.md"), birthdayBefore)
        XCTAssertTrue(birthdayBefore.contains("title: Anna turns 50"), birthdayBefore)
        // Done in Carousel, still open in the calendar: it stays done.
        XCTAssertTrue(try s.read("cards/renew-passport.md").contains("done: "))
        let next = try s.carousel(["show", "choir-rehearsal-st-mary-s", "--json"], env: env).json()["next"] as? [String]
        XCTAssertEqual(Array((next ?? []).prefix(2)), ["2026-11-26", "2027-01-07"])
        try s.assertClean()

        // The same calendar once more: nothing changed, no commit.
        let again = try s.carousel(["import", "--from", "ics", file.path], env: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("Nothing new"), again.stdout)
        XCTAssertEqual(try s.log().count, commits + 1)
    }
}
