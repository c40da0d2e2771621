import Foundation

/// Reads RFC 5545 RRULE text: `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261230`.
enum RRuleParser {
    private struct Part {
        let text: String   // as written, e.g. "BYMONTHDAY=32"
        let column: Int    // 1-based, in the whole input
        let key: String    // upper-cased
        let value: String  // upper-cased, spaces removed

        func fail(_ message: String) -> RecurrenceError { RecurrenceError(message, word: text, column: column) }
    }

    static func parse(_ text: String) throws(RecurrenceError) -> RecurrenceRule {
        let chars = Array(text)
        var start = 0
        while start < chars.count, chars[start].isWhitespace { start += 1 }
        if chars.count - start >= 6, String(chars[start..<start + 6]).uppercased() == "RRULE:" { start += 6 }

        var parts: [Part] = []
        var i = start
        while i <= chars.count {
            var j = i
            while j < chars.count, chars[j] != ";" { j += 1 }
            var a = i, b = j
            while a < b, chars[a].isWhitespace { a += 1 }
            while b > a, chars[b - 1].isWhitespace { b -= 1 }
            if a < b {
                let raw = String(chars[a..<b])
                guard let eq = raw.firstIndex(of: "=") else {
                    throw RecurrenceError("expected KEY=VALUE, found \"\(raw)\"", word: raw, column: a + 1)
                }
                let key = raw[..<eq].trimmingCharacters(in: .whitespaces).uppercased()
                let value = raw[raw.index(after: eq)...].filter { !$0.isWhitespace }.uppercased()
                parts.append(Part(text: raw, column: a + 1, key: key, value: value))
            }
            i = j + 1
        }

        var frequency: RecurrenceRule.Frequency?
        var interval = 1
        var byDay: [RecurrenceRule.WeekdayNum] = []
        var byDayPart: Part?
        var byMonthDay: [Int] = []
        var byMonth: [Int] = []
        var byYearDay: [Int] = [], byWeekNo: [Int] = [], bySetPos: [Int] = []
        var weekStart = 1
        var end = RecurrenceRule.End.never
        var seen = Set<String>()

        for part in parts {
            guard !seen.contains(part.key) else { throw part.fail("\(part.key) is given twice") }
            seen.insert(part.key)
            switch part.key {
            case "FREQ":
                switch part.value {
                case "DAILY": frequency = .daily
                case "WEEKLY": frequency = .weekly
                case "MONTHLY": frequency = .monthly
                case "YEARLY": frequency = .yearly
                case "HOURLY", "MINUTELY", "SECONDLY":
                    throw part.fail("FREQ=\(part.value) is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY")
                default:
                    throw part.fail("unknown frequency \"\(part.value)\"; use DAILY, WEEKLY, MONTHLY or YEARLY")
                }
            case "INTERVAL":
                guard let n = Int(part.value), n >= 1 else {
                    throw part.fail("interval must be at least 1, found \"\(part.value)\"")
                }
                guard n <= RecurrenceRule.maxInterval else {
                    throw part.fail("interval must be at most \(RecurrenceRule.maxInterval), found \"\(part.value)\"")
                }
                interval = n
            case "COUNT":
                guard let n = Int(part.value), n >= 1 else {
                    throw part.fail("COUNT must be at least 1, found \"\(part.value)\"")
                }
                guard n <= RecurrenceRule.maxCount else {
                    throw part.fail("COUNT must be at most \(RecurrenceRule.maxCount), found \"\(part.value)\"")
                }
                if end != .never { throw part.fail("use COUNT or UNTIL, not both") }
                end = .count(n)
            case "UNTIL":
                guard let day = Day(basicISO: part.value) else {
                    throw part.fail("UNTIL must be a date like 20261230, found \"\(part.value)\"")
                }
                if end != .never { throw part.fail("use COUNT or UNTIL, not both") }
                end = .until(day)
            case "BYDAY":
                byDay = try list(part, "BYDAY values look like MO, 2TU or -1FR") { item in weekdayNum(item) }
                byDayPart = part
            case "BYMONTHDAY":
                byMonthDay = try list(part, "BYMONTHDAY must be 1 to 31 or -1 to -31 (-1 = last day)") { item in
                    Int(item).flatMap { (1...31).contains(abs($0)) ? $0 : nil }
                }
            case "BYMONTH":
                byMonth = try list(part, "BYMONTH must be 1 to 12") { item in Int(item).flatMap { (1...12).contains($0) ? $0 : nil } }
            case "WKST":
                guard let w = RecurrenceVocabulary.rruleWeekdays.firstIndex(of: part.value) else {
                    throw part.fail("WKST must be a weekday like MO or SU, found \"\(part.value)\"")
                }
                weekStart = w + 1
            case "BYYEARDAY":
                byYearDay = try list(part, "BYYEARDAY must be 1 to 366 or -1 to -366 (-1 = last day of the year)") { item in
                    Int(item).flatMap { (1...366).contains(abs($0)) ? $0 : nil }
                }
            case "BYWEEKNO":
                byWeekNo = try list(part, "BYWEEKNO must be 1 to 53 or -1 to -53 (-1 = last week of the year)") { item in
                    Int(item).flatMap { (1...53).contains(abs($0)) ? $0 : nil }
                }
            case "BYSETPOS":
                bySetPos = try list(part, "BYSETPOS must be 1 to 366 or -1 to -366 (-1 = last)") { item in
                    Int(item).flatMap { (1...366).contains(abs($0)) ? $0 : nil }
                }
            case "BYHOUR", "BYMINUTE", "BYSECOND":
                throw RecurrenceError("\(part.key) is not supported: Carousel repeats whole days", word: keyWord(part), column: part.column)
            default:
                throw RecurrenceError("unknown RRULE part \"\(keyWord(part))\"", word: keyWord(part), column: part.column)
            }
        }
        guard let frequency else {
            let word = String(chars[start...]).trimmingCharacters(in: .whitespaces)
            throw RecurrenceError("the rule needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY", word: word, column: start + 1)
        }
        if let part = byDayPart {
            if frequency == .daily || frequency == .weekly {
                // RFC 5545 numbers weekdays only in monthly and yearly rules; like dateutil,
                // a weekly or daily rule reads 2TU as TU.
                byDay = byDay.map { .init(weekday: $0.weekday) }
            }
            if byDay.contains(where: { $0.ordinal != nil }) && byDay.contains(where: { $0.ordinal == nil }) {
                throw part.fail("mixing plain and numbered weekdays (like MO,2TU) is not supported")
            }
            for d in byDay {
                if let n = d.ordinal, let problem = RecurrenceVocabulary.ordinalProblem(
                    n, frequency: frequency, hasByMonth: !byMonth.isEmpty) {
                    throw part.fail(problem)
                }
            }
        }
        return RecurrenceRule(frequency: frequency, interval: interval, byDay: byDay,
                              byMonthDay: byMonthDay, byMonth: byMonth, byYearDay: byYearDay,
                              byWeekNo: byWeekNo, bySetPos: bySetPos, weekStart: weekStart, end: end)
    }

    private static func keyWord(_ part: Part) -> String {
        String(part.text.prefix { $0 != "=" }).trimmingCharacters(in: .whitespaces)
    }

    private static func list<T>(_ part: Part, _ rule: String, _ item: (String) -> T?) throws(RecurrenceError) -> [T] {
        var out: [T] = []
        for piece in part.value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let v = item(String(piece)) else {
                throw part.fail("\(rule), found \"\(piece)\"")
            }
            out.append(v)
        }
        return out
    }

    /// `TU`, `2TU`, `+2TU`, `-1FR`.
    private static func weekdayNum(_ item: String) -> RecurrenceRule.WeekdayNum? {
        guard item.count >= 2, let w = RecurrenceVocabulary.rruleWeekdays.firstIndex(of: String(item.suffix(2))) else {
            return nil
        }
        let number = item.dropLast(2)
        if number.isEmpty { return .init(weekday: w + 1) }
        guard number.count <= 4, let n = Int(number), n != 0 else { return nil }
        return .init(ordinal: n, weekday: w + 1)
    }
}

extension RecurrenceRule {
    /// RFC 5545 text without "RRULE:", e.g. `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261230`.
    /// After-done rules give only FREQ and INTERVAL.
    public var rrule: String {
        var parts = ["FREQ=\(frequency.rawValue.uppercased())"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !afterCompletion {
            func add(_ key: String, _ values: [Int]) {
                if !values.isEmpty { parts.append(key + "=" + values.map(String.init).joined(separator: ",")) }
            }
            add("BYMONTH", byMonth)
            add("BYWEEKNO", byWeekNo)
            add("BYYEARDAY", byYearDay)
            if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
            if !byDay.isEmpty {
                parts.append("BYDAY=" + byDay.map { d in
                    (d.ordinal.map(String.init) ?? "") + RecurrenceVocabulary.rruleWeekdays[((d.weekday - 1) % 7 + 7) % 7]
                }.joined(separator: ","))
            }
            add("BYSETPOS", bySetPos)
            if weekStart != 1 { parts.append("WKST=" + RecurrenceVocabulary.rruleWeekdays[(weekStart - 1) % 7]) }
            switch end {
            case .never: break
            case .count(let n): parts.append("COUNT=\(n)")
            case .until(let day): parts.append("UNTIL=\(day.basicISO)")
            }
        }
        return parts.joined(separator: ";")
    }
}
