/// A `due`, `start` or `done` value: a date, optionally with a time of day (no time zone).
public struct DateValue: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let day: Day
    /// Minutes after midnight, when a time was given.
    public let minutes: Int?
    /// Seconds within the minute, kept so a written value reads back the same.
    public let seconds: Int?

    public init(day: Day, minutes: Int? = nil, seconds: Int? = nil) {
        self.day = day
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` or `YYYY-MM-DD HH:MM[:SS]`. A trailing `Z` or
    /// offset is accepted and ignored: Carousel plans in local days.
    public init?(text raw: String) {
        // Byte-level: this runs for every date of every card on a cold index.
        var bytes = Array(raw.utf8)
        while let last = bytes.last, last == 32 || last == 9 { bytes.removeLast() }
        var start = 0
        while start < bytes.count, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
        if start > 0 { bytes.removeFirst(start) }
        guard bytes.count >= 10, let day = Day(isoBytes: bytes[0..<10]) else { return nil }
        if bytes.count == 10 {
            self.init(day: day)
            return
        }
        let sep = bytes[10]
        guard sep == UInt8(ascii: "T") || sep == UInt8(ascii: "t") || sep == 32 else { return nil }
        var time = bytes[11...]
        if let zone = time.firstIndex(where: { $0 == UInt8(ascii: "Z") || $0 == UInt8(ascii: "z") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            time = time[..<zone]
        }
        if let dot = time.firstIndex(of: UInt8(ascii: ".")) { time = time[..<dot] }
        func two(_ i: Int) -> Int? {
            let a = time[time.startIndex + i], b = time[time.startIndex + i + 1]
            guard (48...57).contains(a), (48...57).contains(b) else { return nil }
            return Int(a - 48) * 10 + Int(b - 48)
        }
        guard time.count == 5 || time.count == 8, time[time.startIndex + 2] == UInt8(ascii: ":"),
              let h = two(0), let m = two(3), h <= 23, m <= 59 else { return nil }
        var s: Int?
        if time.count == 8 {
            guard time[time.startIndex + 5] == UInt8(ascii: ":"), let sec = two(6), sec <= 60 else { return nil }
            s = sec
        }
        self.init(day: day, minutes: h * 60 + m, seconds: s)
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`.
    public var description: String {
        guard let minutes else { return day.iso }
        var out = day.iso + "T" + DateValue.two(minutes / 60) + ":" + DateValue.two(minutes % 60)
        if let seconds { out += ":" + DateValue.two(seconds) }
        return out
    }

    /// `HH:MM`, when a time was given.
    public var timeText: String? { minutes.map { DateValue.two($0 / 60) + ":" + DateValue.two($0 % 60) } }

    public static func < (lhs: DateValue, rhs: DateValue) -> Bool {
        if lhs.day != rhs.day { return lhs.day < rhs.day }
        return (lhs.minutes ?? -1, lhs.seconds ?? 0) < (rhs.minutes ?? -1, rhs.seconds ?? 0)
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
