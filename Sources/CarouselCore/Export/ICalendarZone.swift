import Foundation

/// The `VTIMEZONE` the export writes for each zone its TZIDs name: the zone's changes of the
/// clock in one year, read from the system's zone rules, as yearly rules (`BYMONTH`, `BYDAY`),
/// as calendar programs write them. A zone without changes is one `STANDARD` part.
enum ICalendarZone {
    static func vtimezone(_ zone: TimeZone, from year: Int) -> [String] {
        var out = ["BEGIN:VTIMEZONE", "TZID:\(ZonedTime.name(zone))"]
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC") ?? zone
        let startOfYear = cal.date(from: DateComponents(year: year, month: 1, day: 1)) ?? Date(timeIntervalSince1970: 0)
        let endOfYear = cal.date(from: DateComponents(year: year + 1, month: 1, day: 1)) ?? startOfYear
        var changes: [Date] = []
        var cursor = startOfYear
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < endOfYear, changes.count < 4 {
            changes.append(next)
            cursor = next
        }
        if changes.isEmpty {
            let offset = offsetText(zone.secondsFromGMT(for: startOfYear))
            out += ["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD"]
        }
        for change in changes {
            let from = zone.secondsFromGMT(for: change.addingTimeInterval(-1)), to = zone.secondsFromGMT(for: change)
            let part = zone.isDaylightSavingTime(for: change) ? "DAYLIGHT" : "STANDARD"
            // The onset on the clock as it read before the change.
            let onset = ZonedTime.reading(change.addingTimeInterval(Double(from)), in: TimeZone(identifier: "UTC") ?? zone)
            let m = onset.minutes ?? 0
            let d = onset.day
            let nth = d.day + 7 > Day.daysIn(month: d.month, year: d.year) ? -1 : (d.day - 1) / 7 + 1
            let weekday = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][d.weekday - 1]
            out += ["BEGIN:\(part)", "DTSTART:\(d.basicISO)T\(ICalendar.two(m / 60))\(ICalendar.two(m % 60))00",
                    "RRULE:FREQ=YEARLY;BYMONTH=\(d.month);BYDAY=\(nth)\(weekday)",
                    "TZOFFSETFROM:\(offsetText(from))", "TZOFFSETTO:\(offsetText(to))", "END:\(part)"]
        }
        out.append("END:VTIMEZONE")
        return out
    }

    /// Seconds east of UTC → `+0100`, `-0430`.
    static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + ICalendar.two(minutes / 60) + ICalendar.two(minutes % 60)
    }
}
