import Foundation
import XCTest

/// Occurrences of a series changed on their own (`RECURRENCE-ID`): moved, renamed, retimed or
/// cancelled. After the import the calendar shows what a calendar app shows for the same file
/// (python's `recurring_ical_events` is the oracle), and a second import changes nothing.
final class ICalendarOverrideTests: XCTestCase {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:standup-1\r
        RECURRENCE-ID;VALUE=DATE:20261214\r
        SUMMARY:Standup\r
        DTSTART;VALUE=DATE:20261216\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup-1\r
        SUMMARY:Standup\r
        DTSTART;VALUE=DATE:20261123\r
        RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup-1\r
        RECURRENCE-ID;VALUE=DATE:20261130\r
        SUMMARY:Standup with the new team\r
        DTSTART;VALUE=DATE:20261201\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup-1\r
        RECURRENCE-ID;VALUE=DATE:20261207\r
        STATUS:CANCELLED\r
        SUMMARY:Standup\r
        DTSTART;VALUE=DATE:20261207\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:choir-9\r
        SUMMARY:Choir\r
        DTSTART:20261126T190000\r
        DTEND:20261126T210000\r
        RRULE:FREQ=WEEKLY\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:choir-9\r
        RECURRENCE-ID:20261203T190000\r
        SUMMARY:Choir\r
        DTSTART:20261203T180000\r
        DTEND:20261203T200000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func testOverriddenOccurrencesShowWhereTheCalendarAppShowsThem() throws {
        let s = try Sandbox()
        try s.initVault()
        let file = s.root.appendingPathComponent("team.ics")
        try Data(Self.calendar.utf8).write(to: file)
        let env = ["TZ": "UTC"]
        let first = try s.carousel(["import", "--from", "ics", file.path], env: env)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertFalse(first.stderr.contains("RECURRENCE-ID is not imported"), first.stderr)

        var shown: [String: [String]] = [:]
        for month in ["2026-11-01", "2026-12-01", "2027-01-01"] {
            let days = try s.carousel(["calendar", "--month", month, "--json"], env: env).json()["days"] as? [[String: Any]] ?? []
            for day in days {
                for card in day["cards"] as? [[String: Any]] ?? [] {
                    shown[card["title"] as? String ?? "", default: []].append(day["date"] as? String ?? "")
                }
            }
        }
        let expected = try expand(Self.calendar, from: "2026-11-01", to: "2027-01-31", in: s)
        XCTAssertEqual(expected["Standup"], ["2026-11-23", "2026-12-16", "2026-12-21", "2026-12-28", "2027-01-04", "2027-01-11"])
        XCTAssertEqual(shown["Standup"], expected["Standup"])
        XCTAssertEqual(shown["Standup with the new team"], expected["Standup with the new team"])
        XCTAssertEqual(shown["Choir"], expected["Choir"])
        // The retimed choir evening is its own card at 18:00; the series keeps 19:00.
        let moved = try s.carousel(["show", "choir-2", "--json"], env: env)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        let text = try s.read("cards/choir-2.md")
        XCTAssertTrue(text.contains("due: 2026-12-03T18:00"), text)

        // A second import of the same file changes nothing.
        let log = try s.log()
        let again = try s.carousel(["import", "--from", "ics", file.path], env: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try s.log(), log)
    }
}
