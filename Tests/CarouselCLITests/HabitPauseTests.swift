import Foundation
import XCTest

/// `habit pause NAME --until DATE` / `--from … --to …`: a paused habit is not scheduled, so it
/// keeps its streak, is not reminded and is not counted in the 40% rule.
final class HabitPauseTests: XCTestCase {
    /// Three daily habits from 2026-11-10; only water was kept up while away (18–22 Nov).
    func vault(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        func habit(_ slug: String, _ title: String, days: [Int]) throws {
            let log = days.map { "  2026-11-\($0): 1" }.joined(separator: "\n")
            try s.write("habits/\(slug).md", "---\ntitle: \(title)\nrepeat: every day\nstart: 2026-11-10\nremind: \"08:00\"\nlog:\n\(log)\n---\n")
        }
        try habit("stretch", "Stretch", days: [16, 17, 23])
        try habit("walk", "Walk", days: [16, 17, 23])
        try habit("water", "Water", days: Array(16...23))
        return s
    }

    func habits(_ s: Sandbox) throws -> [String: Any] {
        let r = try s.carousel(["habits", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.json()
    }

    func heatmapDay(_ json: [String: Any], _ date: String) -> [String: Any]? {
        (json["heatmap"] as? [[String: Any]])?.first { $0["date"] as? String == date }
    }

    func streak(_ json: [String: Any], _ slug: String) -> Int? {
        (json["habits"] as? [[String: Any]])?.first { $0["slug"] as? String == slug }?["streak"] as? Int
    }

    func testAPauseKeepsTheStreakLeavesThe40PercentRuleAndIsNotReminded() throws {
        let s = try vault()
        let before = try habits(s)
        XCTAssertEqual(streak(before, "stretch"), 1, "missed days break it without a pause")
        XCTAssertEqual(heatmapDay(before, "2026-11-20")?["qualifies"] as? Bool, false, "1 of 3 is under 40%")

        let r = try s.carousel(["habit", "pause", "stretch", "--from", "2026-11-18", "--to", "2026-11-22", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertShape("habit", r)
        XCTAssertEqual(try s.log().first, "habit pause: Stretch from 2026-11-18 to 2026-11-22")
        XCTAssertTrue(try s.read("habits/stretch.md").contains("paused: [2026-11-18..2026-11-22]\n"))

        let after = try habits(s)
        XCTAssertEqual(streak(after, "stretch"), 3, "16, 17 and 23: the paused days neither count nor break")
        XCTAssertEqual(streak(after, "walk"), 1, "another habit is not paused")
        let paused = try XCTUnwrap(heatmapDay(after, "2026-11-20"))
        XCTAssertEqual(paused["ratio"] as? Double, 0.5, "stretch leaves the day: 1 of water and walk")
        XCTAssertEqual(paused["qualifies"] as? Bool, true)

        let reminders = try s.carousel(["remind", "--json", "--now", "2026-11-20T08:00"]).json()["reminders"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(reminders.compactMap { $0["slug"] as? String }), ["walk"], "water is done that day, stretch paused")
        let control = try vault("unpaused")
        let unpaused = try control.carousel(["remind", "--json", "--now", "2026-11-20T08:00"]).json()["reminders"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(unpaused.compactMap { $0["slug"] as? String }), ["stretch", "walk"])
        XCTAssertEqual(try s.carousel(["check", "stretch", "--date", "2026-11-20"]).status, 1, "not scheduled while paused")
        try s.assertClean()
    }

    func testUntilPausesFromTodayAndSpansJoin() throws {
        let s = try vault()
        XCTAssertEqual(try s.carousel(["habit", "pause", "walk", "--until", "2026-11-25"]).status, 0)
        // Walk is already checked today, so the pause starts tomorrow (EverydaySlipsTests).
        XCTAssertEqual(try s.log().first, "habit pause: Walk from 2026-11-24 to 2026-11-25")
        XCTAssertEqual(try s.carousel(["habit", "pause", "walk", "--from", "2026-11-18", "--to", "2026-11-23"]).status, 0)
        let walkFile = try s.read("habits/walk.md")
        XCTAssertTrue(walkFile.contains("paused: [2026-11-18..2026-11-25]\n"), walkFile)
        let today = try habits(s)
        let walk = (today["habits"] as? [[String: Any]])?.first { $0["slug"] as? String == "walk" }
        XCTAssertEqual(walk?["scheduled_today"] as? Bool, false)
        XCTAssertEqual(try s.carousel(["habit", "pause", "walk", "--from", "2026-11-22", "--to", "2026-11-20"]).status, 1)
        XCTAssertEqual(try s.carousel(["habit", "pause", "walk"]).status, 2)
        XCTAssertEqual(try s.carousel(["habit", "pause", "walk", "--until", "friday", "--from", "monday"]).status, 2)
    }
}
