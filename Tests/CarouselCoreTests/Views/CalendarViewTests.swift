@testable import CarouselCore
import XCTest

final class CalendarViewTests: XCTestCase {
    func testMonthGridStartsOnTheRightWeekdayForEveryMonth() {
        for year in [1900, 1999, 2000, 2024, 2025, 2026, 2100] {
            for month in 1...12 {
                for weekStart in 1...7 {
                    let grid = CalendarView.monthGrid(year: year, month: month, weekStart: weekStart)
                    let first = Day(year: year, month: month, day: 1)!
                    let column = grid[0].firstIndex { $0 != nil }!
                    // Column c holds weekday weekStart + c (wrapping).
                    XCTAssertEqual((weekStart - 1 + column) % 7 + 1, first.weekday, "\(year)-\(month) start \(weekStart)")
                    let days = grid.flatMap { $0 }.compactMap { $0 }
                    XCTAssertEqual(days.count, Day.daysIn(month: month, year: year))
                    XCTAssertTrue(grid.allSatisfy { $0.count == 7 })
                }
            }
        }
    }

    func testLeapFebruaries() {
        // February 2024 starts on a Thursday and has 29 days; 2100 is not a leap year.
        let feb2024 = CalendarView.monthGrid(year: 2024, month: 2, weekStart: 1)
        XCTAssertEqual(feb2024[0].map { $0?.day }, [nil, nil, nil, 1, 2, 3, 4])
        XCTAssertEqual(feb2024.last!.compactMap { $0?.day }.last, 29)
        XCTAssertEqual(CalendarView.monthGrid(year: 2100, month: 2, weekStart: 1).flatMap { $0 }.compactMap { $0 }.count, 28)
        XCTAssertEqual(CalendarView.monthGrid(year: 2000, month: 2, weekStart: 7)[0].map { $0?.day }, [nil, nil, 1, 2, 3, 4, 5])
        // February 2026 starts on a Sunday: with Monday first it is in the last column.
        XCTAssertEqual(CalendarView.monthGrid(year: 2026, month: 2, weekStart: 1)[0].map { $0?.day }, [nil, nil, nil, nil, nil, nil, 1])
    }

    func testRangesFollowWeekStart() {
        let wed = V.day("2026-11-25")
        XCTAssertEqual(CalendarView.range(.week, around: wed, weekStart: 1).0, V.day("2026-11-23"))
        XCTAssertEqual(CalendarView.range(.week, around: wed, weekStart: 7).0, V.day("2026-11-22"))
        XCTAssertEqual(CalendarView.range(.week, around: V.day("2026-11-22"), weekStart: 1).1, V.day("2026-11-22"))
        XCTAssertEqual(CalendarView.range(.month, around: V.day("2024-02-10"), weekStart: 1).1, V.day("2024-02-29"))
        XCTAssertEqual(CalendarView.range(.year, around: wed, weekStart: 1).1, V.day("2026-12-31"))
    }

    func testEveryOccurrenceInRangeAndNothingUndated() {
        let today = V.day("2026-11-23")
        var daily = V.card("daily", due: "2026-11-23", repeatRule: "every day")
        daily.completed = [V.day("2026-11-20")]
        let cards = [
            daily,
            V.card("tue-thu", due: "2026-11-24", repeatRule: "every week on tue, thu"),
            V.card("one-off", due: "2026-11-27T09:00"),
            V.card("undated"),
            V.card("next-month", due: "2026-12-01"),
        ]
        let week = CalendarView.make(V.snapshot(cards, today: today), period: .week, date: today)
        XCTAssertEqual(week.days.count, 7)
        func slugs(_ d: String) -> [String] { week.cell(V.day(d))!.entries.map(\.card.slug) }
        XCTAssertEqual(slugs("2026-11-23"), ["daily"])
        XCTAssertEqual(slugs("2026-11-24"), ["daily", "tue-thu"])
        XCTAssertEqual(slugs("2026-11-27"), ["daily", "one-off"])  // untimed first, then by time
        XCTAssertFalse(week.days.flatMap(\.entries).contains { $0.card.slug == "undated" || $0.card.slug == "next-month" })
        XCTAssertTrue(week.days.flatMap(\.entries).filter { $0.card.slug == "daily" }.allSatisfy(\.occurrence))

        let month = CalendarView.make(V.snapshot(cards, today: today), period: .month, date: today)
        // A completed occurrence before the (moved) due date still shows, done.
        let done = month.cell(V.day("2026-11-20"))!.entries.first { $0.card.slug == "daily" }
        XCTAssertEqual(done?.done, true)
        XCTAssertEqual(month.days.flatMap(\.entries).filter { $0.card.slug == "tue-thu" }.map(\.day.iso),
                       ["2026-11-24", "2026-11-26"])
        let year = CalendarView.make(V.snapshot(cards, today: today), period: .year, date: today)
        XCTAssertEqual(year.days.count, 365)
        XCTAssertEqual(year.days.flatMap(\.entries).filter { $0.card.slug == "daily" }.count, 40)  // 23 Nov–31 Dec + 20 Nov
    }
}
