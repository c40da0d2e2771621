import Foundation

extension ICalendar {
    /// The RRULE of a series whose DTSTART is `time` (minutes, nil for a whole day) in `zone`
    /// (nil for floating time). RFC 5545 (3.3.10) wants UNTIL of DTSTART's type: a date beside a
    /// date, a local time beside a floating one, and UTC beside a zoned one (`DTSTART;TZID=…`).
    /// The last day is included, so UNTIL is the end of that day where the series is.
    static func rrule(_ rule: RecurrenceRule, time: Int?, zone: TimeZone?) -> String {
        guard case let .until(day) = rule.end, time != nil else { return rule.rrule }
        let endOfDay = DateValue(day: day, minutes: 23 * 60 + 59, seconds: 59)
        let until = zone.map { utc(endOfDay, from: $0) } ?? "\(day.basicISO)T235959"
        return rule.rrule.replacingOccurrences(of: "UNTIL=\(day.basicISO)", with: "UNTIL=\(until)")
    }
}
