import Foundation
import XCTest

/// A habit counts in any plain word: "Read 10 pages a day" can be made and logged.
final class HabitUnitsTests: XCTestCase {
    func testReadTenPagesADayCanBeMadeAndLogged() throws {
        let s = try Sandbox()
        try s.initVault()
        let made = try s.carousel(["habit", "add", "Swim", "--target", "20", "--unit", "laps"])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("20 laps a day"), made.stdout)
        XCTAssertTrue(try s.read("habits/swim.md").contains("\nunit: laps\n"))
        let suggested = try s.carousel(["habit", "add", "--suggest", "read", "--json"])
        XCTAssertEqual(suggested.status, 0, suggested.stderr)
        XCTAssertEqual(try suggested.json()["unit"] as? String, "pages")
        XCTAssertTrue(try s.read("habits/read.md").contains("\nunit: pages\n"))

        XCTAssertEqual(try s.carousel(["check", "read", "4", "pages"]).status, 0)
        XCTAssertEqual(try s.carousel(["check", "read", "1", "page"]).status, 0)
        let habits = try s.carousel(["habits", "--json"]).json()
        let read = try XCTUnwrap((habits["habits"] as? [[String: Any]])?.first { $0["slug"] as? String == "read" })
        XCTAssertEqual(read["progress"] as? Int, 5)
        XCTAssertEqual(read["unit"] as? String, "pages")

        let wrong = try s.carousel(["check", "read", "2", "km"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("Read is counted in pages, not km"), wrong.stderr)
        let notAWord = try s.carousel(["habit", "add", "Run", "--unit", "k m/h"])
        XCTAssertEqual(notAWord.status, 1)
        XCTAssertTrue(notAWord.stderr.contains("one plain word"), notAWord.stderr)
        try s.assertClean()
    }
}
