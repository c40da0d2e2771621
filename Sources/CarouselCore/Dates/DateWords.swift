/// The one reader of dates and times as people say them. Quick capture, `--due`, `set due=`,
/// `list --due` and filters all go through it, so every place understands the same words
/// (docs/cli.md lists them).
///
/// Two modes: `inText` (quick capture) reads only words that are unlikely to be part of a title
/// (no bare `sat`, `sun` or `1st`); the strict mode reads a whole value. Quick capture itself
/// takes a date only at the end of a line or after due/by/on.
public struct DateWords: Sendable {
    public let today: Day
    /// 1 = Monday … 7 = Sunday, from `week_start` in the settings.
    public let weekStart: Int
    public let inText: Bool
    /// `date_order: dmy` in the settings: `3/4` is 3 April, not 4 March.
    public let dayFirst: Bool

    public init(today: Day, weekStart: Int = 1, inText: Bool = false, dayFirst: Bool = false) {
        self.today = today
        self.weekStart = (1...7).contains(weekStart) ? weekStart : 1
        self.inText = inText
        self.dayFirst = dayFirst
    }

    /// A day read from words: the day and how many words it took.
    public typealias DayRead = (day: Day, used: Int)
    /// A time of day read from words: minutes after midnight and how many words it took.
    public typealias TimeRead = (minutes: Int, used: Int)

    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let weekdayShort: [String: Int] = [
        "mon": 1, "tue": 2, "tues": 2, "wed": 3, "weds": 3, "thu": 4, "thur": 4, "thurs": 4, "fri": 5, "sat": 6, "sun": 7,
    ]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                             "october", "november", "december"]

    // MARK: - Days

    /// The first day of the week holding `day`.
    public func startOfWeek(_ day: Day) -> Day { day.adding(days: -((day.weekday - weekStart + 7) % 7)) }

    /// A named day: `today`, `eow`, `som`, `friday`… (one word, lowercased), or nil.
    public func named(_ w: String) -> Day? {
        let t = today
        let firstOfMonth = Day(year: t.year, month: t.month, day: 1)!
        let quarter = (t.month - 1) / 3 * 3 + 1
        switch w {
        case "now" where inText: return nil  // "Call now" is a title, not a date
        case "today", "sod", "eod", "now": return t
        case "tomorrow", "tmr", "tmrw": return t.adding(days: 1)
        case "yesterday": return t.adding(days: -1)
        case "sow", "socw": return startOfWeek(t)
        case "eow", "eocw": return startOfWeek(t).adding(days: 6)
        case "sonw": return startOfWeek(t).adding(days: 7)
        case "eonw": return startOfWeek(t).adding(days: 13)
        case "som", "socm": return firstOfMonth
        case "eom", "eocm": return firstOfMonth.adding(months: 1).adding(days: -1)
        case "sonm": return firstOfMonth.adding(months: 1)
        case "eonm": return firstOfMonth.adding(months: 2).adding(days: -1)
        case "soq", "socq": return Day(year: t.year, month: quarter, day: 1)!
        case "eoq", "eocq": return Day(year: t.year, month: quarter, day: 1)!.adding(months: 3).adding(days: -1)
        case "soy", "socy": return Day(year: t.year, month: 1, day: 1)!
        case "eoy", "eocy": return Day(year: t.year, month: 12, day: 31)!
        case "sony": return Day(year: t.year + 1, month: 1, day: 1)
        case "eony": return Day(year: t.year + 1, month: 12, day: 31)
        default: break
        }
        if let i = weekday(w) { return nextWeekday(i) }
        return nil
    }

    /// 1 = Monday … for a weekday name or its usual short forms. In text, `sat` and `sun` are
    /// ordinary words and stay in the title.
    func weekday(_ w: String) -> Int? {
        if let i = DateWords.weekdayNames.firstIndex(of: w) { return i + 1 }
        if inText && (w == "sat" || w == "sun") { return nil }
        return DateWords.weekdayShort[w]
    }

    /// The next given weekday (1 = Monday) strictly after today.
    public func nextWeekday(_ weekday: Int) -> Day {
        var ahead = (weekday - today.weekday + 7) % 7
        if ahead == 0 { ahead = 7 }
        return today.adding(days: ahead)
    }

    /// `today+3`, `eom-2`, `+3d`, `-1w`, `sow+2d`: a named day (or today) moved by days, weeks,
    /// months or years. Without a name a unit is required, so `+3` alone is not a date.
    func arithmetic(_ w: String) -> Day? {
        guard let signIndex = w.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let baseText = String(w[..<signIndex])
        var rest = w[w.index(after: signIndex)...]
        guard let base = baseText.isEmpty ? today : named(baseText) ?? Day(iso: baseText) else { return nil }
        var unit: Character = "d"
        if let last = rest.last, last.isLetter {
            unit = last
            rest = rest.dropLast()
        } else if baseText.isEmpty {
            return nil
        }
        guard !rest.isEmpty, rest.count <= 5, rest.allSatisfy(\.isNumber), let n = Int(rest) else { return nil }
        let signed = w[signIndex] == "-" ? -n : n
        return shift(base, by: signed, unit: unit)
    }

    func shift(_ day: Day, by n: Int, unit: Character) -> Day? {
        switch unit {
        case "d": return day.adding(days: n)
        case "w": return day.adding(days: 7 * n)
        case "m": return day.adding(months: n)
        case "y": return day.adding(months: 12 * n)
        default: return nil
        }
    }

    /// `in 3 days`, `in a week`, `in 2 months`: the unit word, or nil.
    static func unit(_ w: String) -> Character? {
        switch w {
        case "day", "days": return "d"
        case "week", "weeks", "wk", "wks": return "w"
        case "month", "months": return "m"
        case "year", "years": return "y"
        default: return nil
        }
    }

    /// A day phrase starting at `start`.
    public func day(_ raw: [String], from start: Int) -> DayRead? {
        guard start < raw.count else { return nil }
        let words = raw[start...].prefix(4).map(DateWords.clean)
        let w = words[0]
        let next = words.count > 1 ? words[1] : nil
        let third = words.count > 2 ? words[2] : nil
        if let d = Day(iso: w) { return (d, 1) }
        if let d = slashed(w) { return (d, 1) }
        if let read = weekend(w, next) { return read }
        if let d = named(w) { return (d, 1) }
        if let d = arithmetic(w) { return (d, 1) }
        if w == "next", let n = next {
            switch n {
            case "week": return (startOfWeek(today).adding(days: 7), 2)
            case "month": return (Day(year: today.year, month: today.month, day: 1)!.adding(months: 1), 2)
            case "year": return (Day(year: today.year + 1, month: 1, day: 1)!, 2)
            default: if let i = weekday(n) { return (nextWeekday(i), 2) }
            }
        }
        if w == "this", let n = next, let i = weekday(n) {
            return (i == today.weekday ? today : nextWeekday(i), 2)
        }
        if w == "end", next == "of", let t = third, let d = named(["week": "eow", "month": "eom", "year": "eoy"][t] ?? "-") {
            return (d, 3)
        }
        if w == "in", let n = next.flatMap(DateWords.count), let unit = third.flatMap(DateWords.unit), let d = shift(today, by: n, unit: unit) {
            return (d, 3)
        }
        if w == "on", let n = next {
            if let i = weekday(n) { return (nextWeekday(i), 2) }
            if let t = third, let d = monthDay(n, t) { return (d, 3) }
            if let d = Day(iso: n) ?? slashed(n) { return (d, 2) }
            if let d = ordinal(n) { return (d, 2) }
            if n == "the", let t = third, let d = ordinal(t) { return (d, 3) }
        }
        // `the 14th`: the next 14th.
        if w == "the", let n = next, let d = ordinal(n) { return (d, 2) }
        if let n = next, let d = monthDay(w, n) { return (d, 2) }
        if next == "of", let t = third, let d = monthDay(w, t) { return (d, 3) }  // `5th of december`
        if !inText, let d = ordinal(w) { return (d, 1) }
        return nil
    }

    /// `3`, `a`, `an`, `one` … `ten` → a count for `in N days`.
    static func count(_ w: String) -> Int? {
        if let n = Int(w), n >= 0, n < 10000 { return n }
        let words = ["a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                     "eight": 8, "nine": 9, "ten": 10]
        return words[w]
    }

    /// `dec 5` or `5 dec` (month names may be written out, `5th` is fine): the next such date on
    /// or after today.
    func monthDay(_ a: String, _ b: String) -> Day? {
        // A month's name or its short form (`sept` too), not any word that starts like one
        // ("5 decorations" is not a date).
        func month(_ s: String) -> Int? {
            if s == "sept" { return 9 }
            return (DateWords.months.firstIndex(of: s) ?? DateWords.monthNames.firstIndex(of: s)).map { $0 + 1 }
        }
        func number(_ s: String) -> Int? {
            var digits = Substring(s)
            for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
            guard !digits.isEmpty, digits.count <= 2, digits.allSatisfy(\.isNumber) else { return nil }
            return Int(digits)
        }
        guard let (m, d) = month(a).flatMap({ m in number(b).map { (m, $0) } }) ?? month(b).flatMap({ m in number(a).map { (m, $0) } })
        else { return nil }
        return upcoming(month: m, day: d)
    }

    /// `3/14` (month first, or day first with `date_order: dmy`) for the next such date on or
    /// after today, or `3/14/2027` for that year. A date that can be read only one way (`25/12`,
    /// `13/1`: no month 25 or 13) is read that way whichever order is set.
    func slashed(_ w: String) -> Day? {
        let parts = w.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
              parts[0].count <= 2, parts[1].count <= 2,
              let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        var (m, d) = dayFirst ? (b, a) : (a, b)
        if !(1...12).contains(m), (1...12).contains(d) { (m, d) = (d, m) }
        guard parts.count == 3 else { return upcoming(month: m, day: d) }
        guard parts[2].count == 4, let y = Int(parts[2]) else { return nil }
        return Day(year: y, month: m, day: d)
    }

    /// The next `month`/`day` on or after today (29 Feb waits for a leap year), or nil when
    /// there is no such date.
    func upcoming(month m: Int, day d: Int) -> Day? {
        guard (1...12).contains(m), (1...31).contains(d) else { return nil }
        if let day = Day(year: today.year, month: m, day: d), day >= today { return day }
        // The next year that has the date (29 Feb waits for a leap year).
        for y in (today.year + 1)...(today.year + 8) { if let day = Day(year: y, month: m, day: d) { return day } }
        return nil
    }

    /// `23rd`: the next 23rd on or after today (skipping months that are too short).
    func ordinal(_ w: String) -> Day? {
        guard w.count >= 3, ["st", "nd", "rd", "th"].contains(String(w.suffix(2))),
              let n = Int(w.dropLast(2)), (1...31).contains(n) else { return nil }
        var first = Day(year: today.year, month: today.month, day: 1)!
        for _ in 0..<13 {
            if let d = Day(year: first.year, month: first.month, day: n), d >= today { return d }
            first = first.adding(months: 1)
        }
        return nil
    }

    // MARK: - Times

    /// A time phrase starting at `start`: `3pm`, `3:30pm`, `3 pm`, `15:30`, `at 9`, `at 9am`,
    /// `noon`, `midnight`.
    public func time(_ raw: [String], from start: Int) -> TimeRead? {
        guard start < raw.count else { return nil }
        let words = raw[start...].prefix(3).map(DateWords.clean)
        if words[0] == "at", words.count > 1 {
            if let m = DateWords.clock(words[1], bareHour: true) {
                if words.count > 2, let pm = DateWords.meridiem(m, words[2]) { return (pm, 3) }
                return (m, 2)
            }
            return nil
        }
        if let m = DateWords.clock(words[0], bareHour: false) { return (m, 1) }
        if words.count > 1, let h = Int(words[0]), (1...12).contains(h), let m = DateWords.meridiem(h * 60, words[1]) {
            return (m, 2)
        }
        return nil
    }

    /// `15:30`, `3pm`, `3:30am`, `noon`; with `bareHour` also `9` (24-hour clock).
    static func clock(_ w: String, bareHour: Bool) -> Int? {
        if w == "noon" { return 12 * 60 }
        if w == "midnight" { return 0 }
        var text = Substring(w)
        var suffix: String?
        for s in ["am", "pm"] where text.hasSuffix(s) && text.count > s.count {
            suffix = s
            text = text.dropLast(s.count)
            break
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) }),
              let h = Int(parts[0]) else { return nil }
        let m = parts.count == 2 ? Int(parts[1])! : 0
        guard m < 60, parts.count == 2 ? parts[1].count == 2 : true else { return nil }
        if let suffix {
            guard (1...12).contains(h) else { return nil }
            return meridiem(h * 60 + m, suffix)
        }
        guard h < 24, parts.count == 2 || bareHour else { return nil }
        return h * 60 + m
    }

    /// Applies `am`/`pm` to a 12-hour clock time in minutes.
    static func meridiem(_ minutes: Int, _ w: String) -> Int? {
        let h = minutes / 60, m = minutes % 60
        guard (1...12).contains(h) else { return nil }
        switch w {
        case "am": return (h % 12) * 60 + m
        case "pm": return (h % 12 + 12) * 60 + m
        default: return nil
        }
    }

    /// Lowercased, without a trailing comma or full stop.
    static func clean(_ w: String) -> String {
        var s = Substring(w.lowercased())
        while let last = s.last, last == "," || last == "." { s = s.dropLast() }
        return String(s)
    }

    // MARK: - Whole values

    /// True for the "end of" words (`eow`, `eom`, `eoy`, `end of month`, `eom-1`…): like
    /// Taskwarrior, they mean the end of that day, so `due.before:eow` includes the last day.
    public static func isEnd(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        return t.hasPrefix("eo") || t.hasPrefix("end of")
    }

    /// What a whole value says: the day (today when only a time was given), the time of day when
    /// one was said in words (`3pm`, `at 9`), and whether the value was an ISO date-time.
    public struct Reading: Sendable, Equatable {
        public var value: DateValue
        /// True when the time came from words like `3pm` (these set `start`), false for ISO text.
        public var spokenTime: Bool
    }

    /// Reads a whole value: an ISO date or date-time, or words that are all a date and/or time.
    public func read(_ text: String) -> Reading? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let v = DateValue(text: trimmed) { return Reading(value: v, spokenTime: false) }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        var i = 0
        var day: Day?
        var minutes: Int?
        while i < words.count {
            if day == nil, let d = self.day(words, from: i) {
                day = d.day; i += d.used; continue
            }
            if minutes == nil, let t = time(words, from: i) {
                minutes = t.minutes; i += t.used; continue
            }
            return nil
        }
        return Reading(value: DateValue(day: day ?? today, minutes: minutes), spokenTime: minutes != nil)
    }
}

import Foundation
