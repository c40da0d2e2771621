import Foundation
import XCTest

/// `dec 5`, `3/14`, `the 14th` and the rules people say, through the binary as typed.
final class DatesPeopleTypeTests: XCTestCase {
    func due(_ s: Sandbox, _ slug: String) throws -> String? {
        try s.carousel(["show", slug, "--json"]).json()["due"] as? String
    }

    func testMonthDaysSlashesAndOrdinalsAreReadEverywhere() throws {
        let s = try Sandbox()  // Monday 2026-11-23
        try s.initVault()
        for (line, slug, iso) in [("Fix bike dec 5", "fix-bike", "2026-12-05"), ("Pay tax 3/14", "pay-tax", "2027-03-14"),
                                  ("Pay rent the 30th", "pay-rent", "2026-11-30"), ("Send card december 5th", "send-card", "2026-12-05")] {
            let r = try s.carousel(["add", line])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try due(s, slug), iso, line)
        }
        XCTAssertEqual(try s.carousel(["add", "Hang 5 decorations", "--json"]).json()["title"] as? String, "Hang 5 decorations")
        XCTAssertEqual(try s.carousel(["set", "fix-bike", "due=the 14th"]).status, 0)
        XCTAssertEqual(try due(s, "fix-bike"), "2026-12-14")
        XCTAssertEqual(try s.carousel(["add", "Book dentist", "--due", "5 dec"]).status, 0)
        XCTAssertEqual(try due(s, "book-dentist"), "2026-12-05")
        let listed = try s.carousel(["list", "--due", "3/14", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(listed, ["pay-tax"])

        // date_order: dmy reads 3/4 as 3 April.
        let set = try s.carousel(["config", "date_order", "dmy"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(try s.carousel(["add", "Renew passport 3/4"]).status, 0)
        XCTAssertEqual(try due(s, "renew-passport"), "2027-04-03")
        let bad = try s.carousel(["config", "date_order", "ymd"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("mdy or dmy"), bad.stderr)
    }

    func testRulesAsPeopleSayThem() throws {
        let s = try Sandbox()  // Monday 2026-11-23
        try s.initVault()
        let cases: [(String, String, String)] = [
            ("last weekday of the month", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2026-11-30"),
            ("every year on 3/14", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14", "2027-03-14"),
            ("every year on dec 5", "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=5", "2026-12-05"),
        ]
        for (rule, rrule, first) in cases {
            let r = try s.carousel(["rule", rule, "--json"])
            XCTAssertEqual(r.status, 0, "\(rule): \(r.stderr)")
            let json = try r.json()
            XCTAssertEqual(json["rrule"] as? String, rrule, rule)
            XCTAssertEqual((json["dates"] as? [String])?.first, first, rule)
        }
        let added = try s.carousel(["add", "Pay day", "--repeat", "last weekday of the month", "--json"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual((try added.json()["next"] as? [String])?.first, "2026-11-30")
    }
}
