import Foundation
import XCTest

/// Calendars as calendar programs read them: events over several days shown on each, a change
/// "this and following" splitting a series, several RRULEs, RDATE periods, events without an
/// end; and import → export → import changes nothing.
final class ICalendarSpanTests: XCTestCase {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Test//Spans//EN\r
        BEGIN:VEVENT\r
        UID:ski@example.org\r
        SUMMARY:Ski trip\r
        DTSTART;VALUE=DATE:20260205\r
        DTEND;VALUE=DATE:20260211\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:conf@example.org\r
        SUMMARY:Conference\r
        DTSTART;TZID=Europe/Berlin:20260310T090000\r
        DTEND;TZID=Europe/Berlin:20260312T170000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:choir@example.org\r
        SUMMARY:Choir\r
        DTSTART;TZID=Europe/Berlin:20260108T190000\r
        DURATION:PT2H\r
        RRULE:FREQ=WEEKLY;BYDAY=TH\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:choir@example.org\r
        RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20260205T190000\r
        SUMMARY:Choir\r
        DTSTART;TZID=Europe/Berlin:20260206T200000\r
        DURATION:PT2H\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:bins@example.org\r
        SUMMARY:Bins\r
        DTSTART;VALUE=DATE:20260202\r
        RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\r
        RRULE:FREQ=MONTHLY;BYMONTHDAY=15;COUNT=2\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:course@example.org\r
        SUMMARY:Course\r
        DTSTART:20260302T100000\r
        DTEND:20260302T110000\r
        RDATE;VALUE=PERIOD:20260304T100000/PT1H,20260306T100000/20260306T110000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:holiday@example.org\r
        SUMMARY:Holiday\r
        DTSTART;VALUE=DATE:20260303\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func days(_ s: Sandbox, _ args: [String], tz: String = "Europe/Berlin") throws -> [String: [String]] {
        let r = try s.carousel(["calendar"] + args + ["--json"], env: ["TZ": tz])
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [String: [String]] = [:]
        for day in try r.json()["days"] as? [[String: Any]] ?? [] {
            let slugs = (day["cards"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
            if !slugs.isEmpty { out[day["date"] as? String ?? ""] = slugs }
        }
        return out
    }

    func testCalendarsAreReadAsCalendarProgramsReadThem() throws {
        let s = try Sandbox()
        try s.initVault()
        let path = s.root.appendingPathComponent("spans.ics")
        try Self.calendar.write(to: path, atomically: true, encoding: .utf8)
        let r = try s.carousel(["import", "--from", "ics", path.path, "--json"], env: ["TZ": "America/New_York"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["notes"] as? [String] ?? ["?"], [])
        XCTAssertTrue(try s.read("cards/ski-trip.md").contains("duration: 6d"))
        // The ski trip is on every day from 5 to 10 February, so also in the week of the 8th.
        let feb = try days(s, ["2026-02"])
        XCTAssertEqual(feb.filter { $0.value.contains("ski-trip") }.keys.sorted(),
                       ["2026-02-05", "2026-02-06", "2026-02-07", "2026-02-08", "2026-02-09", "2026-02-10"])
        XCTAssertTrue(try days(s, ["--week", "2026-02-09"]).values.joined().contains("ski-trip"))
        // The conference is on each of its three days.
        let mar = try days(s, ["2026-03"])
        XCTAssertEqual(mar.filter { $0.value.contains("conference") }.keys.sorted(), ["2026-03-10", "2026-03-11", "2026-03-12"])
        // Choir: Thursdays until 29 January, then Fridays from 6 February at 20:00.
        let jan = try days(s, ["2026-01"])
        XCTAssertEqual(jan.filter { $0.value.contains { $0.hasPrefix("choir") } }.keys.sorted(),
                       ["2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29"])
        XCTAssertEqual(feb.filter { $0.value.contains { $0.hasPrefix("choir") } }.keys.sorted(),
                       ["2026-02-06", "2026-02-13", "2026-02-20", "2026-02-27"])
        // Two rules: three Mondays and the 15th twice.
        let bins = (feb.merging(mar) { $0 + $1 }).filter { $0.value.contains { $0.hasPrefix("bins") } }.keys.sorted()
        XCTAssertEqual(bins, ["2026-02-02", "2026-02-09", "2026-02-15", "2026-02-16", "2026-03-15"])
        // RDATE periods without a rule: three course days. No DTEND: one day.
        XCTAssertEqual(mar.filter { $0.value.contains { $0.hasPrefix("course") } }.keys.sorted(), ["2026-03-02", "2026-03-04", "2026-03-06"])
        XCTAssertEqual(mar.filter { $0.value.contains("holiday") }.keys.sorted(), ["2026-03-03"])

        // Export and import again, from another machine zone: the same cards.
        let out = s.root.appendingPathComponent("out.ics")
        XCTAssertEqual(try s.carousel(["export", "--format", "ics", "--out", out.path], env: ["TZ": "Asia/Tokyo"]).status, 0)
        let t = try Sandbox("again")
        try t.initVault()
        let again = try t.carousel(["import", "--from", "ics", out.path, "--json"], env: ["TZ": "Europe/Berlin"])
        XCTAssertEqual(again.status, 0, again.stderr)
        func cards(_ box: Sandbox) throws -> [String: [String]] {
            let names = try FileManager.default.contentsOfDirectory(atPath: box.vault.appendingPathComponent("cards").path)
            var all: [String: [String]] = [:]
            for n in names where n.hasSuffix(".md") {
                let lines = try box.read("cards/\(n)").split(separator: "\n").map(String.init)
                let key = lines.first { $0.hasPrefix("import_key:") } ?? n
                all[key] = lines.filter { !$0.hasPrefix("id:") && !$0.hasPrefix("created:") && !$0.hasPrefix("import_hash:") }
            }
            XCTAssertEqual(all.count, 10)
            return all
        }
        XCTAssertEqual(try cards(t), try cards(s))
    }

    /// A changed occurrence that became a card of its own goes back out as its series'
    /// RECURRENCE-ID, so import → export → import gives the same cards, keys included.
    func testChangedOccurrencesGoBackOutAsRecurrenceIDs() throws {
        let s = try Sandbox()
        try s.initVault()
        let path = s.root.appendingPathComponent("overrides.ics")
        try ICalendarOverrideTests.calendar.write(to: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try s.carousel(["import", "--from", "ics", path.path]).status, 0)
        let out = s.root.appendingPathComponent("out.ics")
        XCTAssertEqual(try s.carousel(["export", "--format", "ics", "--out", out.path]).status, 0)
        let text = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(text.contains("RECURRENCE-ID;VALUE=DATE:20261130"), text)
        XCTAssertFalse(text.contains("@carousel"), "every card came from the calendar, so every UID is the calendar's:\n\(text)")
        let t = try Sandbox("again")
        try t.initVault()
        XCTAssertEqual(try t.carousel(["import", "--from", "ics", out.path]).status, 0)
        func cards(_ box: Sandbox) throws -> [String: [String]] {
            var all: [String: [String]] = [:]
            for n in try FileManager.default.contentsOfDirectory(atPath: box.vault.appendingPathComponent("cards").path) where n.hasSuffix(".md") {
                let lines = try box.read("cards/\(n)").split(separator: "\n").map(String.init)
                all[lines.first { $0.hasPrefix("import_key:") } ?? n] = lines.filter {
                    !$0.hasPrefix("id:") && !$0.hasPrefix("created:") && !$0.hasPrefix("import_hash:")
                }
            }
            return all
        }
        let before = try cards(s)
        XCTAssertGreaterThan(before.count, 1)
        XCTAssertEqual(try cards(t), before)
    }
}
