import XCTest

/// The 40% rule on a hand-built week of logs, through the files and `habits --json`.
final class HabitWeekTests: XCTestCase {
    func habitFile(_ title: String, _ log: [String]) -> String {
        (["---", "title: \(title)", "repeat: every day", "start: 2026-11-16", "log:"] + log.map { "  " + $0 } + ["---", ""])
            .joined(separator: "\n")
    }

    func testHandBuiltWeek() throws {
        let s = try Sandbox()
        s.today = "2026-11-22"
        try s.initVault()
        try s.write("habits/a.md", habitFile("A", ["2026-11-16: 1", "2026-11-17: 1", "2026-11-18: 1", "2026-11-19: 0",
                                                   "2026-11-20: 1", "2026-11-21: skip — travelling", "2026-11-22: 1"]))
        try s.write("habits/b.md", habitFile("B", ["2026-11-16: 1", "2026-11-17: skip", "2026-11-18: skip — sick",
                                                   "2026-11-19: 1", "2026-11-20: 1", "2026-11-21: skip - travelling"]))
        try s.write("habits/c.md", habitFile("C", ["2026-11-19: 1", "2026-11-21: \"skip: travelling\"", "2026-11-22: 1"]))
        let r = try s.carousel(["habits", "--json", "--weeks", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let json = try r.json()
        XCTAssertEqual(json["day_qualifies"] as? Bool, true)
        XCTAssertEqual(json["streak"] as? Int, 4)
        XCTAssertEqual(json["best_streak"] as? Int, 4)
        let heat = (json["heatmap"] as? [[String: Any]] ?? []).suffix(7)
        XCTAssertEqual(heat.map { $0["qualifies"] as? Bool }, [true, false, true, true, true, false, true])
        let ratios: [Double?] = heat.map { $0["ratio"] as? Double }
        let expected: [Double?] = [0.667, 0.333, 0.5, 0.667, 0.667, nil, 0.667]
        XCTAssertEqual(ratios, expected)
        let habits = json["habits"] as? [[String: Any]] ?? []
        XCTAssertEqual(habits.map { $0["streak"] as? Int }, [2, 2, 1])
        XCTAssertEqual(habits.map { $0["best_streak"] as? Int }, [3, 2, 1])
        XCTAssertEqual(habits.map { $0["done"] as? Bool }, [true, false, true])

        let text = try s.carousel(["habits", "--weeks", "1"]).stdout
        XCTAssertTrue(text.contains("Streak: 4 days  ·  best 4 days"), text)
        XCTAssertTrue(text.contains("Mon · * "), text)
        XCTAssertTrue(text.contains("Sat · · "), text)
    }
}
