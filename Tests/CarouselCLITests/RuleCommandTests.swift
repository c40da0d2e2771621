import XCTest

/// `carousel rule`: check a rule before saving it, inside a vault or not.
final class RuleCommandTests: XCTestCase {
    func testRuleJSONOutsideAVault() throws {
        let s = try Sandbox()
        let r = try s.carousel(["rule", "every month on the last friday", "--from", "2026-11-01", "--count", "3", "--json"],
                               vaultFlag: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        XCTAssertEqual(Set(json.keys), ["rule", "rrule", "summary", "dates"])
        XCTAssertEqual(json["rule"] as? String, "every month on the last fri")
        XCTAssertEqual(json["rrule"] as? String, "FREQ=MONTHLY;BYDAY=-1FR")
        XCTAssertEqual(json["summary"] as? String, "Every month on the last Friday")
        XCTAssertEqual(json["dates"] as? [String], ["2026-11-27", "2026-12-25", "2027-01-29"])
    }

    func testDefaultsToFourteenDatesFromToday() throws {
        let s = try Sandbox()
        let json = try s.carousel(["rule", "every 2 weeks on tue, thu until 2026-12-30", "--json"], vaultFlag: false).json()
        XCTAssertEqual(json["summary"] as? String, "Every 2 weeks on Tue & Thu, until 30 Dec 2026")
        XCTAssertEqual(json["dates"] as? [String], ["2026-11-24", "2026-11-26", "2026-12-08", "2026-12-10", "2026-12-22", "2026-12-24"])
        let daily = try s.carousel(["rule", "every day", "--json"], vaultFlag: false).json()
        XCTAssertEqual((daily["dates"] as? [String])?.count, 14)
        XCTAssertEqual((daily["dates"] as? [String])?.first, "2026-11-23")
    }

    func testReadsBackItsOwnRRULE() throws {
        let s = try Sandbox()
        for rule in ["every month on the 31st", "every year on feb 29 for 3 times", "every 3 days until 2027-01-10",
                     "every month on the 2nd tuesday"] {
            let first = try s.carousel(["rule", rule, "--from", "2024-01-01", "--json"], vaultFlag: false).json()
            let again = try s.carousel(["rule", first["rrule"] as! String, "--from", "2024-01-01", "--json"], vaultFlag: false).json()
            XCTAssertEqual(first["rule"] as? String, again["rule"] as? String, rule)
            XCTAssertEqual(first["dates"] as? [String], again["dates"] as? [String], rule)
        }
    }

    func testBadRulePointsAtTheWord() throws {
        let s = try Sandbox()
        let r = try s.carousel(["rule", "every 0 days"], vaultFlag: false)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("interval must be at least 1, found \"0\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("    every 0 days\n          ^"), r.stderr)
        let rrule = try s.carousel(["rule", "FREQ=MONTHLY;BYMONTHDAY=32"], vaultFlag: false)
        XCTAssertEqual(rrule.status, 1)
        XCTAssertTrue(rrule.stderr.contains("^"), rrule.stderr)
        XCTAssertTrue(rrule.stderr.contains("32"), rrule.stderr)
    }

    func testTextOutput() throws {
        let s = try Sandbox()
        let r = try s.carousel(["rule", "every weekday", "--count", "2"], vaultFlag: false)
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("RRULE    FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2026-11-24  Tue 24 Nov"), r.stdout)
    }

    func testSummariesOfTheNewRuleParts() throws {
        let s = try Sandbox()
        let cases = [
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "Every month on the last weekday", ["2026-11-30", "2026-12-31"]),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1", "Every month on the 1st & last weekday", ["2026-11-02", "2026-11-30"]),
            ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,TU", "Every 2 weeks on Tue & Sun (weeks start Sunday)", ["2026-11-01", "2026-11-03"]),
            ("FREQ=YEARLY;BYWEEKNO=27;BYDAY=MO", "Every year in week 27 on Monday", ["2027-07-05", "2028-07-03"]),
            ("FREQ=YEARLY;BYYEARDAY=256", "Every year on day 256", ["2027-09-13", "2028-09-12"]),
        ]
        for (rule, summary, dates) in cases {
            let json = try s.carousel(["rule", rule, "--from", "2026-11-01", "--count", "2", "--json"], vaultFlag: false).json()
            XCTAssertEqual(json["summary"] as? String, summary, rule)
            XCTAssertEqual(json["dates"] as? [String], dates, rule)
            // The rule text reads back to the same rule.
            let again = try s.carousel(["rule", json["rule"] as! String, "--from", "2026-11-01", "--count", "2", "--json"],
                                       vaultFlag: false).json()
            XCTAssertEqual(again["rrule"] as? String, json["rrule"] as? String, rule)
        }
    }
}

extension RuleCommandTests {
    /// `rule` previews the dates a card with that rule, added the same day, gets.
    func testRulePreviewsTheSameFirstDatesAsACardWithTheRule() throws {
        let s = try Sandbox()
        try s.initVault()
        var n = 0
        for today in ["2026-11-23", "2026-11-25", "2026-11-28", "2026-11-29"] {
            for rule in ["every 2 weeks on tue", "every 3 weeks on mon, fri", "every 2 months on the 1st", "every 2 years on mar 3"] {
                n += 1
                let preview = try s.carousel(["rule", rule, "--count", "3", "--json", "--today", today])
                XCTAssertEqual(preview.status, 0, preview.stderr)
                let card = try s.carousel(["add", "Card \(n)", "--repeat", rule, "--json", "--today", today])
                XCTAssertEqual(card.status, 0, card.stderr)
                XCTAssertEqual(try preview.json()["dates"] as? [String], Array((try card.json()["next"] as? [String] ?? []).prefix(3)),
                               "\(rule) on \(today)")
            }
        }
    }
}
