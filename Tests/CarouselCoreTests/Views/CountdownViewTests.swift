@testable import CarouselCore
import XCTest

final class CountdownViewTests: XCTestCase {
    func testDaysUntilAcrossMonthAndYearBoundaries() {
        let cards = [
            V.card("new-year", due: "2027-01-01", kind: .event), V.card("leap", due: "2028-02-29", kind: .event),
            V.card("december", due: "2026-12-01", kind: .event), V.card("today", due: "2026-11-23", kind: .event),
            V.card("past", due: "2026-11-22", kind: .event), V.card("task", due: "2026-11-24"),
        ]
        let today = V.day("2026-11-23")
        let view = CountdownView.make(V.snapshot(cards, today: today), today: today)
        XCTAssertEqual(view.events.map(\.card.slug), ["today", "december", "new-year", "leap"])
        XCTAssertEqual(view.events.map(\.daysUntil), [0, 8, 39, 463])
        XCTAssertEqual(view.hiddenPast, 1)
        let past = CountdownView.make(V.snapshot(cards, today: today), today: today, past: true)
        XCTAssertEqual(past.events.first?.card.slug, "past")
        XCTAssertEqual(past.events.first?.daysUntil, -1)
        // From the last day of a year into the next.
        let nye = V.day("2026-12-31")
        XCTAssertEqual(CountdownView.make(V.snapshot(cards, today: nye), today: nye).events.first?.daysUntil, 1)
    }

    func testYearlyEventUsesItsNextOccurrence() {
        let birthday = V.card("birthday", due: nil, start: "2020-03-03", repeatRule: "every year on mar 3", kind: .event)
        let today = V.day("2026-11-23")
        let view = CountdownView.make(V.snapshot([birthday], today: today), today: today)
        XCTAssertEqual(view.events.first?.date, V.day("2027-03-03"))
        XCTAssertEqual(view.events.first?.daysUntil, 100)
    }
}
