import Foundation
import XCTest

/// A TZID that is not an Olson name is converted by the file's own VTIMEZONE (Outlook writes
/// "W. Europe Standard Time" with its STANDARD/DAYLIGHT rules).
final class ICalendarTimeZoneTests: XCTestCase {
    func testVTimezoneOfTheFileConvertsTimes() throws {
        let s = try Sandbox()
        try s.initVault()
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/outlook.ics").path
        let r = try s.carousel(["import", "--from", "ics", path, "--json"], env: ["TZ": "Europe/London"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let notes = try r.json()["notes"] as? [String] ?? []
        XCTAssertEqual(notes, ["line 64: TZID Somewhere Else is not a time zone name and the file has no VTIMEZONE for it; its times are read as local time"])
        // 18:00 CEST is 17:00 in London (BST); 18:00 CET is 17:00 GMT.
        let summer = try s.read("cards/summer-board-meeting.md")
        XCTAssertTrue(summer.contains("due: 2026-07-15T17:00") && summer.contains("duration: 1h"), summer)
        let call = try s.read("cards/team-call.md")
        for line in ["due: 2027-01-14T17:00", "duration: 30m", "repeat: every week on thu", "except: [2027-01-28]"] {
            XCTAssertTrue(call.contains(line), "missing \(line) in\n\(call)")
        }
        // New York is still on summer time on 28 Oct (13:00 UTC, London has switched: 13:00),
        // not on 4 Nov (14:00 UTC and London).
        XCTAssertTrue(try s.read("cards/new-york-sync-before-the-switch.md").contains("due: 2026-10-28T13:00"))
        XCTAssertTrue(try s.read("cards/new-york-sync-after-the-switch.md").contains("due: 2026-11-04T14:00"))
        XCTAssertTrue(try s.read("cards/lunch.md").contains("due: 2026-11-05T12:30"))
        // In Berlin, the Outlook zone's times are as written.
        let b = try Sandbox()
        try b.initVault()
        XCTAssertEqual(try b.carousel(["import", "--from", "ics", path], env: ["TZ": "Europe/Berlin"]).status, 0)
        XCTAssertTrue(try b.read("cards/summer-board-meeting.md").contains("due: 2026-07-15T18:00"))
        XCTAssertTrue(try b.read("cards/new-york-sync-before-the-switch.md").contains("due: 2026-10-28T14:00"))
    }
}
