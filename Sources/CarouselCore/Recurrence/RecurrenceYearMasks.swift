import Synchronization

/// One year's lookup tables for expansion, indexed by day of the year from 0 (1 January).
///
/// Every table runs 7 days into the next year so a weekly period that crosses New Year reads
/// its last days from the same tables, as RFC 5545's period-by-period expansion needs.
struct RecurrenceYearMasks {
    let year: Int
    let yearLength: Int
    let nextYearLength: Int
    /// Day number (days since 1970-01-01) of 1 January.
    let firstDayNumber: Int
    /// Month of each day (1...12).
    private(set) var month: [Int] = []
    /// Day of the month (1...31) and the same counted from the month's end (-1 = last day).
    private(set) var monthDay: [Int] = []
    private(set) var monthDayFromEnd: [Int] = []
    /// Weekday from 0 (Monday) to 6 (Sunday).
    private(set) var weekday: [Int] = []
    /// Index of the first day of each month, 1...12, and 13 = the year's length.
    private(set) var monthStart: [Int] = []
    /// Days in the weeks that BYWEEKNO selects; nil without BYWEEKNO.
    private(set) var weekNo: [Bool]?

    private struct Key: Hashable { let year: Int; let weekNumbers: [Int]; let weekStart: Int }
    private static let cache = Mutex<[Key: RecurrenceYearMasks]>([:])

    /// The tables for a year, built once and shared (views ask about the same years again and
    /// again); at most a few hundred years are kept.
    static func of(year: Int, weekNumbers: [Int], weekStart: Int) -> RecurrenceYearMasks {
        let key = Key(year: year, weekNumbers: weekNumbers, weekStart: weekStart)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let built = RecurrenceYearMasks(year: year, weekNumbers: weekNumbers, weekStart: weekStart)
        cache.withLock { table in
            if table.count >= 512 { table.removeAll(keepingCapacity: true) }
            table[key] = built
        }
        return built
    }

    /// Builds the tables; `weekNumbers` and `weekStart` (0 = Monday) shape the BYWEEKNO table.
    init(year: Int, weekNumbers: [Int], weekStart: Int) {
        self.year = year
        yearLength = Day.isLeap(year) ? 366 : 365
        nextYearLength = Day.isLeap(year + 1) ? 366 : 365
        firstDayNumber = Day(year: year, month: 1, day: 1)!.dayNumber
        let total = yearLength + 7
        month.reserveCapacity(total)
        monthDay.reserveCapacity(total)
        monthDayFromEnd.reserveCapacity(total)
        weekday.reserveCapacity(total)
        let firstWeekday = Day(year: year, month: 1, day: 1)!.weekday - 1
        var index = 0
        for m in 1...13 {
            let (y, mm) = m == 13 ? (year + 1, 1) : (year, m)
            if m <= 12 { monthStart.append(index) }
            let length = Day.daysIn(month: mm, year: y)
            for d in 1...length {
                guard index < total else { break }
                month.append(mm)
                monthDay.append(d)
                monthDayFromEnd.append(d - length - 1)
                weekday.append((firstWeekday + index) % 7)
                index += 1
            }
        }
        monthStart.append(yearLength)
        if !weekNumbers.isEmpty { weekNo = Self.weekNoTable(self, weekNumbers, weekStart) }
    }

    /// Marks the days of the numbered weeks: week 1 is the first with at least 4 days of the
    /// year, weeks start on `weekStart`; days before week 1 belong to last year's last week.
    /// This follows python-dateutil's reading of RFC 5545 step for step.
    private static func weekNoTable(_ t: RecurrenceYearMasks, _ numbers: [Int], _ wkst: Int) -> [Bool] {
        var mask = [Bool](repeating: false, count: t.yearLength + 7)
        let yearWeekday = t.weekday[0]
        let firstWkst = (7 - yearWeekday + wkst) % 7
        var no1wkst = firstWkst
        let weekYearLength: Int
        if no1wkst >= 4 {
            no1wkst = 0
            weekYearLength = t.yearLength + (yearWeekday - wkst + 7) % 7
        } else {
            weekYearLength = t.yearLength - no1wkst
        }
        let numWeeks = weekYearLength / 7 + (weekYearLength % 7) / 4
        func markWeek(from start: Int) {
            var i = start
            for _ in 0..<7 {
                guard i >= 0, i < mask.count else { return }
                mask[i] = true
                i += 1
                if i < t.weekday.count, t.weekday[i] == wkst { return }
            }
        }
        for var n in numbers {
            if n < 0 { n += numWeeks + 1 }
            guard n > 0, n <= numWeeks else { continue }
            var i = no1wkst
            if n > 1 {
                i = no1wkst + (n - 1) * 7
                if no1wkst != firstWkst { i -= 7 - firstWkst }
            }
            markWeek(from: i)
        }
        if numbers.contains(1) {
            // Week 1 of next year may start in this year's last days.
            var i = no1wkst + numWeeks * 7
            if no1wkst != firstWkst { i -= 7 - firstWkst }
            if i < t.yearLength { markWeek(from: i) }
        }
        if no1wkst > 0 {
            // The days before week 1 are last year's last week.
            var lastNumWeeks = -1
            if !numbers.contains(-1) {
                let lastYearWeekday = Day(year: t.year - 1, month: 1, day: 1)!.weekday - 1
                let lastNo1wkst = (7 - lastYearWeekday + wkst) % 7
                let lastYearLength = Day.isLeap(t.year - 1) ? 366 : 365
                if lastNo1wkst >= 4 {
                    lastNumWeeks = 52 + (lastYearLength + (lastYearWeekday - wkst + 7) % 7) % 7 / 4
                } else {
                    lastNumWeeks = 52 + (t.yearLength - no1wkst) % 7 / 4
                }
            }
            if numbers.contains(lastNumWeeks) {
                for i in 0..<no1wkst { mask[i] = true }
            }
        }
        return mask
    }

    /// Days picked by numbered weekdays (`2TU`, `-1FR`, weekday 0 = Monday) in the given ranges
    /// of day indexes (a month, each BYMONTH month, or the whole year).
    func numberedWeekdays(_ numbered: [(weekday: Int, n: Int)], ranges: [Range<Int>]) -> [Bool] {
        var mask = [Bool](repeating: false, count: yearLength)
        for range in ranges {
            let first = range.lowerBound, last = range.upperBound - 1
            for (w, n) in numbered {
                var i: Int
                if n < 0 {
                    i = last + (n + 1) * 7
                    guard i >= first, i < weekday.count else { continue }
                    i -= (weekday[i] - w + 7) % 7
                } else {
                    i = first + (n - 1) * 7
                    guard i <= last, i >= 0 else { continue }
                    i += (7 - weekday[i] + w) % 7
                }
                if first <= i && i <= last { mask[i] = true }
            }
        }
        return mask
    }
}
