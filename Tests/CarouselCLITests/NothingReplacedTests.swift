import XCTest

/// Nothing a person logged is replaced without a word: a command that would overwrite a logged
/// value keeps it and says how to replace it on purpose (`--force`).
final class NothingReplacedTests: XCTestCase {
    func walk(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        XCTAssertEqual(try s.carousel(["habit", "add", "Walk", "--target", "30", "--unit", "min", "--today", "2026-11-20"]).status, 0)
        return s
    }

    func testSkipOnADayWithProgressKeepsTheAmountAndAsks() throws {
        let s = try walk()
        XCTAssertEqual(try s.carousel(["check", "walk", "30min"]).status, 0)
        let before = try s.log()
        var r = try s.carousel(["skip", "walk"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("Walk already has 30 min logged today; a skip would replace it, so it was kept. Skip it all the same? Add --force"), r.stderr)
        XCTAssertEqual(try s.log(), before)
        XCTAssertTrue(try s.read("habits/walk.md").contains("  2026-11-23: 30\n"))
        let export = try s.carousel(["habits", "--json"]).json()
        let habit = try XCTUnwrap((export["habits"] as? [[String: Any]])?.first)
        XCTAssertEqual(habit["progress"] as? Int, 30)

        r = try s.carousel(["skip", "walk", "--force", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "skip: Walk (was 30 min)")
        XCTAssertTrue(try s.read("habits/walk.md").contains("  2026-11-23: skip\n"))
        try s.assertClean()
    }

    func testSkipOverAnotherNoteKeepsTheFirstNote() throws {
        let s = try walk()
        XCTAssertEqual(try s.carousel(["skip", "walk", "--note", "sick"]).status, 0)
        let r = try s.carousel(["skip", "walk", "--note", "rain"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("already skipped today with a note (skip — sick)"), r.stderr)
        XCTAssertTrue(try s.read("habits/walk.md").contains("  2026-11-23: skip — sick\n"))
        // The same skip again is no replacement.
        XCTAssertEqual(try s.carousel(["skip", "walk", "--note", "sick"]).status, 0)
    }

    func testCheckOnASkippedDayKeepsTheSkipAndAsks() throws {
        let s = try walk()
        XCTAssertEqual(try s.carousel(["skip", "walk", "--note", "sick", "--date", "2026-11-22", "--today", "2026-11-22"]).status, 0)
        let before = try s.log()
        var r = try s.carousel(["check", "walk", "20min", "--date", "yesterday"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("Walk is marked skipped on 2026-11-22 (skip — sick); logging would replace the skip"), r.stderr)
        XCTAssertTrue(r.stderr.contains("--force"), r.stderr)
        XCTAssertEqual(try s.log(), before)
        XCTAssertTrue(try s.read("habits/walk.md").contains("  2026-11-22: skip — sick\n"))

        r = try s.carousel(["check", "walk", "20min", "--date", "yesterday", "--force"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try s.read("habits/walk.md").contains("  2026-11-22: 20\n"))
        try s.assertClean()
    }

    /// `set` and `move` replace what the person asked them to, and say what was there.
    func testSetAndMoveSayWhatTheyReplaced() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Pay rent", "--due", "2026-11-30", "--spoons", "1"]).status, 0)
        let set = try s.carousel(["set", "pay-rent", "due=2026-11-27", "spoons=2", "title=Pay the rent"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertTrue(set.stdout.contains("due = 2026-11-27 (was Mon 30 Nov)"), set.stdout)
        XCTAssertTrue(set.stdout.contains("spoons = 2 (was 1)"), set.stdout)
        XCTAssertTrue(set.stdout.contains("title = Pay the rent (was Pay rent)"), set.stdout)
        let cleared = try s.carousel(["set", "pay-rent", "due="])
        XCTAssertTrue(cleared.stdout.contains("cleared due (was Fri 27 Nov)"), cleared.stdout)
        XCTAssertEqual(try s.carousel(["set", "pay-rent", "due=2026-11-27"]).status, 0)
        let moved = try s.carousel(["move", "pay-rent", "someday"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertTrue(moved.stdout.contains("(no due date; it was due Fri 27 Nov)"), moved.stdout)
        // A value set to what it already was says nothing more.
        XCTAssertFalse(try s.carousel(["set", "pay-rent", "spoons=2"]).stdout.contains("was"))
    }
}
