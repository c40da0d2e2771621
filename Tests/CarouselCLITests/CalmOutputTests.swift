import XCTest

/// Calm output: no claims that are not true, no numbers nobody asked for, each thing said once.
final class CalmOutputTests: XCTestCase {
    func testHomeMakesNoClaimAboutHabitsWhenThereAreNone() throws {
        let s = try Sandbox()
        try s.initVault()
        let home = try s.carousel([])
        XCTAssertEqual(home.status, 0, home.stderr)
        XCTAssertFalse(home.stdout.contains("all done"), home.stdout)
        XCTAssertTrue(home.stdout.contains("Habits     no habits yet"), home.stdout)
        // A habit that is not on today's schedule is not "done" either.
        XCTAssertEqual(try s.carousel(["habit", "add", "Long run", "--repeat", "every sunday"]).status, 0)
        let monday = try s.carousel([]).stdout
        XCTAssertFalse(monday.contains("all done"), monday)
        XCTAssertTrue(monday.contains("Habits     none due today"), monday)
    }

    func testHomeAndSuggestShowNoScoresUnlessAsked() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let cards = try XCTUnwrap(try s.carousel(["suggest", "--json"]).json()["cards"] as? [[String: Any]])
        let top = try XCTUnwrap(cards.first?["score"] as? Double)
        let shown = String(format: "%.2f", top)
        for args in [["suggest"], []] {
            let out = try s.carousel(args).stdout
            XCTAssertFalse(out.contains(shown), "\(args): \(out)")
            XCTAssertFalse(out.contains("score ="), "\(args): \(out)")
            XCTAssertFalse(out.contains("urgency"), "\(args): \(out)")
            XCTAssertFalse(out.contains("variety"), "\(args): \(out)")
        }
        for args in [["suggest", "--explain"], ["suggest", "--why"], ["--why"]] {
            let out = try s.carousel(args).stdout
            XCTAssertTrue(out.contains(shown), "\(args): \(out)")
            XCTAssertTrue(out.contains("score = 2 × importance + 1.5 × urgency + variety"), "\(args): \(out)")
        }
        // --json keeps every field as it was.
        for key in ["score", "urgency", "variety", "importance"] { XCTAssertNotNil(cards.first?[key], key) }
    }
}
