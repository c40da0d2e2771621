import XCTest
@testable import CarouselCore

final class HabitSuggestionsTests: XCTestCase {
    func testEverySuggestionParsesAsAHabitWithItsUnitAndSchedule() throws {
        XCTAssertGreaterThanOrEqual(HabitSuggestions.all.count, 6)
        XCTAssertEqual(HabitSuggestions.all.count, HabitSuggestions.data.split(separator: "\n").count, "every data line reads")
        for s in HabitSuggestions.all {
            XCTAssertNoThrow(try HabitAmount.unit(named: s.unit), s.name)
            XCTAssertNotNil(HabitPeriod(rawValue: s.period), s.name)
            XCTAssertNoThrow(try RecurrenceRule.parse(s.repeatRule), s.name)
            XCTAssertGreaterThan(s.target, 0)
        }
        XCTAssertEqual(Set(HabitSuggestions.all.map(\.name)).count, HabitSuggestions.all.count, "names are unique")
    }

    func testFindTakesANameATitleOrAStart() throws {
        XCTAssertEqual(try HabitSuggestions.find("water").title, "Drink water")
        XCTAssertEqual(try HabitSuggestions.find("Drink water").name, "water")
        XCTAssertEqual(try HabitSuggestions.find("medit").name, "meditate")
        XCTAssertThrowsError(try HabitSuggestions.find("s"))  // stretch, sleep, steps
    }
}
