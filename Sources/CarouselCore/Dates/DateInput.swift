/// Dates as people type them on the command line.
public enum DateInput {
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Parses `YYYY-MM-DD` (optionally with `THH:MM`), `today`, `tomorrow`, `yesterday`, a weekday
    /// name or its first three letters (the next one after today), and `+3d`, `+2w`, `+1m`, `+1y`.
    public static func parse(_ raw: String, today: Day) -> DateValue? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if let v = DateValue(text: text) { return v }
        switch text {
        case "today": return DateValue(day: today)
        case "tomorrow": return DateValue(day: today.adding(days: 1))
        case "yesterday": return DateValue(day: today.adding(days: -1))
        default: break
        }
        if let i = weekdays.firstIndex(where: { $0 == text || (text.count >= 3 && $0.hasPrefix(text)) }) {
            var ahead = (i + 1 - today.weekday + 7) % 7
            if ahead == 0 { ahead = 7 }
            return DateValue(day: today.adding(days: ahead))
        }
        if text.hasPrefix("+") || text.hasPrefix("-"), text.count >= 3, let unit = text.last,
           let n = Int(text.dropFirst().dropLast()) {
            let sign = text.hasPrefix("-") ? -1 : 1
            switch unit {
            case "d": return DateValue(day: today.adding(days: sign * n))
            case "w": return DateValue(day: today.adding(days: sign * n * 7))
            case "m": return DateValue(day: today.adding(months: sign * n))
            case "y": return DateValue(day: today.adding(months: sign * n * 12))
            default: return nil
            }
        }
        return nil
    }

    public static let help = "a date: YYYY-MM-DD, today, tomorrow, a weekday (the next one), or +3d / +2w / +1m"
}

import Foundation
