import Foundation
import XCTest

/// What a calendar sends, Carousel sends back: the calendar's own UID (so the calendar that gets
/// the file back recognises its events instead of adding them twice), LOCATION, a to-do's
/// DTSTART, and PRIORITY only when the card has an importance of its own.
final class ICalendarRoundTripTests: XCTestCase {
    let env = ["TZ": "Europe/London"]

    let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Example//Calendar//EN
        BEGIN:VEVENT
        UID:7kq2v1@example.org
        DTSTAMP:20261101T120000Z
        SUMMARY:Dentist
        LOCATION:Bridge Street 4\\, Leeds
        DTSTART;VALUE=DATE:20261203
        END:VEVENT
        BEGIN:VTODO
        UID:todo-77@thunderbird
        DTSTAMP:20261101T120000Z
        SUMMARY:Tax return
        DTSTART;VALUE=DATE:20261201
        DUE;VALUE=DATE:20261215
        PRIORITY:1
        END:VTODO
        END:VCALENDAR

        """

    func testTheCalendarsUIDLocationAndStartGoBackOut() throws {
        let s = try Sandbox()
        try s.initVault()
        let file = s.root.appendingPathComponent("in.ics")
        try calendar.replacingOccurrences(of: "\n", with: "\r\n").write(to: file, atomically: false, encoding: .utf8)
        XCTAssertEqual(try s.carousel(["import", "--from", "ics", file.path], env: env).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Water the ferns", "--due", "2026-11-30"], env: env).status, 0)
        let out = try s.carousel(["export", "--format", "ics"], env: env)
        XCTAssertEqual(out.status, 0, out.stderr)
        let ics = out.stdout.replacingOccurrences(of: "\r\n ", with: "")
        let dentist = try XCTUnwrap(component(ics, containing: "SUMMARY:Dentist"))
        XCTAssertTrue(dentist.contains("UID:7kq2v1@example.org\r\n"), dentist)
        XCTAssertTrue(dentist.contains("LOCATION:Bridge Street 4\\, Leeds\r\n"), dentist)
        XCTAssertFalse(dentist.contains("PRIORITY"), "no importance was given, so no priority goes out: \(dentist)")
        let tax = try XCTUnwrap(component(ics, containing: "SUMMARY:Tax return"))
        XCTAssertTrue(tax.contains("UID:todo-77@thunderbird\r\n"), tax)
        XCTAssertTrue(tax.contains("DTSTART;VALUE=DATE:20261201\r\nDUE;VALUE=DATE:20261215\r\n"), tax)
        XCTAssertTrue(tax.contains("PRIORITY:1\r\n"), "its priority came in as importance 5 and goes out again: \(tax)")
        let ferns = try XCTUnwrap(component(ics, containing: "SUMMARY:Water the ferns"))
        XCTAssertTrue(ferns.contains("@carousel\r\n"), "a card made here keeps Carousel's stable UID: \(ferns)")

        // The file taken back in changes nothing: every UID is known.
        let back = s.root.appendingPathComponent("back.ics")
        try out.stdout.write(to: back, atomically: false, encoding: .utf8)
        let again = try s.carousel(["import", "--from", "ics", back.path, "--json"], env: env)
        XCTAssertEqual(again.status, 0, again.stderr)
        let json = try again.json()
        XCTAssertEqual((json["added"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }.filter { !$0.hasPrefix("water") }, [],
                       again.stdout)
    }

    func component(_ ics: String, containing marker: String) -> String? {
        ics.components(separatedBy: "BEGIN:").first { $0.contains(marker) }
    }

    /// One unreadable line, a stray END or an alarm left open: said with its line, and every
    /// event still comes in, as calendar programs read such files.
    func testALineThatCannotBeReadIsSkippedAndTheRestComesIn() throws {
        let s = try Sandbox()
        try s.initVault()
        for (i, bad) in ["THIS IS NOT A PROPERTY", "END:VTODO", "BEGIN:VALARM"].enumerated() {
            let file = s.root.appendingPathComponent("bad\(i).ics")
            try """
                BEGIN:VCALENDAR
                VERSION:2.0
                BEGIN:VEVENT
                UID:good-\(i)
                SUMMARY:Good \(i)
                DTSTART;VALUE=DATE:20261203
                END:VEVENT
                BEGIN:VEVENT
                UID:bad-\(i)
                SUMMARY:Odd \(i)
                \(bad)
                DTSTART;VALUE=DATE:20261204
                END:VEVENT
                END:VCALENDAR

                """.write(to: file, atomically: false, encoding: .utf8)
            let r = try s.carousel(["import", file.path, "--json"], env: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual((try r.json()["added"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }.sorted(), ["good-\(i)", "odd-\(i)"])
            XCTAssertTrue(((try r.json()["notes"] as? [String]) ?? []).contains { $0.hasPrefix("line 11:") || $0.hasPrefix("line 13:") }, r.stdout)
        }
    }
}
