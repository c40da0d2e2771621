import Foundation
import XCTest

/// The iCalendar export lists exactly the occurrences the views list: DTSTART is a real
/// occurrence (RFC 5545 counts it as the first instance), read back by python's
/// `recurring_ical_events` as a calendar app would.
final class ICSOccurrenceTests: XCTestCase {
    func testDTStartIsARealOccurrence() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Birthday", "--kind", "event", "--repeat", "every year on mar 3"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Bins", "--repeat", "every 2 weeks on tue"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Rent", "--repeat", "every month on the 15th for 3 times"]).status, 0)
        let ics = try s.carousel(["export", "--format", "ics"])
        XCTAssertEqual(ics.status, 0, ics.stderr)
        XCTAssertFalse(ics.stdout.contains("DTSTART;VALUE=DATE:20261123"), "the creation day is not an occurrence:\n\(ics.stdout)")
        let seen = try expand(ics.stdout, from: "2026-11-01", to: "2028-12-31", in: s)
        XCTAssertEqual(seen["Birthday"], ["2027-03-03", "2028-03-03"])
        XCTAssertEqual(seen["Rent"], ["2026-12-15", "2027-01-15", "2027-02-15"])
        // The same dates the calendar view shows.
        let bins = try XCTUnwrap(seen["Bins"])
        XCTAssertEqual(Array(bins.prefix(3)), ["2026-11-24", "2026-12-08", "2026-12-22"])
    }

    /// A timed one-off keeps its time: an event at 19:30 for two hours, a task due at 15:00
    /// (its start time on the due day), a series at its time each time.
    func testTimesAreExportedWithTheirDay() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Concert", "--kind", "event", "--due", "2026-12-05T19:30"]).status, 0)
        XCTAssertEqual(try s.carousel(["set", "concert", "duration=2h"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Dentist fri at 3pm"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Standup every weekday at 9:30"]).status, 0)
        let ics = try s.carousel(["export", "--format", "ics"]).stdout.replacingOccurrences(of: "\r\n", with: "\n")
        XCTAssertTrue(ics.contains("SUMMARY:Concert\nDTSTART:20261205T193000\nDURATION:PT2H\n"), ics)
        XCTAssertTrue(ics.contains("SUMMARY:Dentist\nDUE:20261127T150000\n"), ics)
        XCTAssertTrue(ics.contains("SUMMARY:Standup\nDTSTART:20261123T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\n"), ics)
        let seen = try expand(ics, from: "2026-11-23", to: "2026-12-31", in: s)
        XCTAssertEqual(seen["Concert"], ["2026-12-05"])
    }
}

extension XCTestCase {
    /// The dates python's `recurring_ical_events` reads from an iCalendar text, by SUMMARY
    /// (cancelled occurrences left out, as a calendar app shows them).
    func expand(_ ics: String, from: String, to: String, in s: Sandbox) throws -> [String: [String]] {
        let probe = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import icalendar, recurring_ical_events"],
                                    env: ProcessInfo.processInfo.environment, cwd: s.root)
        if probe.status != 0 {
            if ProcessInfo.processInfo.environment["CAROUSEL_TEST_PYTHON"] == "required" {
                XCTFail("python3 with icalendar and recurring_ical_events is required (make test installs them)")
            }
            throw XCTSkip("python3 with icalendar and recurring_ical_events is not installed")
        }
        let path = s.root.appendingPathComponent("out.ics")
        try Data(ics.utf8).write(to: path)
        let script = """
            import sys, datetime, icalendar, recurring_ical_events
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            a = datetime.date.fromisoformat(sys.argv[2]); b = datetime.date.fromisoformat(sys.argv[3])
            for c in recurring_ical_events.of(cal, components=['VEVENT', 'VTODO']).between(a, b):
                if str(c.get('STATUS', '')).upper() == 'CANCELLED': continue  # a calendar app hides it
                d = c.get('DTSTART') or c.get('DUE')
                v = d.dt
                print(str(c['SUMMARY']) + '|' + (v.date() if isinstance(v, datetime.datetime) else v).isoformat())
            """
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path.path, from, to],
                                env: ProcessInfo.processInfo.environment, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [String: [String]] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: "|").map(String.init)
            out[parts[0], default: []].append(parts[1])
        }
        return out.mapValues { $0.sorted() }
    }
}
