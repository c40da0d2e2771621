/// One `remind:` value: an offset before the card's due date or start, a time of day, or a
/// date-time. The same parser serves `carousel remind`, the iCalendar export and quick capture.
public enum RemindSpec: Hashable, Sendable {
    /// Minutes before the occurrence's due or start time (`30m`, `2h`, `1d`, `1w`, `PT15M`).
    case before(minutes: Int)
    /// Minutes after the occurrence's due or start time (`15m after`): a calendar's alarm set
    /// from the end of an event, or after its start.
    case after(minutes: Int)
    /// A time of day on the occurrence's day (`09:00`).
    case timeOfDay(minutes: Int)
    /// One fixed date-time (`2026-11-24T09:00`).
    case at(DateValue)

    /// What a date without a time counts as when an offset is measured from it: 09:00.
    public static let dateOnlyAnchor = 9 * 60

    /// The accepted forms, for error messages.
    public static let forms = "an offset like 30m, 2h, 1d or 1w (or 15m after), a time of day like 09:00, a date-time like 2026-11-24T09:00, or a list of these like [1h, 1d]"

    /// Parses one value; nil when it is none of the accepted forms.
    public init?(_ raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasSuffix(" after"), let minutes = RemindSpec.offset(String(text.dropLast(6))), !text.hasPrefix("-") {
            self = .after(minutes: minutes)
        } else if let minutes = RemindSpec.timeOfDay(text) {
            self = .timeOfDay(minutes: minutes)
        } else if text.count > 10, let value = DateValue(text: text), value.minutes != nil {
            self = .at(value)
        } else if let minutes = RemindSpec.offset(text) {
            self = .before(minutes: minutes)
        } else {
            return nil
        }
    }

    /// The values of one written scalar: `1h, 1d` (comma-separated, as older imports wrote it)
    /// is the same as the list `[1h, 1d]`.
    public static func split(_ scalar: String) -> [String] {
        scalar.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// One written value in words, as `show` and the card page say it: "1h before", "10m after",
    /// "at 09:00 that day", "at 24 Nov 09:00"; nil when it is not a reminder.
    public static func words(_ value: String) -> String? {
        let s = value.trimmingCharacters(in: .whitespaces)
        switch RemindSpec(s) {
        case .before?: return s + " before"
        case .after?: return s
        case let .timeOfDay(m)?: return "at " + DateValue.two(m / 60) + ":" + DateValue.two(m % 60) + " that day"
        case let .at(v)?: return "at " + Words.shortDate(v.day) + (v.timeText.map { " " + $0 } ?? "")
        case nil: return nil
        }
    }

    /// Said after a value that is not a reminder.
    public static let neverFires = "(never fires: not \(forms))"

    /// Parses a scalar or a list of scalars; the message says what was wrong.
    public static func parseList(_ values: [String]) -> Result<[RemindSpec], RemindError> {
        var out: [RemindSpec] = []
        for value in values.flatMap(split) {
            guard let spec = RemindSpec(value) else {
                return .failure(RemindError(message: "remind: \"\(value)\" is not a reminder; write \(forms)"))
            }
            out.append(spec)
        }
        return .success(out)
    }

    /// `HH:MM` (or `H:MM`) → minutes after midnight.
    public static func timeOfDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let h = Int(parts[0]), let m = Int(parts[1]), h <= 23, m <= 59 else { return nil }
        return h * 60 + m
    }

    /// `30m`, `2h`, `1d`, `1w` (a space before the unit is fine) or an RFC 5545 duration
    /// (`PT15M`, `P1DT2H`, `-PT15M`) → minutes.
    public static func offset(_ text: String) -> Int? {
        var t = text.uppercased().replacingOccurrences(of: " ", with: "")
        if t.hasPrefix("-") { t.removeFirst() }
        guard !t.isEmpty else { return nil }
        if t.hasPrefix("P") { return rfcDuration(String(t.dropFirst())) }
        guard let unit = t.last, let n = Int(t.dropLast()), n >= 0, n <= 1_000_000 else { return nil }
        switch unit {
        case "M": return n
        case "H": return n * 60
        case "D": return n * 1440
        case "W": return n * 10080
        default: return nil
        }
    }

    static func rfcDuration(_ t: String) -> Int? {
        var total = 0, number = "", inTime = false, sawUnit = false
        for ch in t {
            if ch.isASCII && ch.isNumber { number.append(ch); continue }
            if ch == "T" { guard number.isEmpty, !inTime else { return nil }; inTime = true; continue }
            guard let n = Int(number), n <= 1_000_000 else { return nil }
            number = ""
            switch (ch, inTime) {
            case ("W", false): total += n * 10080
            case ("D", false): total += n * 1440
            case ("H", true): total += n * 60
            case ("M", true): total += n
            case ("S", true): total += n / 60
            default: return nil
            }
            sawUnit = true
        }
        return sawUnit && number.isEmpty ? total : nil
    }

    /// The part of a record key that names this reminder: `30m`, `09:00`, `2026-11-24T09:00`.
    public var key: String {
        switch self {
        case .before(let m): return "\(m)m"
        case .after(let m): return "+\(m)m"
        case .timeOfDay(let m): return DateValue(day: Day(dayNumber: 0), minutes: m).timeText ?? ""
        case .at(let v): return DateValue(day: v.day, minutes: v.minutes).description
        }
    }

    /// The RFC 5545 duration of an offset (`PT30M`, `PT2H`, `P1D`, `P1W`); nil for the others.
    public var icsDuration: String? {
        let m: Int
        switch self {
        case .before(let b): m = b
        case .after(let a): m = a
        default: return nil
        }
        if m > 0, m % 10080 == 0 { return "P\(m / 10080)W" }
        if m > 0, m % 1440 == 0 { return "P\(m / 1440)D" }
        if m > 0, m % 60 == 0 { return "PT\(m / 60)H" }
        return "PT\(m)M"
    }
}

/// A `remind:` value that could not be read.
public struct RemindError: Error, Equatable, Sendable {
    public let message: String
}
