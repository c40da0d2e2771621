/// A calendar date with no time and no time zone: the unit every view counts in.
///
/// Arithmetic goes through a day number (days since 1970-01-01, proleptic Gregorian),
/// so adding days or comparing dates never touches a clock or a time zone.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let year: Int
    /// Month of the year, 1–12.
    public let month: Int
    /// Day of the month, 1–31.
    public let day: Int

    /// Makes a date, or nil when the parts do not name a real date (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Makes a date from a day number (days since 1970-01-01).
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses `YYYY-MM-DD` exactly; nil for anything else.
    public init?(iso text: some StringProtocol) {
        self.init(isoBytes: Array(text.utf8)[...])
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes.
    init?(isoBytes slice: ArraySlice<UInt8>) {
        let bytes = Array(slice)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let b = bytes[i]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday
        return (w < 0 ? w + 7 : w) + 1
    }

    public func adding(days: Int) -> Day { Day(dayNumber: dayNumber + days) }

    /// Adds months, clamping the day to the end of the target month (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> Day {
        let total = year * 12 + (month - 1) + months
        let y = total / 12, m = total % 12 + 1
        return Day(year: y, month: m, day: min(day, Day.daysIn(month: m, year: y)))!
    }

    /// Whole days from self to other (positive when other is later).
    public func days(until other: Day) -> Int { other.dayNumber - dayNumber }

    /// `YYYY-MM-DD`.
    public var iso: String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var description: String { iso }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let d = Day(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = d
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(iso)
    }
}
