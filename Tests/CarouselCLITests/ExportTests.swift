import XCTest

final class ExportTests: XCTestCase {
    /// Python's `icalendar` package, when installed, as an independent parser.
    func pythonICalendar() throws -> URL {
        let probe = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import icalendar"],
                                    env: ProcessInfo.processInfo.environment, cwd: URL(fileURLWithPath: "/"))
        guard probe.status == 0 else {
            // `make test` installs it, so there a missing package is a failure, not a skip.
            if ProcessInfo.processInfo.environment["CAROUSEL_TEST_PYTHON"] == "required" {
                XCTFail("python3 with the icalendar package is required (make test installs it)")
            }
            throw XCTSkip("python3 with the icalendar package is not installed")
        }
        return URL(fileURLWithPath: "/usr/bin/env")
    }

    func testSampleVaultICSParsesIndependentlyAndUIDsAreStable() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let first = try s.carousel(["export", "--format", "ics"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let second = try s.carousel(["export", "--format", "ics"])
        XCTAssertEqual(first.stdout, second.stdout)
        XCTAssertTrue(first.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
        XCTAssertTrue(first.stdout.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let path = s.root.appendingPathComponent("out.ics")
        XCTAssertEqual(try s.carousel(["export", "--format", "ics", "--out", path.path]).status, 0)
        XCTAssertEqual(try String(contentsOf: path, encoding: .utf8), first.stdout)
        let env = try pythonICalendar()
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            items = [c for c in cal.walk() if c.name in ('VTODO', 'VEVENT')]
            uids = [str(c['UID']) for c in items]
            assert len(uids) == len(set(uids)), 'duplicate UIDs'
            print(len(items), sum(1 for c in items if 'RRULE' in c))
            """
        let r = try Sandbox.run(env, ["python3", "-c", script, path.path], env: ProcessInfo.processInfo.environment, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        let counts = r.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertGreaterThan(counts.first ?? 0, 10)
        XCTAssertGreaterThan(counts.last ?? 0, 2)
    }

    func testCSVAndJSON() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let csv = try s.carousel(["export", "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertTrue(csv.stdout.hasPrefix("id,slug,title,kind,category,tags,importance,spoons,due,repeat,done,"))
        let json = try s.carousel(["export", "--format", "json"]).json()
        XCTAssertEqual(json["format_version"] as? Int, 1)
        XCTAssertFalse(json.cards().isEmpty)
        XCTAssertNotNil(json.cards().first?["body"])
        let bad = try s.carousel(["export", "--format", "pdf"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("pdf"), bad.stderr)
    }

    /// The RRULEs in the calendar expand (by an independent RFC 5545 implementation) to the dates
    /// Carousel's rules mean: month-end rules skip short months, "last friday" is the last one.
    func testRRulesExpandIndependentlyToTheRuleDates() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/pay-rent.md", "---\nid: RENT\ntitle: Pay rent\nrepeat: every month on the 31st\ncreated: 2026-11-01\n---\n")
        try s.write("cards/review.md", "---\nid: REVIEW\ntitle: Review\nrepeat: FREQ=MONTHLY;BYDAY=-1FR\ncreated: 2026-11-01\nskipped: [2026-12-25]\n---\n")
        let path = s.root.appendingPathComponent("rules.ics")
        let r = try s.carousel(["export", "--format", "ics", "--out", path.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let env = try pythonICalendar()
        let script = """
            import sys, icalendar
            from dateutil.rrule import rrulestr
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            for c in cal.walk('VTODO'):
                start = c['DTSTART'].dt
                rule = rrulestr(c['RRULE'].to_ical().decode(), dtstart=__import__('datetime').datetime(start.year, start.month, start.day))
                skip = set()
                if 'EXDATE' in c:
                    for d in c['EXDATE'].dts: skip.add(d.dt)
                days = [d.date().isoformat() for d in rule[:6] if d.date() not in skip]
                print(str(c['UID']), ' '.join(days))
            """
        let out = try Sandbox.run(env, ["python3", "-c", script, path.path], env: ProcessInfo.processInfo.environment, cwd: s.root)
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = Set(out.stdout.split(separator: "\n").map(String.init))
        XCTAssertTrue(lines.contains("RENT@carousel 2026-12-31 2027-01-31 2027-03-31 2027-05-31 2027-07-31 2027-08-31"), out.stdout)
        XCTAssertTrue(lines.contains("REVIEW@carousel 2026-11-27 2027-01-29 2027-02-26 2027-03-26 2027-04-30"), out.stdout)
    }
}
