/// `carousel calendar`: the cards due or occurring on each day of a day, week, month or year.
public struct CalendarView: Sendable {
    public enum Period: String, Sendable, CaseIterable { case day, week, month, year }

    public struct DayCell: Sendable {
        public let date: Day
        /// The day's cards in order; only the first `limit` when the view was made with one.
        public let entries: [Placement.Entry]
        /// How many cards the day holds in all.
        public let count: Int

        public init(date: Day, entries: [Placement.Entry], count: Int? = nil) {
            self.date = date
            self.entries = entries
            self.count = count ?? entries.count
        }

        /// The cards of the day not in `entries`.
        public var unlisted: Int { count - entries.count }
    }

    /// How many cards a day of the week or month text lists (`calendar --all` lists every one):
    /// as many as the widest month cell has dots, so the grid is the same either way.
    public static let shownPerDay = 10

    public let period: Period
    /// The day the view was asked about (today, or the DATE given).
    public let focus: Day
    public let from: Day
    public let to: Day
    public let weekStart: Int
    public let days: [DayCell]

    /// The first and last day of the period holding `date`.
    public static func range(_ period: Period, around date: Day, weekStart: Int) -> (Day, Day) {
        switch period {
        case .day: return (date, date)
        case .week:
            let start = Placement.weekStart(of: date, weekStart: weekStart)
            return (start, start.adding(days: 6))
        case .month:
            let first = Day(year: date.year, month: date.month, day: 1)!
            return (first, first.adding(months: 1).adding(days: -1))
        case .year:
            return (Day(year: date.year, month: 1, day: 1)!, Day(year: date.year, month: 12, day: 31)!)
        }
    }

    /// The view of the period holding `date`; with `limit` above 0, each day keeps only its
    /// first `limit` cards (and counts the rest). With `counts` (one per day), the snapshot holds
    /// only the cards shown, and each day's count is given (`Workspace.calendar`).
    public static func make(_ snapshot: VaultSnapshot, period: Period, date: Day, limit: Int = 0, counts: [Int]? = nil) -> CalendarView {
        let weekStart = snapshot.settings.weekStart
        let (from, to) = range(period, around: date, weekStart: weekStart)
        let cells = Placement.entries(snapshot.cards, from: from, to: to, limit: limit).enumerated()
            .map { i, cell in DayCell(date: cell.day, entries: cell.entries, count: counts?[i] ?? cell.count) }
        return CalendarView(period: period, focus: date, from: from, to: to, weekStart: weekStart, days: cells)
    }

    /// A month as rows of seven cells, nil before the 1st and after the last day, the first
    /// column being `weekStart` (1=Mon…7=Sun).
    public static func monthGrid(year: Int, month: Int, weekStart: Int) -> [[Day?]] {
        let first = Day(year: year, month: month, day: 1)!
        let lead = (first.weekday - weekStart + 7) % 7
        var cells: [Day?] = Array(repeating: nil, count: lead)
        for d in 1...Day.daysIn(month: month, year: year) { cells.append(Day(year: year, month: month, day: d)) }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The cell of one date, when it is in range.
    public func cell(_ day: Day) -> DayCell? {
        let i = from.days(until: day)
        return i >= 0 && i < days.count ? days[i] : nil
    }
}
