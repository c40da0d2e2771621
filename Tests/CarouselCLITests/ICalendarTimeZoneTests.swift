import Foundation
import XCTest

/// Outlook's zones: a Windows name ("W. Europe Standard Time") or a display name is read as its
/// Olson zone and kept on the card (`tz:`); an id only the file's VTIMEZONE defines is converted
/// by that definition to UTC. Nothing depends on the zone of the machine that imports.
final class ICalendarTimeZoneTests: XCTestCase {
    func testOutlookZonesAreKeptWhateverTheMachineZone() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/outlook.ics").path
        var seen: [String] = []
        for tz in ["Europe/London", "Europe/Berlin", "America/New_York"] {
            let s = try Sandbox(tz.replacingOccurrences(of: "/", with: ""))
            try s.initVault()
            let r = try s.carousel(["import", "--from", "ics", path, "--json"], env: ["TZ": tz])
            XCTAssertEqual(r.status, 0, r.stderr)
            let notes = try r.json()["notes"] as? [String] ?? []
            XCTAssertEqual(notes, ["line 64: TZID Somewhere Else is not a time zone name and the file has no VTIMEZONE for it; its times are read as floating times"])
            let summer = try s.read("cards/summer-board-meeting.md")
            XCTAssertTrue(summer.contains("due: 2026-07-15T18:00\n") && summer.contains("tz: Europe/Berlin") && summer.contains("duration: 1h"), summer)
            let call = try s.read("cards/team-call.md")
            for line in ["due: 2027-01-14T18:00", "tz: Europe/Berlin", "duration: 30m", "repeat: every week on thu", "except: [2027-01-28]"] {
                XCTAssertTrue(call.contains(line), "missing \(line) in\n\(call)")
            }
            let before = try s.read("cards/new-york-sync-before-the-switch.md")
            XCTAssertTrue(before.contains("due: 2026-10-28T09:00") && before.contains("tz: America/New_York"), before)
            XCTAssertTrue(try s.read("cards/lunch.md").contains("due: 2026-11-05T12:30"))
            XCTAssertFalse(try s.read("cards/lunch.md").contains("tz:"))
            seen.append(summer.split(separator: "\n").filter { !$0.hasPrefix("id:") && !$0.hasPrefix("created:") }.joined(separator: "\n"))
        }
        XCTAssertEqual(Set(seen).count, 1, "\(seen)")
    }

    /// A TZID no name lookup knows but the file defines: its VTIMEZONE gives the offset of each date.
    func testAZoneOnlyTheFileDefinesIsReadByItsRules() throws {
        let s = try Sandbox()
        try s.initVault()
        let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTIMEZONE\r
            TZID:Office clock\r
            BEGIN:STANDARD\r
            DTSTART:16011028T030000\r
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
            TZOFFSETFROM:+0200\r
            TZOFFSETTO:+0100\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r
            DTSTART:16010325T020000\r
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
            TZOFFSETFROM:+0100\r
            TZOFFSETTO:+0200\r
            END:DAYLIGHT\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:office-1\r
            SUMMARY:Summer meeting\r
            DTSTART;TZID=Office clock:20260715T180000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:office-2\r
            SUMMARY:Winter meeting\r
            DTSTART;TZID=Office clock:20261215T180000\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let path = s.root.appendingPathComponent("office.ics")
        try ics.write(to: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try s.carousel(["import", "--from", "ics", path.path], env: ["TZ": "Asia/Tokyo"]).status, 0)
        let summer = try s.read("cards/summer-meeting.md"), winter = try s.read("cards/winter-meeting.md")
        XCTAssertTrue(summer.contains("due: 2026-07-15T16:00") && summer.contains("tz: UTC"), summer)
        XCTAssertTrue(winter.contains("due: 2026-12-15T17:00") && winter.contains("tz: UTC"), winter)
    }

    /// A time written without a zone is in the vault's `time_zone:`: the export names that zone
    /// (with its VTIMEZONE), so a calendar on any device shows it at the same moment; the card's
    /// file is left as written.
    func testTheExportNamesTheVaultsZoneForATimeWrittenWithoutOne() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("carousel.yaml", try s.read("carousel.yaml") + "time_zone: Asia/Tokyo\n")
        try s.write("cards/call.md", "---\ntitle: Call Ana\ndue: 2026-11-23T20:00\n---\n")
        let r = try s.carousel(["export", "--format", "ics"], env: ["TZ": "UTC"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("DUE;TZID=Asia/Tokyo:20261123T200000"), r.stdout)
        XCTAssertTrue(r.stdout.contains("TZID:Asia/Tokyo"), "no VTIMEZONE: \(r.stdout)")
        XCTAssertEqual(try s.read("cards/call.md"), "---\ntitle: Call Ana\ndue: 2026-11-23T20:00\n---\n")
    }
}
