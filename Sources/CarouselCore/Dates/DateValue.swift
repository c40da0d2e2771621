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
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard text.count >= 10, let day = Day(iso: text.prefix(10)) else { return nil }
        let rest = text.dropFirst(10)
        if rest.isEmpty {
            self.init(day: day)
            return
        }
        guard let sep = rest.first, sep == "T" || sep == " " || sep == "t" else { return nil }
        var time = rest.dropFirst()
        if let zone = time.firstIndex(where: { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }) {
            time = time[..<zone]
        }
        if let dot = time.firstIndex(of: ".") { time = time[..<dot] }
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m) else { return nil }
        var s: Int?
        if parts.count == 3 {
            guard let sec = Int(parts[2]), (0...60).contains(sec) else { return nil }
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
