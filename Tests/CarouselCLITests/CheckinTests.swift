import Foundation
import XCTest

/// Check-in: the summary, the week from the day records, each coaching rule, notes and the budget.
final class CheckinTests: XCTestCase {
    func checkin(_ s: Sandbox, _ extra: [String] = []) throws -> [String: Any] {
        let r = try s.carousel(["checkin", "--json"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.json()
    }

    func journal(_ s: Sandbox, _ date: String, planned: Int, done: Int, cards: Int, doneCards: Int) throws {
        try s.write("journal/\(date.prefix(4))/\(date).md", """
            ---
            date: \(date)
            order: []
            planned_spoons: \(planned)
            done_spoons: \(done)
            planned_cards: \(cards)
            done_cards: \(doneCards)
            ---

            """)
    }

    func testARePulledCardStillCountsOnTheDayItWasPlanned() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Big report", "--spoons", "4"])
        try s.carousel(["pull", "big-report", "--today", "2026-11-23"])
        try s.carousel(["pull", "big-report", "--today", "2026-11-25"])
        try s.carousel(["done", "big-report", "--today", "2026-11-25"])
        let json = try checkin(s, ["--today", "2026-11-25"])
        XCTAssertEqual(json["tasks_planned"] as? Int, 1)
        XCTAssertEqual(json["tasks_done"] as? Int, 1)
        XCTAssertEqual(json["spoons_done"] as? Int, 4)
        let week = json["week"] as? [[String: Any]] ?? []
        XCTAssertEqual(week.count, 7)
        let monday = try XCTUnwrap(week.first { $0["date"] as? String == "2026-11-23" })
        XCTAssertEqual(monday["tasks_planned"] as? Int, 1)
        XCTAssertEqual(monday["spoons_planned"] as? Int, 4)
        XCTAssertEqual(monday["tasks_done"] as? Int, 0)
        let wednesday = try XCTUnwrap(week.last)
        XCTAssertEqual(wednesday["date"] as? String, "2026-11-25")
        XCTAssertEqual(wednesday["spoons_done"] as? Int, 4)
        XCTAssertEqual(Set(json.keys), ["date", "tasks_planned", "tasks_done", "spoons_planned", "spoons_done", "budget", "week", "message", "message_rule", "reflection", "overdue"])
        XCTAssertTrue(try s.carousel(["checkin", "--today", "2026-11-25"]).stdout
            .contains("You've completed 1 of 1 task (4 of 4 spoons)."))
    }

    func testEachCoachingRuleOnABuiltVault() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try checkin(s)["message_rule"] as? String, "default")
        XCTAssertEqual(try checkin(s)["message"] as? String, "You're doing fine. One thing at a time.")

        for d in 18...22 { try journal(s, "2026-11-\(d)", planned: 14, done: 10, cards: 4, doneCards: 3) }
        XCTAssertEqual(try checkin(s)["message_rule"] as? String, "over_budget")
        for d in 18...22 { try journal(s, "2026-11-\(d)", planned: 8, done: 2, cards: 5, doneCards: 1) }
        XCTAssertEqual(try checkin(s)["message_rule"] as? String, "low_completion")
        for d in 18...22 { try FileManager.default.removeItem(at: s.vault.appendingPathComponent("journal/2026/2026-11-\(d).md")) }
        try journal(s, "2026-11-02", planned: 3, done: 3, cards: 1, doneCards: 1)
        XCTAssertEqual(try checkin(s)["message_rule"] as? String, "welcome_back")
        for d in 16...22 { try journal(s, "2026-11-\(d)", planned: 6, done: 5, cards: 3, doneCards: 2) }
        XCTAssertEqual(try checkin(s)["message_rule"] as? String, "week_streak")

        let busy = try Sandbox()
        try busy.initVault()
        for i in 1...9 {
            try busy.carousel(["add", "Thing \(i)"])
            try busy.carousel(["pull", "thing-\(i)"])
        }
        XCTAssertEqual(try checkin(busy)["message_rule"] as? String, "busy_today")
    }

    func testWeekStreakFromRealCommands() throws {
        let s = try Sandbox()
        try s.initVault()
        for d in 17...23 {
            try s.carousel(["add", "Day \(d)", "--today", "2026-11-\(d)"])
            try s.carousel(["pull", "day-\(d)", "--today", "2026-11-\(d)"])
            try s.carousel(["done", "day-\(d)", "--today", "2026-11-\(d)"])
        }
        let json = try checkin(s)
        XCTAssertEqual(json["message_rule"] as? String, "week_streak")
        XCTAssertEqual((json["week"] as? [[String: Any]])?.compactMap { $0["tasks_done"] as? Int }, [1, 1, 1, 1, 1, 1, 1])
    }

    func testNoteIsSavedInTheJournalInOneCommit() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Walk"])
        try s.carousel(["pull", "walk"])
        let before = try s.log().count
        let r = try s.carousel(["checkin", "--note", "Slow day: that's ok"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().count, before + 1)
        XCTAssertEqual(try s.log().first, "check-in: note for 2026-11-23")
        let text = try s.read("journal/2026/2026-11-23.md")
        XCTAssertTrue(text.contains("reflection: \"Slow day: that's ok\""), text)
        XCTAssertTrue(text.contains("planned_cards: 1"), text)
        XCTAssertEqual(try checkin(s)["reflection"] as? String, "Slow day: that's ok")
        // Later writes to the day keep the note.
        try s.carousel(["done", "walk"])
        XCTAssertTrue(try s.read("journal/2026/2026-11-23.md").contains("reflection:"))
        try s.assertClean()
        XCTAssertNotEqual(try s.carousel(["checkin", "--note", "  "]).status, 0)
    }

    func testBudgetEditsOneLineAndTheGuardrailStopsAfterDayThree() throws {
        let s = try Sandbox()
        try s.initVault()  // started: 2026-11-23
        let original = try s.read("carousel.yaml")
        let first = try s.carousel(["budget", "12"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("You've only just started — maybe try using it for a day or two before tweaking things?"))
        XCTAssertEqual(try s.log().first, "settings: budget 12")
        let edited = try s.read("carousel.yaml")
        XCTAssertEqual(edited, original.replacingOccurrences(of: "budget: 10 ", with: "budget: 12 "))
        XCTAssertEqual(try checkin(s)["budget"] as? Int, 12)
        XCTAssertTrue(try s.carousel(["budget", "13", "--today", "2026-11-25"]).stdout.contains("only just started"))
        let day4 = try s.carousel(["budget", "14", "--today", "2026-11-26", "--json"]).json()
        XCTAssertEqual(day4["note"] as? NSNull, NSNull())
        XCTAssertEqual(day4["changed"] as? Bool, true)
        let bad = try s.carousel(["budget", "25"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("5–20"), bad.stderr)
        try s.assertClean()
    }
}
