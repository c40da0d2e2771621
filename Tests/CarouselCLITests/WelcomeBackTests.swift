import Foundation
import XCTest

/// Welcome back after five days away: home says it once on the day, and each of the three ways
/// on (`welcome someday`, `welcome spread`, `welcome pick`) makes one commit.
final class WelcomeBackTests: XCTestCase {
    static let pile = ["quarterly-report", "call-mum", "slides", "timesheets", "mail"]

    /// Opened last on Wednesday 2026-11-18, back on Monday 2026-11-23. Five cards are overdue
    /// by then (one was before leaving); the dentist (5 spoons) is due today, groceries
    /// (3 spoons) tomorrow. Budget 10.
    func awayVault(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        s.today = "2026-11-18"
        try s.initVault()
        for args in [["Quarterly report", "--spoons", "4", "--importance", "5", "--due", "2026-11-19"],
                     ["Call Mum", "--spoons", "1", "--importance", "4", "--due", "2026-11-20"],
                     ["Slides", "--spoons", "3", "--importance", "4", "--due", "2026-11-21"],
                     ["Timesheets", "--spoons", "2", "--importance", "2", "--due", "2026-11-22"],
                     ["Mail", "--spoons", "2", "--importance", "2", "--due", "2026-11-17"],
                     ["Dentist", "--spoons", "5", "--importance", "3", "--due", "2026-11-23"],
                     ["Groceries", "--spoons", "3", "--importance", "1", "--due", "2026-11-24"]] {
            XCTAssertEqual(try s.carousel(["add", "--literal"] + args).status, 0)
        }
        let home = try s.carousel([])
        XCTAssertFalse(home.stdout.contains("Welcome back"), "a vault used yesterday has nothing to come back from")
        s.today = "2026-11-23"
        return s
    }

    func cards(_ s: Sandbox) throws -> [String: [String: Any]] {
        let list = try s.carousel(["list", "--json"]).json().cards()
        return Dictionary(uniqueKeysWithValues: list.compactMap { c in (c["slug"] as? String).map { ($0, c) } })
    }

    func testHomeSaysWelcomeBackOnTheFirstRunOfTheDayOnly() throws {
        let s = try awayVault()
        XCTAssertEqual(try s.carousel(["list"]).status, 0, "another command first does not use up the welcome")
        let first = try s.carousel([])
        XCTAssertTrue(first.stdout.contains("Welcome back. 4 cards slid past their dates while you were away. 1 more was already waiting."), first.stdout)
        for way in ["carousel welcome someday", "carousel welcome spread", "carousel welcome pick"] {
            XCTAssertTrue(first.stdout.contains(way), first.stdout)
        }
        let second = try s.carousel([])
        XCTAssertFalse(second.stdout.contains("Welcome back"), "only the first run of the day")
        let json = try s.carousel(["--json"])
        assertShape("home", json)
        XCTAssertTrue(try json.json()["welcome_back"] is NSNull)
        XCTAssertEqual(try s.git(["ls-files", ".carousel"]).stdout, "", "the days opened stay on this device")
        try s.assertClean()
    }

    func testHomeJSONCarriesTheWelcomeAndOneDayAwayIsNotAnAbsence() throws {
        let s = try awayVault()
        let json = try s.carousel(["--json"])
        assertShape("home", json)
        let welcome = try XCTUnwrap(try json.json()["welcome_back"] as? [String: Any])
        XCTAssertEqual(welcome["away_since"] as? String, "2026-11-18")
        XCTAssertEqual(welcome["days_away"] as? Int, 5)
        XCTAssertEqual(welcome["slid"] as? Int, 4)
        XCTAssertEqual(welcome["overdue"] as? Int, 5)
        XCTAssertEqual(welcome["ways"] as? [String], ["carousel welcome someday", "carousel welcome spread", "carousel welcome pick"])
        s.today = "2026-11-24"
        XCTAssertFalse(try s.carousel([]).stdout.contains("Welcome back"), "opened yesterday")
    }

    func testSomedayLetsThePileGoInOneCommit() throws {
        let s = try awayVault()
        let before = try s.log().count
        let r = try s.carousel(["welcome", "someday", "--json"])
        assertShape("welcome", r)
        XCTAssertEqual(Set(try r.json()["changed"].map { ($0 as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String } } ?? []), Set(Self.pile))
        let log = try s.log()
        XCTAssertEqual(log.count, before + 1)
        XCTAssertTrue(log[0].hasPrefix("welcome back: 5 cards ("), log[0])
        XCTAssertTrue(log[0].hasSuffix(") to someday"), log[0])
        let now = try cards(s)
        for slug in Self.pile { XCTAssertTrue(now[slug]?["due"] is NSNull, slug) }
        XCTAssertEqual(now["dentist"]?["due"] as? String, "2026-11-23")
        XCTAssertEqual(now["groceries"]?["due"] as? String, "2026-11-24")
        XCTAssertEqual(try s.carousel(["board", "--json"]).json()["columns"].map { cols in
            ((cols as? [[String: Any]])?.first { $0["name"] as? String == "overdue" }?["cards"] as? [Any])?.count } ?? nil, 0)
        let again = try s.carousel(["welcome", "someday"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(try s.log().count, before + 1, "nothing overdue, nothing committed")
        try s.assertClean()
    }

    func testSpreadKeepsEveryDayWithinTheBudgetMostImportantFirst() throws {
        let s = try awayVault()
        let before = try s.log().count
        let r = try s.carousel(["welcome", "spread", "--json"])
        assertShape("welcome", r)
        XCTAssertEqual(try r.json()["left"] as? Int, 0)
        let log = try s.log()
        XCTAssertEqual(log.count, before + 1)
        XCTAssertTrue(log[0].hasPrefix("welcome back: spread 5 cards"), log[0])
        XCTAssertTrue(log[0].hasSuffix("over 2 days"), log[0])
        let now = try cards(s)
        // Today holds the dentist's 5: the report (4) and Mum (1) fill it to 10; tomorrow holds
        // the groceries' 3, then the slides (3), the mail (2, longer overdue) and the timesheets (2).
        let expected = ["quarterly-report": "2026-11-23", "call-mum": "2026-11-23", "slides": "2026-11-24",
                        "mail": "2026-11-24", "timesheets": "2026-11-24"]
        for (slug, due) in expected { XCTAssertEqual(now[slug]?["due"] as? String, due, slug) }
        var perDay: [String: Int] = [:]
        for card in now.values where card["done"] as? Bool == false {
            if let due = card["due"] as? String { perDay[due, default: 0] += card["spoons"] as? Int ?? 0 }
        }
        for (day, spoons) in perDay { XCTAssertLessThanOrEqual(spoons, 10, "\(day) is over the budget") }
        try s.assertClean()
    }

    func testSpreadNeverGoesOverASmallerBudget() throws {
        let s = try awayVault()
        XCTAssertEqual(try s.carousel(["budget", "5"]).status, 0)
        XCTAssertEqual(try s.carousel(["welcome", "spread"]).status, 0)
        var perDay: [String: Int] = [:]
        for card in try cards(s).values {
            if let due = card["due"] as? String { perDay[due, default: 0] += card["spoons"] as? Int ?? 0 }
        }
        for (day, spoons) in perDay where day >= "2026-11-23" { XCTAssertLessThanOrEqual(spoons, 5, "\(day): \(perDay)") }
        XCTAssertEqual(try cards(s)["quarterly-report"]?["due"] as? String, "2026-11-25", "today and tomorrow are full")
    }

    func testPickPullsTheCarouselsFirstThreeOverdueCardsInOneCommit() throws {
        let s = try awayVault()
        let ranked = try s.carousel(["suggest", "--limit", "0", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        let expected = Array(ranked.filter { Self.pile.contains($0) }.prefix(3))
        let before = try s.log().count
        let r = try s.carousel(["welcome", "pick", "--json"])
        assertShape("welcome", r)
        XCTAssertEqual(try r.json()["left"] as? Int, 2)
        let log = try s.log()
        XCTAssertEqual(log.count, before + 1)
        XCTAssertTrue(log[0].hasPrefix("pull into today: "), log[0])
        let today = try s.carousel(["today", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(today, expected)
        try s.assertClean()
    }
}
