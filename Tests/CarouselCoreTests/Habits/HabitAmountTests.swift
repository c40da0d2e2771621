@testable import CarouselCore
import XCTest

final class HabitAmountTests: XCTestCase {
    func testAmountsAndUnits() throws {
        var walk = Habit(slug: "walk", path: "habits/walk.md", title: "Walk")
        walk.unit = .min
        walk.target = 30
        XCTAssertEqual(try HabitAmount.parse("25", for: walk), 25)
        XCTAssertEqual(try HabitAmount.parse("25min", for: walk), 25)
        XCTAssertEqual(try HabitAmount.parse("2.5 minutes", for: walk), 2.5)
        XCTAssertThrowsError(try HabitAmount.parse("-5", for: walk))
        XCTAssertThrowsError(try HabitAmount.parse("0", for: walk))
        XCTAssertThrowsError(try HabitAmount.parse("5km", for: walk))
        XCTAssertThrowsError(try HabitAmount.parse("5 parsecs", for: walk))
        XCTAssertThrowsError(try HabitAmount.parse("lots", for: walk))
        XCTAssertEqual(HabitAmount.progressText(25, walk), "25/30 min")
        XCTAssertEqual(HabitAmount.grouped(10000), "10,000")
        XCTAssertEqual(HabitAmount.grouped(1234567), "1,234,567")
        XCTAssertEqual(HabitAmount.grouped(999), "999")
    }
}
