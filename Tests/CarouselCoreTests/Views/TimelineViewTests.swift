@testable import CarouselCore
import XCTest

final class TimelineViewTests: XCTestCase {
    let today = V.day("2026-11-23")

    func timed(_ slug: String, _ start: String, _ duration: String?) -> Card {
        var c = V.card(slug, start: start)
        c.duration = duration
        return c
    }

    func testDurations() {
        XCTAssertEqual(TimelineView.minutes(duration: "30m"), 30)
        XCTAssertEqual(TimelineView.minutes(duration: "1h30m"), 90)
        XCTAssertEqual(TimelineView.minutes(duration: "2h"), 120)
        XCTAssertEqual(TimelineView.minutes(duration: "90"), 90)
        XCTAssertEqual(TimelineView.minutes(duration: "1.5h"), 90)
        XCTAssertEqual(TimelineView.minutes(duration: "45 min"), 45)
        XCTAssertNil(TimelineView.minutes(duration: "banana"))
        XCTAssertNil(TimelineView.minutes(duration: "h"))
        XCTAssertNil(TimelineView.minutes(duration: "0m"))
        XCTAssertEqual(TimelineView.length(90), "1h30m")
        XCTAssertEqual(TimelineView.clock(545), "09:05")
    }

    func testOrderOverlapsAndGaps() {
        let cards = [
            timed("lunch", "2026-11-23T12:00", "1h"), timed("standup", "2026-11-23T09:00", "15m"),
            timed("deep-work", "2026-11-23T09:10", "1h30m"), timed("call", "2026-11-23T10:40", nil),
            timed("tomorrow", "2026-11-24T09:00", "1h"), V.card("all-day", start: "2026-11-23"),
            timed("walk", "2026-11-23T13:00", "banana"),
        ]
        let view = TimelineView.make(V.snapshot(cards, today: today), date: today)
        XCTAssertEqual(view.items.map(\.card.slug), ["standup", "deep-work", "call", "lunch", "walk"])
        XCTAssertEqual(view.items.map(\.overlaps), [["deep-work"], ["standup"], [], [], []])
        XCTAssertEqual(view.items[2].durationMinutes, TimelineView.defaultDuration)
        XCTAssertEqual(view.gaps, [TimelineView.Gap(start: 11 * 60 + 10, end: 12 * 60)])
        XCTAssertNotNil(view.items[4].durationProblem)
        XCTAssertTrue(view.items[4].durationProblem!.contains("use 30m, 1h or 1h30m"))
    }

    func testWeekdayRoutinesRepeat() {
        var routine = timed("gym", "2026-11-02T07:00", "45m")
        routine.repeatRule = "every week on mon, wed"
        let snapshot = V.snapshot([routine], today: today)
        XCTAssertEqual(TimelineView.make(snapshot, date: today).items.map(\.start), [420])
        XCTAssertEqual(TimelineView.make(snapshot, date: today.adding(days: 1)).items.count, 0)
        XCTAssertEqual(TimelineView.make(snapshot, date: today.adding(days: 2)).items.count, 1)
    }
}
