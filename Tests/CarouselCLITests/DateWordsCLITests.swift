import Foundation
import XCTest

/// The same date words in quick capture, --due, set, list --due and filters.
final class DateWordsCLITests: XCTestCase {
    func field(_ s: Sandbox, _ slug: String, _ name: String) throws -> String? {
        try s.carousel(["show", slug, "--json"]).json()[name] as? String
    }

    func testDatesEverywhereOnAMonday() throws {
        let s = try Sandbox()  // Monday 2026-11-23
        try s.initVault()
        let capture = try s.carousel(["add", "Pay rent eom"])
        XCTAssertEqual(capture.status, 0, capture.stderr)
        XCTAssertTrue(capture.stdout.contains("due Mon 30 Nov"), capture.stdout)
        XCTAssertEqual(try field(s, "pay-rent", "due"), "2026-11-30")
        let flag = try s.carousel(["add", "Book dentist", "--due", "in 2 weeks"])
        XCTAssertEqual(flag.status, 0, flag.stderr)
        XCTAssertTrue(flag.stdout.contains("due Mon 7 Dec"), flag.stdout)
        XCTAssertEqual(try field(s, "book-dentist", "due"), "2026-12-07")
        XCTAssertEqual(try s.carousel(["add", "Plan week", "--due", "eow"]).status, 0)
        XCTAssertEqual(try field(s, "plan-week", "due"), "2026-11-29")
        XCTAssertEqual(try s.carousel(["set", "plan-week", "due=today+3"]).status, 0)
        XCTAssertEqual(try field(s, "plan-week", "due"), "2026-11-26")
        XCTAssertEqual(try s.carousel(["set", "plan-week", "due=next month"]).status, 0)
        XCTAssertEqual(try field(s, "plan-week", "due"), "2026-12-01")
        let listed = try s.carousel(["list", "--due", "before:eom", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(listed, ["pay-rent"])
        let filtered = try s.carousel(["list", "due.after:eom", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(filtered, ["plan-week", "book-dentist"])
        let bad = try s.carousel(["set", "plan-week", "due=someday soon"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(try field(s, "plan-week", "due"), "2026-12-01")
    }

    func testAnAppointmentTimeMovesWithItsDay() throws {
        let s = try Sandbox()  // Monday 2026-11-23
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Dentist tomorrow at 3pm"]).status, 0)
        XCTAssertEqual(try field(s, "dentist", "start"), "2026-11-24T15:00")
        let moved = try s.carousel(["set", "dentist", "due=friday"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertTrue(moved.stdout.contains("due = friday (Fri 27 Nov, was Tue 24 Nov)"), moved.stdout)
        XCTAssertEqual(try field(s, "dentist", "due"), "2026-11-27")
        XCTAssertEqual(try field(s, "dentist", "start"), "2026-11-27T15:00")
        XCTAssertTrue(try s.carousel(["show", "dentist"]).stdout.contains("starts     15:00"))
        // A start on another day than the due day is the person's own plan: it stays.
        XCTAssertEqual(try s.carousel(["set", "dentist", "start=2026-11-25T09:00"]).status, 0)
        XCTAssertEqual(try s.carousel(["set", "dentist", "due=2026-11-30"]).status, 0)
        XCTAssertEqual(try field(s, "dentist", "start"), "2026-11-25T09:00")
        // A series starts at its time each time.
        XCTAssertEqual(try s.carousel(["add", "Standup every weekday at 9:30"]).status, 0)
        let standup = try s.carousel(["show", "standup"], env: ["CAROUSEL_TODAY": "2026-11-27"]).stdout
        XCTAssertTrue(standup.contains("starts     09:30 each time"), standup)
        XCTAssertTrue(standup.contains("repeats    every weekday\n"), standup)
    }

    func testTimesSetStart() throws {
        let s = try Sandbox()
        try s.initVault()
        let capture = try s.carousel(["add", "Call Dad fri at 3pm"])
        XCTAssertTrue(capture.stdout.contains("due Fri 27 Nov") && capture.stdout.contains("15:00"), capture.stdout)
        XCTAssertEqual(try field(s, "call-dad", "due"), "2026-11-27")
        XCTAssertEqual(try field(s, "call-dad", "start"), "2026-11-27T15:00")
        try s.carousel(["add", "Stand-up", "--due", "tomorrow 9am"])
        XCTAssertEqual(try field(s, "stand-up", "due"), "2026-11-24")
        XCTAssertEqual(try field(s, "stand-up", "start"), "2026-11-24T09:00")
        try s.carousel(["set", "stand-up", "due=wed 15:30"])
        XCTAssertEqual(try field(s, "stand-up", "start"), "2026-11-25T15:30")
        let lines = try Sandbox.run(Sandbox.binary, ["add", "-", "--vault", s.vault.path, "--today", s.today],
                                    env: s.environment, cwd: s.root, stdin: "Dentist thu at 9am\nPay rent eom\n")
        XCTAssertEqual(lines.status, 0, lines.stderr)
        XCTAssertEqual(try field(s, "dentist", "start"), "2026-11-26T09:00")
        XCTAssertEqual(try field(s, "pay-rent", "due"), "2026-11-30")
        try s.carousel(["add", "Enjoy the sun"])
        XCTAssertNil(try field(s, "enjoy-the-sun", "due"), "a word that is not a date stays in the title")
    }

    func testWeekStartSundayMovesEndOfWeek() throws {
        let s = try Sandbox()
        try s.initVault()
        let settings = try s.read("carousel.yaml").replacingOccurrences(of: "week_start: monday", with: "week_start: sunday")
        try s.write("carousel.yaml", settings)
        let r = try s.carousel(["add", "Tidy up eow"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try field(s, "tidy-up", "due"), "2026-11-28")
        try s.carousel(["add", "Sweep", "--due", "sow"])
        XCTAssertEqual(try field(s, "sweep", "due"), "2026-11-22")
    }
}
