import Foundation
import XCTest

/// Alarms that come with a calendar's events fire through `carousel remind`: several on one
/// event, one counted from the end, one at a fixed moment, in the event's own zone.
final class CalendarAlarmTests: XCTestCase {
    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Test//Alarms//EN
        BEGIN:VEVENT
        UID:review@example.org
        SUMMARY:Design review
        DTSTART;TZID=Europe/Berlin:20261123T150000
        DTEND;TZID=Europe/Berlin:20261123T163000
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT1H
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;RELATED=END:-PT2H
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:dentist@example.org
        SUMMARY:Dentist
        DTSTART:20261125T090000
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DATE-TIME:20261124T170000Z
        END:VALARM
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:PT10M
        END:VALARM
        END:VEVENT
        END:VCALENDAR

        """

    func remind(_ s: Sandbox, _ now: String, tz: String) throws -> [String] {
        let r = try s.carousel(["remind", "--json", "--now", now], env: ["TZ": tz])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("not a reminder"), r.stderr)
        return (try r.json()["reminders"] as? [[String: Any]] ?? []).map { "\($0["slug"] ?? "") \($0["at"] ?? "")" }
    }

    func testATwoAlarmEventFiresTwice() throws {
        let s = try Sandbox()
        try s.initVault()
        let path = s.root.appendingPathComponent("alarms.ics")
        try Self.calendar.write(to: path, atomically: true, encoding: .utf8)
        let r = try s.carousel(["import", "--from", "ics", path.path, "--json"], env: ["TZ": "Europe/London"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["notes"] as? [String] ?? ["?"], [])
        let review = try s.read("cards/design-review.md")
        XCTAssertTrue(review.contains("remind: [1h, 30m]"), review)
        XCTAssertTrue(try s.read("cards/dentist.md").contains("remind: [2026-11-24T17:00, 10m after]"))
        // 15:00 in Berlin is 14:00 in London: an hour before, then two hours before the 16:30 end.
        XCTAssertEqual(try remind(s, "2026-11-23T12:59", tz: "Europe/London"), [])
        XCTAssertEqual(try remind(s, "2026-11-23T13:00", tz: "Europe/London"), ["design-review 2026-11-23T13:00"])
        XCTAssertEqual(try remind(s, "2026-11-23T13:29", tz: "Europe/London"), [])
        XCTAssertEqual(try remind(s, "2026-11-23T13:30", tz: "Europe/London"), ["design-review 2026-11-23T13:30"])
        XCTAssertEqual(try remind(s, "2026-11-23T14:00", tz: "Europe/London"), [])
        // The floating dentist: a fixed moment (17:00 UTC is 17:00 in London), then 10 minutes after it starts.
        XCTAssertEqual(try remind(s, "2026-11-24T17:00", tz: "Europe/London"), ["dentist 2026-11-24T17:00"])
        XCTAssertEqual(try remind(s, "2026-11-25T09:10", tz: "Europe/London"), ["dentist 2026-11-25T09:10"])
        // doctor finds nothing that will never fire; show reads the same list.
        let doctor = try s.carousel(["doctor"])
        XCTAssertFalse(doctor.stdout.contains("will never fire"), doctor.stdout)
        let shown = try s.carousel(["show", "design-review"])
        XCTAssertTrue(shown.stdout.contains("1h before, 30m before"), shown.stdout)
    }

    func testOlderCommaSeparatedRemindStillFires() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call.md", "---\ntitle: Call\ndue: 2026-11-23T10:00\nremind: 1h, 30m\n---\n")
        XCTAssertEqual(try remind(s, "2026-11-23T09:00", tz: "UTC"), ["call 2026-11-23T09:00"])
        XCTAssertEqual(try remind(s, "2026-11-23T09:30", tz: "UTC"), ["call 2026-11-23T09:30"])
    }
}
