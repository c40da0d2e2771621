@testable import CarouselCore
import XCTest

final class RemindersTests: XCTestCase {
    let monday = Day(iso: "2026-11-23")!

    func at(_ text: String) -> DateValue { DateValue(text: text)! }

    func testParsesEveryForm() {
        XCTAssertEqual(RemindSpec("30m"), .before(minutes: 30))
        XCTAssertEqual(RemindSpec("2h"), .before(minutes: 120))
        XCTAssertEqual(RemindSpec("1d"), .before(minutes: 1440))
        XCTAssertEqual(RemindSpec("PT15M"), .before(minutes: 15))
        XCTAssertEqual(RemindSpec("09:00"), .timeOfDay(minutes: 540))
        XCTAssertEqual(RemindSpec("2026-11-24T09:00"), .at(at("2026-11-24T09:00")))
        for bad in ["soon", "25:00", "9:0", "2026-11-24", "m", "", "P", "PT"] { XCTAssertNil(RemindSpec(bad), bad) }
        XCTAssertEqual(RemindSpec("1d")?.icsDuration, "P1D")
        XCTAssertEqual(ICalendar.duration("90m"), "PT90M")
    }

    func testOffsetOnceThenNothing() {
        var card = Card(slug: "call", path: "cards/call.md", title: "Call")
        card.due = at("2026-11-23T10:00")
        let input = [Reminders.CardInput(card: card, specs: [.before(minutes: 30)])]
        let before = Reminders.due(cards: input, habits: [], checkin: nil, record: .init(), now: at("2026-11-23T09:29"))
        XCTAssertEqual(before.reminders, [])
        let run = Reminders.due(cards: input, habits: [], checkin: nil, record: before.record, now: at("2026-11-23T09:30"))
        XCTAssertEqual(run.reminders.map(\.at), [at("2026-11-23T09:30")])
        XCTAssertEqual(run.reminders.first?.late, false)
        let again = Reminders.due(cards: input, habits: [], checkin: nil, record: run.record, now: at("2026-11-23T09:31"))
        XCTAssertEqual(again.reminders, [])
    }

    func testWeekOldMissedAreSummarised() {
        var card = Card(slug: "old", path: "cards/old.md", title: "Old")
        card.due = at("2026-11-10T10:00")
        let record = Reminders.Record(lastRun: "2026-11-01T00:00")
        let run = Reminders.due(cards: [.init(card: card, specs: [.before(minutes: 30)])], habits: [], checkin: 20 * 60,
                                record: record, now: at("2026-11-23T08:00"))
        XCTAssertEqual(run.summarised, 1 + 15)  // the card and the check-ins before 2026-11-16
        XCTAssertEqual(run.reminders.count, 7)  // the check-ins of the last week, late
        XCTAssertTrue(run.reminders.allSatisfy(\.late))
        let next = Reminders.due(cards: [.init(card: card, specs: [.before(minutes: 30)])], habits: [], checkin: 20 * 60,
                                 record: run.record, now: at("2026-11-23T08:01"))
        XCTAssertEqual(next.reminders, [])
        XCTAssertEqual(next.summarised, 0)
    }

    func testHabitTargetMetSilencesTheDay() {
        var h = Habit(slug: "water", path: "habits/water.md", title: "Water")
        h.target = 2
        h.log[monday] = .amount(1)
        let input = [Reminders.HabitInput(habit: h, times: [480])]
        XCTAssertEqual(Reminders.due(cards: [], habits: input, checkin: nil, record: .init(), now: at("2026-11-23T08:00")).reminders.count, 1)
        h.log[monday] = .amount(2)
        XCTAssertEqual(Reminders.due(cards: [], habits: [.init(habit: h, times: [480])], checkin: nil, record: .init(),
                                     now: at("2026-11-23T08:00")).reminders.count, 0)
    }
}
