import XCTest

/// Suggested habits and the celebration when a day starts to count.
final class SeedTests: XCTestCase {
    func testASuggestionBecomesAHabitThatHabitsShows() throws {
        let s = try Sandbox()
        try s.initVault()
        let offered = try s.carousel(["habit", "add", "--json"])
        assertShape("habit-suggestions", offered)
        let names = try XCTUnwrap(try offered.json()["suggestions"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("water") && names.contains("walk") && names.contains("read"), "\(names)")
        let listed = try s.carousel(["habit", "add"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("8 glasses a day"), listed.stdout)
        XCTAssertEqual(try s.log().count, 1, "offering writes nothing")

        let r = try s.carousel(["habit", "add", "--suggest", "water", "--json"])
        assertShape("habit", r)
        XCTAssertEqual(try s.log().first, "habit add: Drink water")
        XCTAssertEqual(try s.git(["show", "--name-only", "--format=", "HEAD"]).stdout, "habits/drink-water.md\n")
        let habits = try s.carousel(["habits", "--json"]).json()
        let first = try XCTUnwrap((habits["habits"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["slug"] as? String, "drink-water")
        XCTAssertEqual(first["target"] as? Int, 8)
        XCTAssertEqual(first["unit"] as? String, "count")
        XCTAssertEqual(first["scheduled_today"] as? Bool, true)
        XCTAssertEqual(try s.carousel(["habit", "add", "--suggest", "walk", "--target", "45"]).status, 0)
        XCTAssertTrue(try s.read("habits/walk.md").contains("target: 45\nperiod: day\nunit: min\n"))
        let wrong = try s.carousel(["habit", "add", "--suggest", "wallk"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("Did you mean 'walk'?"), wrong.stderr)
    }

    /// Runs `carousel ARGS` with a terminal as its output (`script` gives it a pseudo-terminal).
    func onTerminal(_ s: Sandbox, _ args: [String]) throws -> RunResult {
        let full = [Sandbox.binary.path] + args + ["--vault", s.vault.path, "--today", s.today]
        let line = full.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try Sandbox.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", line, "/dev/null"], env: s.environment, cwd: s.root)
    }

    func threeHabits() throws -> Sandbox {
        let s = try Sandbox()
        try s.initVault()
        for name in ["water", "walk", "read"] { XCTAssertEqual(try s.carousel(["habit", "add", "--suggest", name]).status, 0) }
        return s
    }

    let words = "Today counts for your streak"

    func testTheCelebrationAppearsOnceOnTheQualifyingDay() throws {
        let s = try threeHabits()
        var r = try onTerminal(s, ["check", "walk", "30"])  // 1 of 3: 33%, not yet
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertFalse(r.stdout.contains(words), r.stdout)
        r = try onTerminal(s, ["check", "read", "10"])  // 2 of 3: the day counts now
        XCTAssertEqual(r.stdout.components(separatedBy: words).count - 1, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("day one of a new streak, +60 XP"), r.stdout)
        r = try onTerminal(s, ["check", "water", "8"])  // still counts: no second word
        XCTAssertFalse(r.stdout.contains(words), r.stdout)
        for habit in ["read", "water"] { XCTAssertEqual(try s.carousel(["uncheck", habit]).status, 0) }
        r = try onTerminal(s, ["check", "read", "10"])  // counts again, but today was celebrated
        XCTAssertFalse(r.stdout.contains(words), r.stdout)

        s.today = "2026-11-24"
        XCTAssertEqual(try s.carousel(["check", "walk", "30"]).status, 0)
        r = try onTerminal(s, ["check", "read", "10"])
        XCTAssertTrue(r.stdout.contains("2 days in a row, +60 XP"), r.stdout)
        try s.assertClean()
    }

    func testTheCelebrationIsAFieldInJSONAndQuietWhenPipedOrUnderReduceMotion() throws {
        let s = try threeHabits()
        XCTAssertEqual(try s.carousel(["check", "walk", "30"]).status, 0)
        let first = try s.carousel(["check", "walk", "--json"])
        XCTAssertTrue(try first.json()["celebration"] is NSNull, "walk again: still 1 of 3")
        let r = try onTerminal(s, ["check", "read", "10", "--json"])
        XCTAssertFalse(r.stdout.contains(words), r.stdout)
        let json = try XCTUnwrap(r.stdout.range(of: "{").map { String(r.stdout[$0.lowerBound...]) })
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let celebration = try XCTUnwrap(parsed["celebration"] as? [String: Any])
        XCTAssertEqual(celebration["streak"] as? Int, 1)
        XCTAssertEqual(celebration["xp"] as? Int, 60)
        XCTAssertEqual(celebration["date"] as? String, "2026-11-23")

        s.today = "2026-11-24"
        XCTAssertEqual(try s.carousel(["check", "walk", "30"]).status, 0)
        let piped = try s.carousel(["check", "read", "10"])
        XCTAssertFalse(piped.stdout.contains(words), piped.stdout)

        s.today = "2026-11-25"
        XCTAssertEqual(try s.carousel(["config", "reduce_motion", "true"]).status, 0)
        XCTAssertEqual(try s.carousel(["check", "walk", "30"]).status, 0)
        let calm = try onTerminal(s, ["check", "read", "10"])
        XCTAssertEqual(calm.status, 0, calm.stdout)
        XCTAssertFalse(calm.stdout.contains(words), calm.stdout)
    }
}
