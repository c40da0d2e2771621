@testable import CarouselCore
import XCTest

final class DayTests: XCTestCase {
    func testArithmeticAndWeekdays() throws {
        let d = try XCTUnwrap(Day(iso: "2026-11-23"))
        XCTAssertEqual(d.weekday, 1)  // a Monday
        XCTAssertEqual(d.adding(days: 8).iso, "2026-12-01")
        XCTAssertEqual(Day(iso: "2024-01-31")?.adding(months: 1).iso, "2024-02-29")
        XCTAssertEqual(Day(dayNumber: 0).iso, "1970-01-01")
        XCTAssertNil(Day(iso: "2026-02-29"))
        XCTAssertNotNil(Day(iso: "2028-02-29"))
        XCTAssertEqual(d.days(until: Day(iso: "2026-11-20")!), -3)
    }

    func testDateInput() throws {
        let today = try XCTUnwrap(Day(iso: "2026-11-23"))  // Monday
        XCTAssertEqual(DateInput.parse("today", today: today)?.day.iso, "2026-11-23")
        XCTAssertEqual(DateInput.parse("tomorrow", today: today)?.day.iso, "2026-11-24")
        XCTAssertEqual(DateInput.parse("friday", today: today)?.day.iso, "2026-11-27")
        XCTAssertEqual(DateInput.parse("Mon", today: today)?.day.iso, "2026-11-30")
        XCTAssertEqual(DateInput.parse("+3d", today: today)?.day.iso, "2026-11-26")
        XCTAssertEqual(DateInput.parse("+2w", today: today)?.day.iso, "2026-12-07")
        XCTAssertEqual(DateInput.parse("2026-12-05T09:30", today: today)?.description, "2026-12-05T09:30")
        XCTAssertNil(DateInput.parse("someday", today: today))
    }
}
