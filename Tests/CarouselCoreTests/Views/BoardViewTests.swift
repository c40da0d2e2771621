@testable import CarouselCore
import XCTest

final class BoardViewTests: XCTestCase {
    func columns(_ today: String, weekStart: Int = 1, _ cards: [Card]) -> [String: [String]] {
        let view = BoardView.make(V.snapshot(cards, today: V.day(today), weekStart: weekStart), today: V.day(today))
        var out: [String: [String]] = [:]
        for (c, items) in view.columns { out[c.rawValue] = items.map(\.card.slug) }
        out["later"] = view.later.map(\.card.slug)
        return out
    }

    func testColumnsAroundTheWeekBoundary() {
        // Wednesday 25 Nov 2026; the week (Mon start) ends Sunday 29 Nov; upcoming runs to 13 Dec.
        var done = V.card("done", due: "2026-11-25")
        done.done = DateValue(text: "2026-11-24")
        let cards = [
            V.card("yesterday", due: "2026-11-24"), V.card("today", due: "2026-11-25T15:00"),
            V.card("sunday", due: "2026-11-29"), V.card("monday", due: "2026-11-30"),
            V.card("last-upcoming", due: "2026-12-13"), V.card("later", due: "2026-12-14"),
            V.card("undated"), V.card("event", due: "2026-11-26", kind: .event), done,
        ]
        let c = columns("2026-11-25", cards)
        XCTAssertEqual(c["overdue"], ["yesterday"])
        XCTAssertEqual(c["today"], ["today"])
        XCTAssertEqual(c["this_week"], ["sunday"])
        XCTAssertEqual(c["upcoming"], ["monday", "last-upcoming"])
        XCTAssertEqual(c["someday"], ["undated"])
        XCTAssertEqual(c["later"], ["later"])
        // With Sunday as the first day, Sunday 29 Nov starts the next week.
        let s = columns("2026-11-25", weekStart: 7, cards)
        XCTAssertEqual(s["this_week"], [])
        XCTAssertEqual(s["upcoming"], ["sunday", "monday"])
        XCTAssertEqual(s["later"], ["last-upcoming", "later"])
    }

    func testOnTheLastDayOfTheWeek() {
        let c = columns("2026-11-29", [V.card("tomorrow", due: "2026-11-30"), V.card("sunday", due: "2026-11-29")])
        XCTAssertEqual(c["this_week"], [])
        XCTAssertEqual(c["today"], ["sunday"])
        XCTAssertEqual(c["upcoming"], ["tomorrow"])
    }

    func testMoveDueDates() {
        let wed = V.day("2026-11-25")
        XCTAssertEqual(BoardView.dueDate(for: .today, today: wed, weekStart: 1), .some(wed))
        XCTAssertEqual(BoardView.dueDate(for: .thisWeek, today: wed, weekStart: 1), .some(V.day("2026-11-29")))
        XCTAssertEqual(BoardView.dueDate(for: .thisWeek, today: wed, weekStart: 7), .some(V.day("2026-11-28")))
        XCTAssertEqual(BoardView.dueDate(for: .upcoming, today: wed, weekStart: 1), .some(V.day("2026-12-02")))
        XCTAssertEqual(BoardView.dueDate(for: .someday, today: wed, weekStart: 1), .some(nil))
        XCTAssertTrue(BoardView.dueDate(for: .overdue, today: wed, weekStart: 1) == nil)
        XCTAssertEqual(BoardView.Column(name: "This-Week"), .thisWeek)
        XCTAssertNil(BoardView.Column(name: "tomorrow"))
        // Every date move sets lands in the column it names.
        for offset in 0..<7 {
            let today = wed.adding(days: offset)
            for column in [BoardView.Column.today, .upcoming] {
                let due = BoardView.dueDate(for: column, today: today, weekStart: 1)!
                XCTAssertEqual(BoardView.column(for: due, today: today, weekStart: 1), column)
            }
        }
    }
}
