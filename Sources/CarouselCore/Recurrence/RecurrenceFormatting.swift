/// Writing rules back out: the canonical human text and the friendly summary.
extension RecurrenceRule {
    private typealias Words = RecurrenceVocabulary

    /// Canonical human text that parses back to an equal rule, e.g.
    /// "every 2 weeks on tue, thu until 2026-12-30".
    public var normalized: String {
        if afterCompletion { return "\(interval) \(unitName(plural: interval != 1)) after done" + endText }
        guard humanCanSay else { return rrule }
        let plain = byDay.filter { $0.ordinal == nil }.map(\.weekday)
        let numbered = byDay.filter { $0.ordinal != nil }
        let shortcut = frequency == .weekly && interval == 1 && byMonthDay.isEmpty && numbered.isEmpty
            && bySetPos.isEmpty && byYearDay.isEmpty && byWeekNo.isEmpty
        var text: String
        var monthsWritten = false
        if shortcut, Set(plain) == Words.workweek {
            text = "every weekday"
        } else if shortcut, Set(plain) == Words.weekend {
            text = "every weekend"
        } else {
            text = interval == 1 ? "every \(unitName(plural: false))" : "every \(interval) \(unitName(plural: true))"
            if let (month, day) = singleYearlyDate {
                text += " on \(Words.shortMonths[month - 1].lowercased()) \(day)"
                monthsWritten = true
            } else {
                var pieces: [String] = []
                if !bySetPos.isEmpty {
                    pieces.append("the " + bySetPos.map { Words.positionText($0) }.joined(separator: ", ")
                        + (Set(plain) == Words.workweek ? " weekday" : " weekend day"))
                } else if !plain.isEmpty {
                    pieces.append(plain.map(shortDay).joined(separator: ", "))
                }
                if !numbered.isEmpty {
                    pieces.append("the " + numbered.map { Words.positionText($0.ordinal!) + " " + shortDay($0.weekday) }
                        .joined(separator: ", "))
                }
                if !byYearDay.isEmpty { pieces.append("day " + byYearDay.map(String.init).joined(separator: ", ")) }
                if !byMonthDay.isEmpty {
                    pieces.append("the " + byMonthDay.map { Words.positionText($0) }.joined(separator: ", ")
                        + (byMonthDay.contains { $0 < 0 } ? " day" : ""))
                }
                if !pieces.isEmpty { text += " on " + pieces.joined(separator: " ") }
            }
        }
        if !monthsWritten && !byMonth.isEmpty {
            text += " in " + byMonth.map { monthName($0).lowercased() }.joined(separator: ", ")
        }
        if !byWeekNo.isEmpty { text += " in week " + byWeekNo.map(String.init).joined(separator: ", ") }
        if weekStart != 1 { text += " (weeks start \(longDay(weekStart).lowercased()))" }
        return text + endText
    }

    /// Whether the human syntax can say this rule; when not, `normalized` is the RRULE text.
    private var humanCanSay: Bool {
        if !bySetPos.isEmpty {
            let plain = Set(byDay.map(\.weekday))
            guard byMonthDay.isEmpty, byYearDay.isEmpty, byDay.allSatisfy({ $0.ordinal == nil }),
                  plain == Words.workweek || plain == Words.weekend, byDay.count == plain.count else { return false }
        }
        if !byYearDay.isEmpty && !byMonthDay.isEmpty { return false }
        return true
    }

    /// " until 2026-12-30", " for 3 times", or nothing.
    private var endText: String {
        switch end {
        case .never: return ""
        case .until(let day): return " until \(day.iso)"
        case .count(let n): return n == 1 ? " for 1 time" : " for \(n) times"
        }
    }

    /// Friendly summary: "Every 2 weeks on Tue & Thu, until 30 Dec 2026", "Every month on the
    /// last Friday", "Every year on 3 Mar", "Every day, 10 times", "3 days after done".
    public var summary: String {
        if afterCompletion { return "\(interval) \(unitName(plural: interval != 1)) after done" + summaryEnd }
        if !bySetPos.isEmpty, byMonthDay.isEmpty, byWeekNo.isEmpty, byYearDay.isEmpty,
           byDay.allSatisfy({ $0.ordinal == nil }),
           Set(byDay.map(\.weekday)) == Words.workweek || Set(byDay.map(\.weekday)) == Words.weekend {
            // "Every month on the last weekday", "Every month on the 1st & last weekday".
            let every = interval == 1 ? "Every \(unitName(plural: false))" : "Every \(interval) \(unitName(plural: true))"
            let months = byMonth.isEmpty ? "" : " in " + Self.list(byMonth.map(monthName))
            return every + " on the " + Self.list(bySetPos.map { Words.positionText($0, lastJoin: "-to-") })
                + (byDay.count == 5 ? " weekday" : " weekend day")
                + months + weekStartSummary + summaryEnd
        }
        var base = basicSummary
        let weeks = " in week " + Self.list(byWeekNo.map(String.init))
        if !byWeekNo.isEmpty, frequency == .yearly, interval == 1, byMonth.isEmpty, byMonthDay.isEmpty, byYearDay.isEmpty,
           !byDay.isEmpty, byDay.allSatisfy({ $0.ordinal == nil }) {
            // "Every year in week 27 on Monday"
            let days = byDay.map(\.weekday)
            base = "Every year" + weeks + " on " + (days.count == 1 ? longDay(days[0]) : Self.list(days.map(shortDayTitle)))
        } else if !byWeekNo.isEmpty {
            base += weeks
        }
        if !byYearDay.isEmpty {
            base += " on day " + Self.list(byYearDay.map(String.init)) + (frequency == .yearly ? "" : " of the year")
        }
        if !bySetPos.isEmpty {
            base += ", only the " + Self.list(bySetPos.map { Words.positionText($0, lastJoin: "-to-") })
                + " of each \(unitName(plural: false))"
        }
        return base + weekStartSummary + summaryEnd
    }

    /// " (weeks start Sunday)" when WKST is not Monday.
    private var weekStartSummary: String { weekStart == 1 ? "" : " (weeks start \(longDay(weekStart)))" }

    /// The summary of the parts the human syntax has always said, without the end.
    private var basicSummary: String {
        let plain = byDay.filter { $0.ordinal == nil }.map(\.weekday)
        let numbered = byDay.filter { $0.ordinal != nil }
        let onlyPlainDays = numbered.isEmpty && byMonthDay.isEmpty && !plain.isEmpty
        let everyWeek = interval == 1 && (frequency == .weekly || frequency == .daily) && onlyPlainDays
        var text: String
        var monthsWritten = false
        if everyWeek && Set(plain) == Words.workweek {
            text = "Every weekday"
        } else if everyWeek && Set(plain) == Words.weekend {
            text = "Every weekend"
        } else if everyWeek && frequency == .weekly {
            text = "Every " + (plain.count == 1 ? longDay(plain[0]) : Self.list(plain.map(shortDayTitle)))
        } else {
            text = interval == 1 ? "Every \(unitName(plural: false))" : "Every \(interval) \(unitName(plural: true))"
            if let (month, day) = singleYearlyDate {
                text += " on \(day) \(monthName(month))"
                monthsWritten = true
            } else {
                var pieces: [String] = []
                if !plain.isEmpty { pieces.append(Self.list(plain.map(shortDayTitle))) }
                if !numbered.isEmpty { pieces.append("the " + numberedSummary(numbered)) }
                if !byMonthDay.isEmpty {
                    pieces.append("the " + Self.list(byMonthDay.map { Words.positionText($0, lastJoin: "-to-") })
                        + (byMonthDay.contains { $0 < 0 } ? " day" : ""))
                }
                if !pieces.isEmpty { text += " on " + pieces.joined(separator: " ") }
            }
        }
        if !monthsWritten && !byMonth.isEmpty { text += " in " + Self.list(byMonth.map(monthName)) }
        return text
    }

    /// ", until 30 Dec 2026", ", 3 times", ", once", or nothing.
    private var summaryEnd: String {
        switch end {
        case .never: return ""
        case .until(let day): return ", until \(day.friendly)"
        case .count(let n): return n == 1 ? ", once" : ", \(n) times"
        }
    }

    // MARK: Pieces

    /// Month and day of a yearly rule that lists one date a year, written "mar 3" / "3 Mar".
    private var singleYearlyDate: (Int, Int)? {
        guard frequency == .yearly, byDay.isEmpty, byMonth.count == 1, byMonthDay.count == 1,
              byMonthDay[0] > 0, (1...12).contains(byMonth[0]) else { return nil }
        return (byMonth[0], byMonthDay[0])
    }

    /// "1st & 3rd Monday" when they share a weekday, else "2nd Tuesday & last Friday".
    private func numberedSummary(_ days: [WeekdayNum]) -> String {
        let position = { (d: WeekdayNum) in Words.positionText(d.ordinal ?? 1, lastJoin: "-to-") }
        if Set(days.map(\.weekday)).count == 1 {
            return Self.list(days.map(position)) + " " + longDay(days[0].weekday)
        }
        return Self.list(days.map { position($0) + " " + longDay($0.weekday) })
    }

    private func unitName(plural: Bool) -> String {
        let name: String
        switch frequency {
        case .daily: name = "day"
        case .weekly: name = "week"
        case .monthly: name = "month"
        case .yearly: name = "year"
        }
        return plural ? name + "s" : name
    }

    private func index(_ weekday: Int) -> Int { ((weekday - 1) % 7 + 7) % 7 }
    private func shortDay(_ weekday: Int) -> String { Words.shortWeekdays[index(weekday)].lowercased() }
    private func shortDayTitle(_ weekday: Int) -> String { Words.shortWeekdays[index(weekday)] }
    private func longDay(_ weekday: Int) -> String { Words.longWeekdays[index(weekday)] }
    private func monthName(_ month: Int) -> String { Words.shortMonths[((month - 1) % 12 + 12) % 12] }

    /// "a", "a & b", "a, b & c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " & " + items.last!
    }
}
