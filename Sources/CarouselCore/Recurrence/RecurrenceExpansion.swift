/// Listing dates: RFC 5545 expansion for date-only rules, checked against python-dateutil.
///
/// The engine walks month by month from the first month that can matter and tests each day of
/// a month that passes the period and BYMONTH checks, so a `from` far after the anchor costs
/// nothing extra for rules without COUNT.
extension RecurrenceRule {
    /// The dates the rule lists for the anchor (DTSTART), in order, on or after `from`, at most
    /// `limit` of them. UNTIL and COUNT apply; COUNT counts from the anchor. An after-done rule
    /// lists just the anchor (its current due date).
    public func occurrences(anchor: Day, from: Day, limit: Int) -> [Day] {
        guard limit > 0 else { return [] }
        if afterCompletion { return anchor >= from ? [anchor] : [] }
        let expander = RecurrenceExpander(rule: self, anchor: anchor)
        var found: [Day] = []
        if case .count(let count) = end {
            var listed = 0
            expander.forEach(startingAt: anchor) { day in
                listed += 1
                if day >= from { found.append(day) }
                return listed < count && found.count < limit
            }
        } else {
            expander.forEach(startingAt: max(anchor, from)) { day in
                found.append(day)
                return found.count < limit
            }
        }
        return found
    }

    /// Whether `day` is one of the listed dates (for an after-done rule: whether it is the anchor).
    public func occurs(on day: Day, anchor: Day) -> Bool {
        if afterCompletion { return day == anchor }
        guard day >= anchor else { return false }
        switch end {
        case .never: break
        case .until(let last): if day > last { return false }
        case .count: return occurrences(anchor: anchor, from: day, limit: 1).first == day
        }
        return RecurrenceExpander(rule: self, anchor: anchor).matches(day)
    }

    /// After-done rules: the due date after completing on `after` (completion + interval units).
    /// Other rules: the first listed date strictly after `after`. Nil when the rule has ended.
    public func nextDue(anchor: Day, after: Day) -> Day? {
        if afterCompletion { return after.adding(interval, frequency) }
        guard after < Day(year: 9999, month: 12, day: 31)! else { return nil }
        return occurrences(anchor: anchor, from: after.adding(days: 1), limit: 1).first
    }
}

/// A rule resolved against its anchor: RFC 5545 defaults filled in, lists turned into lookups.
struct RecurrenceExpander {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let anchor: Day
    let until: Day?
    var months = [Bool](repeating: true, count: 13)
    var hasDayOfWeekFilter = false
    var plainWeekdays = [Bool](repeating: false, count: 8)
    var numberedWeekdays: [(ordinal: Int, weekday: Int)] = []
    /// Numbered weekdays count within the year (yearly rule without BYMONTH), not the month.
    let numberedInYear: Bool
    var hasMonthDayFilter = false
    var monthDays = [Bool](repeating: false, count: 32)      // 1...31
    var monthDaysFromEnd = [Bool](repeating: false, count: 32) // 1 = last day, 2 = one before

    init(rule: RecurrenceRule, anchor: Day) {
        frequency = rule.frequency
        // Past 4 million periods only the anchor's period lies before year 9999; clamping keeps
        // the arithmetic below from overflowing.
        interval = min(max(1, rule.interval), 4_000_000)
        self.anchor = anchor
        if case .until(let day) = rule.end { until = day } else { until = nil }

        var byDay = rule.byDay, byMonthDay = rule.byMonthDay, byMonth = rule.byMonth
        if byDay.isEmpty && byMonthDay.isEmpty {
            // RFC 5545: missing parts come from DTSTART.
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [anchor.month] }
                byMonthDay = [anchor.day]
            case .monthly: byMonthDay = [anchor.day]
            case .weekly: byDay = [.init(weekday: anchor.weekday)]
            case .daily: break
            }
        }
        numberedInYear = rule.frequency == .yearly && byMonth.isEmpty
        let byMonthSet = byMonth.filter { (1...12).contains($0) }
        if !byMonthSet.isEmpty {
            months = [Bool](repeating: false, count: 13)
            for m in byMonthSet { months[m] = true }
        }
        let numbersCount = rule.frequency == .monthly || rule.frequency == .yearly
        for d in byDay where (1...7).contains(d.weekday) {
            hasDayOfWeekFilter = true
            if let n = d.ordinal, numbersCount {
                if n != 0 { numberedWeekdays.append((n, d.weekday)) }
            } else {
                plainWeekdays[d.weekday] = true
            }
        }
        for n in byMonthDay {
            hasMonthDayFilter = true
            if (1...31).contains(n) { monthDays[n] = true }
            if (-31 ... -1).contains(n) { monthDaysFromEnd[-n] = true }
        }
    }

    /// Calls `body` with each listed date on or after `start` (which must not precede the
    /// anchor), in order, until it returns false or the rule runs out.
    func forEach(startingAt start: Day, _ body: (Day) -> Bool) {
        // The pattern repeats every lcm(interval, 400 years) at most, so a gap longer than
        // 400 × interval years means the rule lists nothing more.
        let horizon = 400 * interval + 1
        var lastHitYear = start.year
        var m = start.monthIndex
        while true {
            let year = m / 12, month = m % 12 + 1
            if year > 9999 || year - lastHitYear > horizon { return }
            if let until, Day(year: year, month: month, day: 1)! > until { return }
            if let skip = monthsToSkip(monthIndex: m) {
                m += skip
                continue
            }
            let dim = Day.daysIn(month: month, year: year)
            let first = m == start.monthIndex ? start.day : 1
            for d in first...dim {
                let day = Day(year: year, month: month, day: d)!
                if let until, day > until { return }
                if matchesDay(day, daysInMonth: dim) {
                    lastHitYear = year
                    if !body(day) { return }
                }
            }
            m += 1
        }
    }

    /// Whether a date on or after the anchor is listed (ignoring the rule's end).
    func matches(_ day: Day) -> Bool {
        day >= anchor && monthsToSkip(monthIndex: day.monthIndex) == nil
            && matchesDay(day, daysInMonth: Day.daysIn(month: day.month, year: day.year))
    }

    /// Nil when the month can hold dates; otherwise how many months to jump ahead.
    private func monthsToSkip(monthIndex m: Int) -> Int? {
        switch frequency {
        case .monthly:
            let off = (m - anchor.monthIndex) % interval
            if off != 0 { return interval - off }
        case .yearly:
            let year = m / 12
            let off = (year - anchor.year) % interval
            if off != 0 { return (year + interval - off) * 12 - m }
        case .daily, .weekly: break
        }
        return months[m % 12 + 1] ? nil : 1
    }

    private func matchesDay(_ date: Day, daysInMonth dim: Int) -> Bool {
        let d = date.day
        if hasMonthDayFilter && !monthDays[d] && !monthDaysFromEnd[dim - d + 1] { return false }
        if hasDayOfWeekFilter && !matchesWeekday(date, daysInMonth: dim) { return false }
        switch frequency {
        case .daily:
            return (date.dayNumber - anchor.dayNumber) % interval == 0
        case .weekly:
            return ((date.weekStartDayNumber - anchor.weekStartDayNumber) / 7) % interval == 0
        case .monthly, .yearly:
            return true
        }
    }

    private func matchesWeekday(_ date: Day, daysInMonth dim: Int) -> Bool {
        let weekday = date.weekday
        if plainWeekdays[weekday] { return true }
        for (n, w) in numberedWeekdays where w == weekday {
            let fromStart: Int, fromEnd: Int
            if numberedInYear {
                let dayOfYear = date.dayNumber - Day(year: date.year, month: 1, day: 1)!.dayNumber
                let daysInYear = Day.isLeap(date.year) ? 366 : 365
                fromStart = dayOfYear / 7 + 1
                fromEnd = -((daysInYear - 1 - dayOfYear) / 7 + 1)
            } else {
                fromStart = (date.day - 1) / 7 + 1
                fromEnd = -((dim - date.day) / 7 + 1)
            }
            if n == fromStart || n == fromEnd { return true }
        }
        return false
    }
}
