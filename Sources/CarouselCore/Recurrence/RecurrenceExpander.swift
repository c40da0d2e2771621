/// A rule resolved against its anchor (DTSTART): RFC 5545 defaults filled in, lists turned into
/// lookups. It expands period by period (a year, a month, a week or a day, every `interval`),
/// keeps the period's days that pass every BY part, then applies BYSETPOS, as RFC 5545 says and
/// python-dateutil does.
struct RecurrenceExpander {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let anchor: Day
    let until: Day?
    let byMonth: Set<Int>
    let byMonthDay: Set<Int>
    let byMonthDayFromEnd: Set<Int>
    let plainWeekdays: Set<Int>                 // 0 = Monday
    let numberedWeekdays: [(weekday: Int, n: Int)]
    let byYearDay: Set<Int>
    let byWeekNo: [Int]
    let bySetPos: [Int]
    let weekStart: Int                          // 0 = Monday

    init(rule: RecurrenceRule, anchor: Day) {
        frequency = rule.frequency
        // Past 4 million periods only the anchor's period lies before year 9999; clamping keeps
        // the arithmetic below from overflowing.
        interval = min(max(1, rule.interval), 4_000_000)
        self.anchor = anchor
        if case .until(let day) = rule.end { until = day } else { until = nil }
        weekStart = ((rule.weekStart - 1) % 7 + 7) % 7

        var byDay = rule.byDay, monthDays = rule.byMonthDay, months = rule.byMonth
        if byDay.isEmpty && monthDays.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNo.isEmpty {
            // RFC 5545: missing parts come from DTSTART.
            switch rule.frequency {
            case .yearly:
                if months.isEmpty { months = [anchor.month] }
                monthDays = [anchor.day]
            case .monthly: monthDays = [anchor.day]
            case .weekly: byDay = [.init(weekday: anchor.weekday)]
            case .daily: break
            }
        }
        byMonth = Set(months.filter { (1...12).contains($0) })
        byMonthDay = Set(monthDays.filter { $0 > 0 })
        byMonthDayFromEnd = Set(monthDays.filter { $0 < 0 })
        var plain = Set<Int>(), numbered: [(weekday: Int, n: Int)] = []
        let numbersCount = rule.frequency == .monthly || rule.frequency == .yearly
        for d in byDay where (1...7).contains(d.weekday) {
            // Weekly and daily rules read 2TU as TU, as dateutil does.
            if let n = d.ordinal, n != 0, numbersCount {
                numbered.append((d.weekday - 1, n))
            } else {
                plain.insert(d.weekday - 1)
            }
        }
        plainWeekdays = plain
        numberedWeekdays = numbered
        byYearDay = Set(rule.byYearDay)
        byWeekNo = rule.byWeekNo
        bySetPos = rule.bySetPos.filter { $0 != 0 }
    }

    /// Calls `body` with each listed date on or after `start`, in order, until it returns false
    /// or the rule runs out. Dates before the anchor are never listed.
    func forEach(startingAt start: Day, _ body: (Day) -> Bool) {
        var cursor = firstPeriod(containing: max(start, anchor))
        var masks: RecurrenceYearMasks?
        var lastHitYear = cursor.year
        // The calendar repeats every 400 years, so a gap longer than 400 × interval years
        // means the rule lists nothing more.
        let horizon = 400 * interval + 1
        while cursor.year <= 9999 && cursor.year - lastHitYear <= horizon {
            if masks?.year != cursor.year {
                masks = RecurrenceYearMasks.of(year: cursor.year, weekNumbers: byWeekNo, weekStart: weekStart)
            }
            let t = masks!
            let days = kept(in: periodDays(cursor, t), t)
            for index in days {
                let day = Day(dayNumber: t.firstDayNumber + index)
                if let until, day > until { return }
                guard day >= start else { continue }
                lastHitYear = day.year
                if !body(day) { return }
            }
            guard let next = advance(cursor) else { return }
            cursor = next
        }
    }

    /// Whether `day` (on or after the anchor) is listed, ignoring UNTIL and COUNT: only the
    /// period that holds it is expanded.
    func lists(_ day: Day) -> Bool {
        guard day >= anchor else { return false }
        let p = firstPeriod(containing: day)
        let t = RecurrenceYearMasks.of(year: p.year, weekNumbers: byWeekNo, weekStart: weekStart)
        let range = periodDays(p, t)
        let index = day.dayNumber - t.firstDayNumber
        guard range.contains(index) else { return false }
        // Without BYSETPOS a day's own BY parts decide; with it, the whole period does.
        if bySetPos.isEmpty { return passes(index, t, numberedWeekdayMask(range, t)) }
        return kept(in: range, t).contains(index)
    }

    // MARK: - Periods

    /// A period's start: year and month for yearly and monthly rules; for weekly and daily
    /// rules `dayNumber` is the first day (the anchor in the first period).
    struct Period { var year: Int; var month: Int; var dayNumber: Int }

    /// The period holding `day`, or the next one the interval allows; the anchor's own period
    /// when `day` falls in it.
    private func firstPeriod(containing day: Day) -> Period {
        let a = anchor
        switch frequency {
        case .yearly:
            let k = max(0, (day.year - a.year) / interval)
            return Period(year: a.year + k * interval, month: a.month, dayNumber: 0)
        case .monthly:
            let k = max(0, (day.monthIndex - a.monthIndex) / interval)
            let m = a.monthIndex + k * interval
            return Period(year: m / 12, month: m % 12 + 1, dayNumber: 0)
        case .weekly:
            let anchorWeek = a.dayNumber - (a.weekday - 1 - weekStart + 7) % 7
            let dayWeek = day.dayNumber - (day.weekday - 1 - weekStart + 7) % 7
            let k = max(0, (dayWeek - anchorWeek) / 7 / interval)
            return period(dayNumber: k == 0 ? a.dayNumber : anchorWeek + k * interval * 7)
        case .daily:
            let k = max(0, (day.dayNumber - a.dayNumber) / interval)
            return period(dayNumber: a.dayNumber + k * interval)
        }
    }

    private func period(dayNumber: Int) -> Period {
        let d = Day(dayNumber: dayNumber)
        return Period(year: d.year, month: d.month, dayNumber: dayNumber)
    }

    private func advance(_ p: Period) -> Period? {
        switch frequency {
        case .yearly:
            return p.year + interval > 9999 ? nil : Period(year: p.year + interval, month: p.month, dayNumber: 0)
        case .monthly:
            let m = p.year * 12 + p.month - 1 + interval
            return m / 12 > 9999 ? nil : Period(year: m / 12, month: m % 12 + 1, dayNumber: 0)
        case .weekly:
            let weekday = Day(dayNumber: p.dayNumber).weekday - 1
            let weekFirst = p.dayNumber - (weekday - weekStart + 7) % 7
            return period(dayNumber: weekFirst + interval * 7)
        case .daily:
            return period(dayNumber: p.dayNumber + interval)
        }
    }

    /// Day indexes (from 1 January of the period's year) that make up the period.
    private func periodDays(_ p: Period, _ t: RecurrenceYearMasks) -> Range<Int> {
        switch frequency {
        case .yearly: return 0..<t.yearLength
        case .monthly: return t.monthStart[p.month - 1]..<t.monthStart[p.month]
        case .weekly:
            // From the period's first day up to the next week start, across New Year if need be.
            let first = p.dayNumber - t.firstDayNumber
            var end = first + 1
            while end - first < 7 && t.weekday[end] != weekStart { end += 1 }
            return first..<end
        case .daily:
            let i = p.dayNumber - t.firstDayNumber
            return i..<i + 1
        }
    }

    // MARK: - Limiting and BYSETPOS

    /// The period's days that pass every BY part, then BYSETPOS, in order.
    private func kept(in range: Range<Int>, _ t: RecurrenceYearMasks) -> [Int] {
        let nthWeekday = numberedWeekdayMask(range, t)
        var days: [Int] = []
        for i in range where passes(i, t, nthWeekday) { days.append(i) }
        guard !bySetPos.isEmpty else { return days }
        var picked = Set<Int>()
        for pos in bySetPos {
            let k = pos > 0 ? pos - 1 : days.count + pos
            if k >= 0 && k < days.count { picked.insert(days[k]) }
        }
        return picked.sorted()
    }

    private func numberedWeekdayMask(_ range: Range<Int>, _ t: RecurrenceYearMasks) -> [Bool]? {
        guard !numberedWeekdays.isEmpty else { return nil }
        var ranges: [Range<Int>]
        if frequency == .yearly {
            ranges = byMonth.isEmpty ? [0..<t.yearLength]
                : byMonth.sorted().map { t.monthStart[$0 - 1]..<t.monthStart[$0] }
        } else {
            ranges = [range]
        }
        return t.numberedWeekdays(numberedWeekdays, ranges: ranges)
    }

    private func passes(_ i: Int, _ t: RecurrenceYearMasks, _ nthWeekday: [Bool]?) -> Bool {
        if !byMonth.isEmpty && !byMonth.contains(t.month[i]) { return false }
        if let weekNo = t.weekNo, !weekNo[i] { return false }
        if !plainWeekdays.isEmpty && !plainWeekdays.contains(t.weekday[i]) { return false }
        if let nthWeekday, !(i < nthWeekday.count && nthWeekday[i]) { return false }
        if !(byMonthDay.isEmpty && byMonthDayFromEnd.isEmpty)
            && !byMonthDay.contains(t.monthDay[i]) && !byMonthDayFromEnd.contains(t.monthDayFromEnd[i]) {
            return false
        }
        if !byYearDay.isEmpty {
            let ok = i < t.yearLength
                ? byYearDay.contains(i + 1) || byYearDay.contains(i - t.yearLength)
                : byYearDay.contains(i + 1 - t.yearLength) || byYearDay.contains(i - t.yearLength - t.nextYearLength)
            if !ok { return false }
        }
        return true
    }
}
