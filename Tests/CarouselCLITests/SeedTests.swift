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
}
