import Foundation
import XCTest

/// The CSV export's habit, XP and reflection tables (Sherpa's CSV export).
final class ExportCSVTablesTests: XCTestCase {
    func rows(_ csv: String) -> [[String]] {
        csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { $0.components(separatedBy: ",") }
    }

    func testHabitsXPAndTheCheckinNoteAreExported() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["habit", "add", "Drink water", "--target", "2", "--today", "2026-11-20"]).status, 0)
        XCTAssertEqual(try s.carousel(["check", "drink-water", "--today", "2026-11-22"]).status, 0)
        XCTAssertEqual(try s.carousel(["check", "drink-water", "--today", "2026-11-22"]).status, 0)
        XCTAssertEqual(try s.carousel(["check", "drink-water"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        XCTAssertEqual(try s.carousel(["done", "call-mum"]).status, 0)
        XCTAssertEqual(try s.carousel(["checkin", "--note", "slow day, that's ok"]).status, 0)

        let habits = try s.carousel(["export", "--format", "csv", "--kind", "habits"])
        XCTAssertEqual(habits.status, 0, habits.stderr)
        let h = rows(habits.stdout)
        XCTAssertEqual(h.first, ["date", "habit", "title", "amount", "target", "period", "unit", "target_met", "skipped", "note"])
        XCTAssertEqual(h.dropFirst().map { [$0[0], $0[1], $0[3], $0[7]] },
                       [["2026-11-22", "drink-water", "2", "true"], ["2026-11-23", "drink-water", "1", "false"]])

        let xp = try s.carousel(["export", "--format", "csv", "--kind", "xp"])
        XCTAssertEqual(xp.status, 0, xp.stderr)
        let x = rows(xp.stdout)
        XCTAssertEqual(x.first?.last, "xp")
        // Week of Mon 16 Nov: the habit met on Sun 22 (+10). Week of Mon 23: the task (+10), the note (+10).
        let byWeek = Dictionary(uniqueKeysWithValues: x.dropFirst().map { ($0[0], Int($0[7]) ?? -1) })
        XCTAssertEqual(byWeek["2026-11-23"], 20, xp.stdout)
        XCTAssertGreaterThanOrEqual(byWeek["2026-11-16"] ?? 0, 10, xp.stdout)

        let notes = try s.carousel(["export", "--format", "csv", "--kind", "reflections"])
        XCTAssertEqual(notes.status, 0, notes.stderr)
        XCTAssertTrue(notes.stdout.contains("2026-11-23,checkin,\"slow day, that's ok\""), notes.stdout)
    }

    /// The cards table carries when a card starts, how long it lasts, where it is and when it
    /// reminds, after the columns it always had.
    func testTheCardsTableHasStartDurationLocationAndRemind() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/dentist.md", """
            ---
            title: Dentist
            kind: event
            due: 2026-12-03T10:30
            start: 2026-12-03T10:30
            duration: 45m
            location: Bridge Street 4
            remind: [30m, 1d]
            ---

            """)
        let out = try s.carousel(["export", "--format", "csv", "--kind", "cards"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let r = rows(out.stdout)
        let header = try XCTUnwrap(r.first)
        XCTAssertEqual(Array(header.prefix(17)), ["id", "slug", "title", "kind", "category", "tags", "importance", "spoons", "due",
                                                 "repeat", "done", "completed", "skipped", "created", "parent", "emoji", "path"])
        XCTAssertEqual(Array(header.suffix(4)), ["start", "duration", "location", "remind"])
        let dentist = try XCTUnwrap(r.first { $0.count > 2 && $0[1] == "dentist" })
        XCTAssertEqual(Array(dentist.suffix(4)), ["2026-12-03T10:30", "45m", "Bridge Street 4", "30m;1d"])
    }
}
