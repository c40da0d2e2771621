@testable import CarouselCore
import Foundation
import XCTest

/// Zoned times (`tz:`): the same reading of a zone's clock is placed on another clock by the
/// rules of its own date, and the calendar import, views, reminders and export agree.
final class ZonedTimeTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let newYork = TimeZone(identifier: "America/New_York")!
    func at(_ text: String) -> DateValue { DateValue(text: text)! }

    func testConvertFollowsTheRulesOfEachDate() {
        // Both in winter time; only New York changed (8 March); both changed (29 March).
        XCTAssertEqual(ZonedTime.convert(at("2026-03-01T19:00"), from: berlin, to: newYork), at("2026-03-01T13:00"))
        XCTAssertEqual(ZonedTime.convert(at("2026-03-15T19:00"), from: berlin, to: newYork), at("2026-03-15T14:00"))
        XCTAssertEqual(ZonedTime.convert(at("2026-03-29T19:00"), from: berlin, to: newYork), at("2026-03-29T13:00"))
        // Across midnight, and a date without a time stays a date.
        XCTAssertEqual(ZonedTime.convert(at("2026-03-28T00:30"), from: berlin, to: newYork), at("2026-03-27T19:30"))
        XCTAssertEqual(ZonedTime.convert(at("2026-03-28"), from: berlin, to: newYork), at("2026-03-28"))
        XCTAssertEqual(ZonedTime.iso(at("2026-03-15T14:00"), in: newYork), "2026-03-15T14:00:00-04:00")
        XCTAssertEqual(ZonedTime.iso(at("2026-03-15T19:00"), in: berlin), "2026-03-15T19:00:00+01:00")
        XCTAssertEqual(ZonedTime.iso(at("2026-03-15T18:00"), in: TimeZone(identifier: "UTC")!), "2026-03-15T18:00:00Z")
    }

    func testZoneNames() {
        XCTAssertEqual(ZonedTime.zone(named: "Europe/Berlin")?.identifier, "Europe/Berlin")
        XCTAssertEqual(ZonedTime.zone(named: "W. Europe Standard Time")?.identifier, "Europe/Berlin")
        XCTAssertEqual(ZonedTime.zone(named: "Eastern Standard Time")?.identifier, "America/New_York")
        XCTAssertEqual(ZonedTime.zone(named: "UTC").map(ZonedTime.name), "UTC")
        XCTAssertEqual(ZonedTime.zone(named: "Z").map(ZonedTime.name), "UTC")
        XCTAssertNil(ZonedTime.zone(named: "Somewhere Else"))
        XCTAssertNil(ZonedTime.zone(named: ""))
        let zones = ICalendarImport.Zones(local: berlin)
        XCTAssertEqual(zones.named("/mozilla.org/20050126_1/America/New_York")?.identifier, "America/New_York")
    }

    func choir() -> Card {
        var card = Card(slug: "choir", path: "cards/choir.md", title: "Choir")
        card.kind = .event
        card.due = at("2026-03-01T19:00")
        card.timeZone = "Europe/Berlin"
        card.repeatRule = "every week on sun"
        return card
    }

    func testPlacementShowsEachOccurrenceOnThisDevicesClock() {
        let entries = Placement.entries([choir()], from: Day(iso: "2026-03-01")!, to: Day(iso: "2026-03-31")!, limit: 0, display: newYork)
            .flatMap(\.entries)
        XCTAssertEqual(entries.map { "\($0.day.iso) \($0.card.due?.timeText ?? "")" },
                       ["2026-03-01 13:00", "2026-03-08 14:00", "2026-03-15 14:00", "2026-03-22 14:00", "2026-03-29 13:00"])
        // In its own zone nothing moves.
        let home = Placement.entries([choir()], from: Day(iso: "2026-03-01")!, to: Day(iso: "2026-03-31")!, limit: 0, display: berlin)
            .flatMap(\.entries)
        XCTAssertEqual(Set(home.compactMap { $0.card.due?.timeText }), ["19:00"])
        // The vault's zone pins a card that has none of its own.
        var floating = choir()
        floating.timeZone = nil
        var settings = Settings()
        settings.timeZone = "Europe/Berlin"
        XCTAssertEqual(ZonedTime.withVaultZone([floating], settings).first?.timeZone, "Europe/Berlin")
    }

    func testLocalizedMovesOneOffReadingsAndOnlyTheTimeOfASeries() {
        var call = Card(slug: "call", path: "cards/call.md", title: "Call")
        call.due = at("2026-03-28T00:30")
        call.start = at("2026-03-28T00:00")
        call.timeZone = "Europe/Berlin"
        let here = ZonedTime.localized(call, display: newYork)
        XCTAssertEqual(here.due, at("2026-03-27T19:30"))
        XCTAssertEqual(here.start, at("2026-03-27T19:00"))
        // A series keeps its days (they are its zone's); its open occurrence's time moves.
        XCTAssertEqual(ZonedTime.localized(choir(), display: newYork).due, at("2026-03-01T13:00"))
        XCTAssertEqual(ZonedTime.localized(choir(), display: berlin).due, at("2026-03-01T19:00"))
        var floating = call
        floating.timeZone = nil
        XCTAssertEqual(ZonedTime.localized(floating, display: newYork), floating)
    }

    func testMultiDayEventsCoverEachDay() {
        var ski = Card(slug: "ski", path: "cards/ski.md", title: "Ski")
        ski.kind = .event
        ski.due = at("2026-02-05")
        ski.duration = "6d"
        XCTAssertEqual(Placement.spanDays(of: ski), 5)
        XCTAssertEqual(Placement.days(of: ski, from: Day(iso: "2026-02-08")!, to: Day(iso: "2026-02-14")!).map(\.iso),
                       ["2026-02-08", "2026-02-09", "2026-02-10"])
        var conf = ski
        conf.due = at("2026-03-10T09:00")
        conf.duration = "56h"
        XCTAssertEqual(Placement.spanDays(of: conf), 2)
        // Ending at midnight ends the day before.
        conf.duration = "15h"
        XCTAssertEqual(Placement.spanDays(of: conf), 0)
        var task = ski
        task.kind = .task
        XCTAssertEqual(Placement.spanDays(of: task), 0)
    }

    func testReminderFiresAtTheSameInstantOnEitherClock() {
        let input = [Reminders.CardInput(card: choir(), specs: [.before(minutes: 60)])]
        // 18:00 in Berlin on 15 March is 13:00 in New York.
        let ny = Reminders.due(cards: input, habits: [], checkin: nil, record: .init(lastRun: "2026-03-15T12:00"), now: at("2026-03-15T13:00"), display: newYork)
        XCTAssertEqual(ny.reminders.map(\.at), [at("2026-03-15T13:00")])
        let de = Reminders.due(cards: input, habits: [], checkin: nil, record: .init(lastRun: "2026-03-15T17:00"), now: at("2026-03-15T18:00"), display: berlin)
        XCTAssertEqual(de.reminders.map(\.at), [at("2026-03-15T18:00")])
        XCTAssertEqual(ny.reminders.map(\.key), de.reminders.map(\.key))
        // `after` counts forward.
        let after = [Reminders.CardInput(card: choir(), specs: [RemindSpec("15m after")!])]
        let run = Reminders.due(cards: after, habits: [], checkin: nil, record: .init(lastRun: "2026-03-15T19:00"), now: at("2026-03-15T19:15"), display: berlin)
        XCTAssertEqual(run.reminders.map(\.at), [at("2026-03-15T19:15")])
    }

    func testRemindListForms() {
        XCTAssertEqual(RemindSpec("10m after"), .after(minutes: 10))
        XCTAssertEqual(RemindSpec("10m after")?.icsDuration, "PT10M")
        XCTAssertNil(RemindSpec("-10m after"))
        XCTAssertEqual(RemindSpec.split("1h, 1d"), ["1h", "1d"])
        XCTAssertEqual(try RemindSpec.parseList(["1h, 1d"]).get(), [.before(minutes: 60), .before(minutes: 1440)])
    }

    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        X-WR-TIMEZONE:America/New_York
        BEGIN:VEVENT
        UID:a
        SUMMARY:Choir
        DTSTART;TZID=Europe/Berlin:20260301T190000
        DTEND;TZID=Europe/Berlin:20260301T203000
        RRULE:FREQ=WEEKLY;BYDAY=SU
        EXDATE:20260315T180000Z
        BEGIN:VALARM
        TRIGGER;RELATED=END:-PT2H
        END:VALARM
        BEGIN:VALARM
        TRIGGER;VALUE=DATE-TIME:20260301T170000Z
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        UID:b
        SUMMARY:Breakfast
        DTSTART:20260302T080000
        END:VEVENT
        END:VCALENDAR

        """

    func testImportKeepsZonesWhateverTheMachineZone() throws {
        let a = try ICalendarImport.parse(Self.calendar, timeZone: newYork)
        let b = try ICalendarImport.parse(Self.calendar, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        XCTAssertEqual(a.items, b.items)
        let choir = try XCTUnwrap(a.items.first)
        XCTAssertEqual(choir.due, at("2026-03-01T19:00"))
        XCTAssertEqual(choir.zone, "Europe/Berlin")
        // EXDATE in UTC is 19:00 in Berlin on the 15th; the alarm 2h before a 90-minute event's end
        // is 30m before its start; the absolute one is 18:00 on Berlin's clock.
        XCTAssertEqual(choir.exceptDates, [Day(iso: "2026-03-15")!])
        XCTAssertEqual(choir.extras.first { $0.0 == "remind" }?.1, "30m, 2026-03-01T18:00")
        // A floating time takes the calendar's X-WR-TIMEZONE.
        XCTAssertEqual(a.items.last?.zone, "America/New_York")
        XCTAssertEqual(a.items.last?.due, at("2026-03-02T08:00"))
    }

    func testRDatesAtAnotherTimeAndAStartOffTheRule() throws {
        let text = """
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:s
            SUMMARY:Lessons
            DTSTART:20260106T083000
            RRULE:FREQ=WEEKLY;BYDAY=MO
            RDATE:20260110T090000
            RDATE:20260117T083000
            END:VEVENT
            END:VCALENDAR

            """
        let plan = try ICalendarImport.parse(text, timeZone: berlin)
        XCTAssertEqual(plan.items.map(\.key), ["ics:s", "ics:s@rdate-2026-01-10"])
        // 6 January is a Tuesday: still an occurrence (RFC 5545), and so is the RDATE at the series' time.
        XCTAssertEqual(plan.items.first?.alsoDates.map(\.iso), ["2026-01-06", "2026-01-17"])
        XCTAssertEqual(plan.items.last?.due, at("2026-01-10T09:00"))
        XCTAssertNil(plan.items.last?.repeatRule)
    }

    func testExportWritesTZIDWithItsVTimezoneOrUTC() {
        var utc = choir()
        utc.path = "cards/z.md"
        utc.repeatRule = nil
        utc.timeZone = "UTC"
        utc.exceptDates = []
        var zoned = choir()
        zoned.exceptDates = [Day(iso: "2026-03-15")!]
        let text = ICalendar.render([ICalendar.Item(card: zoned, body: ""), ICalendar.Item(card: utc, body: "")], today: Day(iso: "2026-03-01")!)
        for line in ["BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin", "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                     "DTSTART;TZID=Europe/Berlin:20260301T190000", "EXDATE;TZID=Europe/Berlin:20260315T190000", "DTSTART:20260301T190000Z"] {
            XCTAssertTrue(text.contains(line), "missing \(line) in\n\(text)")
        }
        XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, "one VTIMEZONE per zone, none for UTC")
    }
}
