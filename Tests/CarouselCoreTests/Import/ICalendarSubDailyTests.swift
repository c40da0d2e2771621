import Foundation
import XCTest
@testable import CarouselCore

/// Rules that repeat within a day come in as one day-level series per time of day, and `UNTIL`
/// with a time is read on the series' clock.
final class ICalendarSubDailyTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func calendar(_ event: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\nSUMMARY:Pills\r\n" + event + "END:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    func items(_ event: String) throws -> ImportPlan { try ICalendarImport.parse(calendar(event), timeZone: berlin) }

    func testEverySixHoursIsFourDailySeries() throws {
        let plan = try items("DTSTART;TZID=Europe/Berlin:20260301T080000\r\nRRULE:FREQ=HOURLY;INTERVAL=6\r\nEXDATE;TZID=Europe/Berlin:20260302T140000\r\n")
        XCTAssertEqual(plan.items.map(\.key), ["ics:u", "ics:u#at-1400", "ics:u#at-2000", "ics:u#at-0200+1"])
        XCTAssertEqual(plan.items.map { $0.due?.description }, ["2026-03-01T08:00", "2026-03-01T14:00", "2026-03-01T20:00", "2026-03-02T02:00"])
        XCTAssertTrue(plan.items.allSatisfy { $0.repeatRule.flatMap { try? RecurrenceRule.parse($0) }?.frequency == .daily && $0.zone == "Europe/Berlin" })
        XCTAssertEqual(plan.items.map(\.exceptDates), [[], [Day(iso: "2026-03-02")!], [], []], "the EXDATE goes to the series of its time")
        XCTAssertTrue(plan.notes.contains { $0.contains("repeats within a day; imported as 4 series") }, "\(plan.notes)")
    }

    func testCountIsSharedOutAsEachSeriesLastDay() throws {
        let plan = try items("DTSTART:20260301T220000Z\r\nRRULE:FREQ=HOURLY;COUNT=3\r\n")
        XCTAssertEqual(plan.items.map { $0.due?.description }, ["2026-03-01T22:00", "2026-03-01T23:00", "2026-03-02T00:00"])
        XCTAssertEqual(plan.items.compactMap(\.repeatRule).compactMap { try? RecurrenceRule.parse($0) }.map(\.end),
                       [.until(Day(iso: "2026-03-01")!), .until(Day(iso: "2026-03-01")!), .until(Day(iso: "2026-03-02")!)])
    }

    func testByHourInADailyRuleIsASeriesPerHour() throws {
        let plan = try items("DTSTART:20260301T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9,17;UNTIL=20260311T100000\r\n")
        XCTAssertEqual(plan.items.map { $0.due?.description }, ["2026-03-02T09:00", "2026-03-02T17:00"])
        XCTAssertEqual(plan.items.compactMap(\.repeatRule).compactMap { try? RecurrenceRule.parse($0) }.map(\.end),
                       [.until(Day(iso: "2026-03-11")!), .until(Day(iso: "2026-03-10")!)], "17:00 on the 11th is after UNTIL")
    }

    func testUntilWithATimeIsReadOnTheSeriesClock() throws {
        // 03:00 UTC on 1 March is 04:00 in Berlin: a 05:00 series ends on 28 February.
        let plan = try items("DTSTART;TZID=Europe/Berlin:20260220T050000\r\nRRULE:FREQ=DAILY;UNTIL=20260301T030000Z\r\n")
        XCTAssertEqual(plan.items.compactMap(\.repeatRule).compactMap { try? RecurrenceRule.parse($0) }.first?.end, .until(Day(iso: "2026-02-28")!))
    }

    func testWhatHasNoCardFormIsSaidAndTheEventKept() throws {
        let plan = try items("DTSTART:20260301T080000\r\nRRULE:FREQ=SECONDLY;INTERVAL=30\r\n")
        XCTAssertEqual(plan.items.count, 1, "the event comes in on its first date")
        XCTAssertTrue(plan.notes.contains { $0.contains("every few seconds") }, "\(plan.notes)")
    }
}
