@testable import CarouselCore
import XCTest

final class ICalendarTests: XCTestCase {
    let today = Day(iso: "2026-11-23")!

    func card(_ title: String, id: String = "01ABC") -> Card {
        var c = Card(slug: "x", path: "cards/x.md", title: title)
        c.id = id
        return c
    }

    func testTodoHasDueStatusPriorityCategoriesAndEscapedText() {
        var c = card("Call Mum, then; dad")
        c.due = DateValue(day: Day(iso: "2026-11-24")!)
        c.importance = 4
        c.category = "personal"
        c.tags = ["family"]
        c.done = DateValue(day: today, minutes: 9 * 60 + 5, seconds: 0)
        let utc = TimeZone(identifier: "UTC")!
        let ics = ICalendar.render([.init(card: c, body: "Ask about\nSunday\\", remind: "30m")], today: today, clock: utc)
        XCTAssertTrue(ics.contains("BEGIN:VTODO\r\nUID:01ABC@carousel\r\n"))
        XCTAssertTrue(ics.contains("SUMMARY:Call Mum\\, then\\; dad\r\n"))
        XCTAssertTrue(ics.contains("DUE;VALUE=DATE:20261124\r\n"))
        XCTAssertTrue(ics.contains("STATUS:COMPLETED\r\nCOMPLETED:20261123T090500Z\r\n"))
        XCTAssertTrue(ics.contains("PRIORITY:3\r\n"))
        XCTAssertTrue(ics.contains("CATEGORIES:personal,family\r\n"))
        XCTAssertTrue(ics.contains("DESCRIPTION:Ask about\\nSunday\\\\\r\n"))
        XCTAssertTrue(ics.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Call Mum\\, then\\; dad\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM"))
        XCTAssertTrue(ics.hasSuffix("END:VCALENDAR\r\n"))
        // The stamps are readings of the device's clock; the file says when that was in UTC.
        let berlin = ICalendar.render([.init(card: c, body: "")], today: today, clock: TimeZone(identifier: "Europe/Berlin")!)
        XCTAssertTrue(berlin.contains("COMPLETED:20261123T080500Z\r\n"), berlin)
        var summer = c
        summer.done = DateValue(day: Day(iso: "2026-07-01")!, minutes: 0, seconds: 30)
        summer.created = DateValue(day: Day(iso: "2026-06-30")!, minutes: 23 * 60 + 59)
        let ny = ICalendar.render([.init(card: summer, body: "")], today: today, clock: TimeZone(identifier: "America/New_York")!)
        XCTAssertTrue(ny.contains("COMPLETED:20260701T040030Z\r\n"), ny)
        XCTAssertTrue(ny.contains("DTSTAMP:20260701T035900Z\r\n"), ny)
    }

    func testRepeatingCardCarriesRRuleAndExdate() {
        var c = card("Stretch")
        c.repeatRule = "every 2 weeks on tue, thu until 2026-12-30"
        c.created = DateValue(day: Day(iso: "2026-11-01")!)
        c.skipped = [Day(iso: "2026-11-12")!]
        let ics = ICalendar.render([.init(card: c, body: "")], today: today)
        // DTSTART is the first real occurrence, never the creation day (Sunday 1 Nov). The
        // fortnights count from the week the series starts in (Mon 26 Oct, as RFC 5545 with
        // WKST=MO), whose Tuesday and Thursday are before the start, so the first is Tue 10 Nov.
        XCTAssertTrue(ics.contains("DTSTART;VALUE=DATE:20261110\r\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261230\r\nEXDATE;VALUE=DATE:20261112\r\n"), ics)
    }

    func testEventsAreAllDayOrAtTheirTimeAndUndatedCardsAreLeftOut() {
        var e = card("Concert", id: "E1")
        e.kind = .event
        e.due = DateValue(day: Day(iso: "2026-12-05")!, minutes: 19 * 60)
        var fair = card("Fair", id: "F1")
        fair.kind = .event
        fair.due = DateValue(day: Day(iso: "2026-12-06")!)
        let ics = ICalendar.render([.init(card: e, body: ""), .init(card: fair, body: ""), .init(card: card("Someday", id: "S1"), body: "")],
                                   today: today)
        XCTAssertTrue(ics.contains("BEGIN:VEVENT\r\nUID:E1@carousel"))
        XCTAssertTrue(ics.contains("SUMMARY:Concert\r\nDTSTART:20261205T190000\r\nPRIORITY"), ics)
        XCTAssertTrue(ics.contains("DTSTART;VALUE=DATE:20261206\r\nDTEND;VALUE=DATE:20261207\r\n"), ics)
        XCTAssertFalse(ics.contains("S1@carousel"))
    }

    func testLongLinesFoldAt75OctetsWithoutSplittingCharacters() {
        let line = "DESCRIPTION:" + String(repeating: "é", count: 100)
        let folded = ICalendar.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        XCTAssertGreaterThan(physical.count, 2)
        XCTAssertTrue(physical.allSatisfy { $0.utf8.count <= 75 })
        XCTAssertTrue(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        XCTAssertEqual(physical.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined(), line)
    }

    func testReminderDurations() {
        XCTAssertEqual(ICalendar.duration("2h"), "PT2H")
        XCTAssertEqual(ICalendar.duration("1d"), "P1D")
        XCTAssertEqual(ICalendar.duration("PT15M"), "PT15M")
        XCTAssertNil(ICalendar.duration("soon"))
    }

    func testCSVQuotesPerRFC4180() {
        XCTAssertEqual(CSV.render(header: ["a", "b"], rows: [["x,y", "say \"hi\""]]), "a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n")
    }
}

final class ICalendarRRuleTests: XCTestCase {
    /// The RRULE written to the calendar expands to the same dates as the rule in the card.
    func testExportedRRulesExpandLikeTheirRules() throws {
        let anchor = Day(iso: "2026-11-01")!
        for text in ["every day", "every weekday", "every 2 weeks on tue, thu", "every month on the 31st",
                     "every month on the last friday", "every year on mar 3", "every week on mon until 2027-02-01",
                     "every 3 days for 10 times"] {
            let rule = try RecurrenceRule.parse(text)
            let back = try RecurrenceRule.parse(rule.rrule)
            XCTAssertEqual(back.occurrences(anchor: anchor, from: anchor, limit: 14),
                           rule.occurrences(anchor: anchor, from: anchor, limit: 14), text)
        }
    }
}
