import XCTest
@testable import CarouselCore

/// Expected dates were produced once with python-dateutil's rrule (the RFC 5545 reference the
/// engine follows) and pasted here; the tests never call Python.
final class RecurrenceExpansionTests: XCTestCase {
    /// (rule, anchor = DTSTART, from, limit, expected dates)
    static let table: [(String, String, String, Int, [String])] = [
        ("every day", "2026-01-30", "2026-01-30", 4, ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"]),
        ("every 3 days", "2025-12-28", "2025-12-28", 4, ["2025-12-28", "2025-12-31", "2026-01-03", "2026-01-06"]),
        ("every day on mon, fri", "2026-01-01", "2026-01-01", 4, ["2026-01-02", "2026-01-05", "2026-01-09", "2026-01-12"]),
        ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29", "2021-01-01", "2021-01-01", 3, ["2024-02-29", "2028-02-29", "2032-02-29"]),
        ("every day until 2026-01-05", "2026-01-03", "2026-01-01", 10, ["2026-01-03", "2026-01-04", "2026-01-05"]),
        ("FREQ=DAILY;INTERVAL=10;COUNT=3", "2026-01-01", "2026-01-12", 5, ["2026-01-21"]),
        ("every day for 10 times", "2026-01-01", "2026-01-08", 10, ["2026-01-08", "2026-01-09", "2026-01-10"]),
        ("every week", "2026-01-07", "2026-01-07", 3, ["2026-01-07", "2026-01-14", "2026-01-21"]),
        ("every 2 weeks on tue, thu", "2026-01-01", "2026-01-01", 6, ["2026-01-01", "2026-01-13", "2026-01-15", "2026-01-27", "2026-01-29", "2026-02-10"]),
        ("every 2 weeks on mon", "2025-12-24", "2025-12-24", 3, ["2026-01-05", "2026-01-19", "2026-02-02"]),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "2025-12-28", "2025-12-28", 3, ["2025-12-28", "2026-01-11", "2026-01-25"]),
        ("every 2 weeks on fri, sun", "2026-12-23", "2026-12-23", 5, ["2026-12-25", "2026-12-27", "2027-01-08", "2027-01-10", "2027-01-22"]),
        ("every weekday", "2026-01-03", "2026-01-03", 6, ["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08", "2026-01-09", "2026-01-12"]),
        ("every weekend", "2026-01-01", "2026-01-01", 4, ["2026-01-03", "2026-01-04", "2026-01-10", "2026-01-11"]),
        ("every mon, wed, fri for 5 times", "2026-01-06", "2026-01-01", 10, ["2026-01-07", "2026-01-09", "2026-01-12", "2026-01-14", "2026-01-16"]),
        ("every 2 weeks on tue, thu", "2020-01-02", "2031-06-15", 4, ["2031-06-17", "2031-06-19", "2031-07-01", "2031-07-03"]),
        ("FREQ=WEEKLY;INTERVAL=3;BYDAY=MO", "1970-01-01", "2026-11-20", 3, ["2026-11-30", "2026-12-21", "2027-01-11"]),
        ("every month on the 31st", "2026-01-31", "2026-01-31", 5, ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31"]),
        ("every month", "2026-01-31", "2026-01-31", 4, ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]),
        ("every 3 months on the 31st", "2026-01-31", "2026-01-31", 4, ["2026-01-31", "2026-07-31", "2026-10-31", "2027-01-31"]),
        ("every month on the 30th", "2026-01-30", "2026-01-30", 3, ["2026-01-30", "2026-03-30", "2026-04-30"]),
        ("every month on the 29th", "2027-01-29", "2027-01-29", 13, ["2027-01-29", "2027-03-29", "2027-04-29", "2027-05-29", "2027-06-29", "2027-07-29", "2027-08-29", "2027-09-29", "2027-10-29", "2027-11-29", "2027-12-29", "2028-01-29", "2028-02-29"]),
        ("every month on the last day", "2024-01-15", "2024-01-15", 4, ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-3", "2026-01-01", "2026-01-01", 3, ["2026-01-29", "2026-02-26", "2026-03-29"]),
        ("every month on the 2nd tuesday", "2026-01-01", "2026-01-01", 3, ["2026-01-13", "2026-02-10", "2026-03-10"]),
        ("every month on the last friday", "2026-01-01", "2026-01-01", 3, ["2026-01-30", "2026-02-27", "2026-03-27"]),
        ("FREQ=MONTHLY;BYDAY=-2MO", "2026-01-01", "2026-01-01", 3, ["2026-01-19", "2026-02-16", "2026-03-23"]),
        ("every month on the 1st and 3rd mon", "2026-01-01", "2026-01-01", 4, ["2026-01-05", "2026-01-19", "2026-02-02", "2026-02-16"]),
        ("FREQ=MONTHLY;BYDAY=5FR", "2026-01-01", "2026-01-01", 4, ["2026-01-30", "2026-05-29", "2026-07-31", "2026-10-30"]),
        ("every month on fri the 13th", "2026-01-01", "2026-01-01", 4, ["2026-02-13", "2026-03-13", "2026-11-13", "2027-08-13"]),
        ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1,-1;COUNT=5", "2026-01-10", "2026-01-01", 10, ["2026-01-31", "2026-03-01", "2026-03-31", "2026-05-01", "2026-05-31"]),
        ("every month on the 15th", "2026-01-20", "2026-01-01", 2, ["2026-02-15", "2026-03-15"]),
        ("every month on the 15th", "2000-01-15", "2040-03-16", 2, ["2040-04-15", "2040-05-15"]),
        ("every month on the 10th in jan, jul", "2026-01-01", "2026-01-01", 3, ["2026-01-10", "2026-07-10", "2027-01-10"]),
        ("every year", "2024-02-29", "2024-02-29", 3, ["2024-02-29", "2028-02-29", "2032-02-29"]),
        ("every year on mar 3", "2026-05-01", "2026-05-01", 2, ["2027-03-03", "2028-03-03"]),
        ("every year on the last friday of november", "2026-01-01", "2026-01-01", 3, ["2026-11-27", "2027-11-26", "2028-11-24"]),
        ("FREQ=YEARLY;BYMONTH=2;BYDAY=-1MO", "2026-01-01", "2026-01-01", 3, ["2026-02-23", "2027-02-22", "2028-02-28"]),
        ("every year on the 20th monday", "2026-01-01", "2026-01-01", 3, ["2026-05-18", "2027-05-17", "2028-05-15"]),
        ("FREQ=YEARLY;BYDAY=-1FR", "2026-01-01", "2026-01-01", 3, ["2026-12-25", "2027-12-31", "2028-12-29"]),
        ("every year in feb", "2024-01-29", "2024-01-29", 3, ["2024-02-29", "2028-02-29", "2032-02-29"]),
        ("every year on feb 29", "2023-06-01", "2023-06-01", 3, ["2024-02-29", "2028-02-29", "2032-02-29"]),
        ("FREQ=YEARLY;INTERVAL=2;BYMONTH=1,7;BYMONTHDAY=1;COUNT=5", "2026-01-01", "2026-01-01", 10, ["2026-01-01", "2026-07-01", "2028-01-01", "2028-07-01", "2030-01-01"]),
        ("every year on mar 3 until 2028-03-03", "2026-03-03", "2026-01-01", 10, ["2026-03-03", "2027-03-03", "2028-03-03"]),
        ("FREQ=YEARLY;BYMONTHDAY=15", "2026-01-01", "2026-01-01", 3, ["2026-01-15", "2026-02-15", "2026-03-15"]),
        ("every year on sun in dec", "2026-01-01", "2026-01-01", 6, ["2026-12-06", "2026-12-13", "2026-12-20", "2026-12-27", "2027-12-05", "2027-12-12"]),
        ("every 4 years", "1996-02-29", "2100-01-01", 2, ["2104-02-29", "2108-02-29"]),
        ("FREQ=WEEKLY;BYDAY=MO;COUNT=3", "2026-01-07", "2026-01-01", 10, ["2026-01-12", "2026-01-19", "2026-01-26"]),
        ("every day until 2025-12-31", "2026-01-01", "2026-01-01", 10, []),
        ("every week on wed", "2026-01-07", "2025-06-01", 2, ["2026-01-07", "2026-01-14"]),
    ]

    func testOccurrencesMatchDateutil() throws {
        for (text, anchor, from, limit, expected) in Self.table {
            let rule = try RecurrenceRule.parse(text)
            let got = rule.occurrences(anchor: day(anchor), from: day(from), limit: limit).map(\.iso)
            XCTAssertEqual(got, expected, "\(text) anchor \(anchor) from \(from)")
        }
    }

    func testOccursAgreesWithOccurrences() throws {
        for (text, anchor, _, _, _) in Self.table {
            let rule = try RecurrenceRule.parse(text)
            let a = day(anchor)
            let last = a.adding(days: 800)
            let listed = Set(rule.occurrences(anchor: a, from: a, limit: 800).filter { $0 <= last })
            var d = a.adding(days: -3)
            while d < last {
                XCTAssertEqual(rule.occurs(on: d, anchor: a), listed.contains(d), "\(text) on \(d)")
                d = d.adding(days: 1)
            }
        }
    }

    func testNextDueIsStrictlyAfter() throws {
        let rule = try RecurrenceRule.parse("every 2 weeks on tue, thu")
        let anchor = day("2026-01-01")
        XCTAssertEqual(rule.nextDue(anchor: anchor, after: day("2026-01-01")), day("2026-01-13"))
        XCTAssertEqual(rule.nextDue(anchor: anchor, after: day("2025-12-01")), day("2026-01-01"))
        XCTAssertEqual(rule.nextDue(anchor: anchor, after: day("2026-01-13")), day("2026-01-15"))
        let limited = try RecurrenceRule.parse("every day for 3 times")
        XCTAssertEqual(limited.nextDue(anchor: anchor, after: day("2026-01-02")), day("2026-01-03"))
        XCTAssertNil(limited.nextDue(anchor: anchor, after: day("2026-01-03")))
        let until = try RecurrenceRule.parse("every week until 2026-01-10")
        XCTAssertNil(until.nextDue(anchor: anchor, after: day("2026-01-08")))
    }

    func testAfterDone() throws {
        let anchor = day("2026-01-01")
        let cases: [(String, String, String)] = [
            ("3 days after done", "2026-02-27", "2026-03-02"),
            ("2 weeks after done", "2026-12-25", "2027-01-08"),
            ("every 3 days after done", "2026-01-05", "2026-01-08"),
            ("1 month after done", "2026-01-31", "2026-02-28"),
            ("1 year after done", "2024-02-29", "2025-02-28"),
        ]
        for (text, done, expected) in cases {
            let rule = try RecurrenceRule.parse(text)
            XCTAssertTrue(rule.afterCompletion, text)
            XCTAssertEqual(rule.nextDue(anchor: anchor, after: day(done)), day(expected), text)
        }
        let rule = try RecurrenceRule.parse("3 days after done")
        XCTAssertEqual(rule.occurrences(anchor: anchor, from: day("2025-12-01"), limit: 5), [anchor])
        XCTAssertEqual(rule.occurrences(anchor: anchor, from: day("2026-01-02"), limit: 5), [])
        XCTAssertTrue(rule.occurs(on: anchor, anchor: anchor))
        XCTAssertFalse(rule.occurs(on: day("2026-01-04"), anchor: anchor))
    }

    func testLimitAndFromBeforeAnchor() throws {
        let rule = try RecurrenceRule.parse("every day")
        XCTAssertEqual(rule.occurrences(anchor: day("2026-01-01"), from: day("2026-01-01"), limit: 0), [])
        XCTAssertEqual(rule.occurrences(anchor: day("2026-01-05"), from: day("2020-01-01"), limit: 1), [day("2026-01-05")])
        XCTAssertFalse(rule.occurs(on: day("2026-01-04"), anchor: day("2026-01-05")))
    }

    func testRulesThatNeverMatchReturnNothing() throws {
        for text in ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=1",
                     "FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"] {
            let rule = try RecurrenceRule.parse(text)
            let anchor = day("2026-01-02")
            XCTAssertEqual(rule.occurrences(anchor: anchor, from: day("2026-01-03"), limit: 3), [], text)
        }
    }

    func testFarFutureJumpsAhead() throws {
        // Speed is measured by benchmarks, not here; this checks the far-future answer is right.
        let rule = try RecurrenceRule.parse("every 2 weeks on tue, thu")
        let anchor = day("1970-01-01")
        XCTAssertEqual(rule.occurrences(anchor: anchor, from: day("9999-12-20"), limit: 5), [day("9999-12-21"), day("9999-12-23")])
        XCTAssertNil(try RecurrenceRule.parse("every day").nextDue(anchor: anchor, after: day("9999-12-31")))
    }

    private func day(_ iso: String) -> Day { Day(iso: iso)! }
}
