@testable import CarouselCore
import XCTest

/// RFC 5545 (3.3.10): UNTIL has DTSTART's type. The export wrote `UNTIL=20270301` beside a
/// `DTSTART;TZID=…`, which calendars read differently or refuse.
final class ICalendarUntilTests: XCTestCase {
    let today = Day(iso: "2026-11-23")!

    func series(zone: String?, minutes: Int?) -> String {
        var c = Card(slug: "standup", path: "cards/standup.md", title: "Standup")
        c.id = "01ABC"
        c.repeatRule = "every week on mon until 2027-03-01"
        c.due = DateValue(day: today, minutes: minutes)
        c.timeZone = zone
        c.created = DateValue(day: today)
        return ICalendar.render([.init(card: c, body: "")], today: today)
    }

    func testUntilIsUTCBesideAZonedStart() {
        let ics = series(zone: "Europe/Berlin", minutes: 9 * 60 + 30)
        XCTAssertTrue(ics.contains("DTSTART;TZID=Europe/Berlin:20261123T093000\r\n"), ics)
        // The end of 1 March in Berlin (UTC+1) is 22:59:59 UTC.
        XCTAssertTrue(ics.contains("UNTIL=20270301T225959Z"), ics)
    }

    func testUntilIsLocalBesideAFloatingStartAndADateBesideADate() {
        let floating = series(zone: nil, minutes: 9 * 60 + 30)
        XCTAssertTrue(floating.contains("UNTIL=20270301T235959\r\n") || floating.contains("UNTIL=20270301T235959;"), floating)
        let allDay = series(zone: nil, minutes: nil)
        XCTAssertTrue(allDay.contains("UNTIL=20270301\r\n") || allDay.contains("UNTIL=20270301;"), allDay)
    }
}
