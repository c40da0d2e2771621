import Foundation

/// Per-habit arithmetic: periods, progress, completion, streaks and strength. Pure functions.
public enum HabitStats {
    /// How far back history is read, in days: enough for any streak a person will look at.
    static let horizon = 5 * 366

    /// The first and last day of the period (day, Monday-to-Sunday week, or month) holding `day`.
    public static func periodRange(_ period: HabitPeriod, containing day: Day) -> ClosedRange<Day> {
        switch period {
        case .day: return day...day
        case .week:
            let monday = Day(dayNumber: day.weekStartDayNumber)
            return monday...monday.adding(days: 6)
        case .month:
            let first = Day(year: day.year, month: day.month, day: 1)!
            return first...first.adding(days: Day.daysIn(month: day.month, year: day.year) - 1)
        }
    }

    /// The amount logged in `day`'s period up to and including `day`.
    public static func progress(_ habit: Habit, on day: Day) -> Double {
        if habit.period == .day { return habit.amount(on: day) }
        let range = periodRange(habit.period, containing: day)
        return habit.log.reduce(0) { sum, item in
            range.contains(item.key) && item.key <= day ? sum + item.value.amount : sum
        }
    }

    /// Whether the target of `day`'s period is reached by the end of `day`.
    public static func targetMet(_ habit: Habit, on day: Day) -> Bool {
        progress(habit, on: day) >= habit.target
    }

    /// Whether a scheduled day counts as done for the 40% rule: a daily target reached that day;
    /// for a weekly or monthly target, something logged that day or the period's target already reached.
    public static func completed(_ habit: Habit, on day: Day) -> Bool {
        if habit.period == .day { return habit.amount(on: day) >= habit.target }
        return habit.amount(on: day) > 0 || targetMet(habit, on: day)
    }

    /// The first day history is read from: the anchor, but no further back than the horizon.
    static func firstDay(_ habit: Habit, today: Day) -> Day? {
        guard let anchor = habit.anchor, anchor <= today else { return nil }
        return max(anchor, today.adding(days: -horizon))
    }

    /// The habit's own repetitions up to `today`: scheduled days for a daily target, whole
    /// weeks or months otherwise. `value` is 0…1 (how much of the target was done), nil when
    /// the repetition is excused (a skip with a note) or still open (today, not yet done).
    static func repetitions(_ habit: Habit, today: Day) -> [Double?] {
        guard let first = firstDay(habit, today: today) else { return [] }
        var result: [Double?] = []
        if habit.period == .day {
            var d = first
            while d <= today {
                if habit.isScheduled(on: d) {
                    let entry = habit.log[d]
                    let value = min(1, habit.amount(on: d) / habit.target)
                    if entry?.isExcused == true || (d == today && value < 1) {
                        result.append(nil)
                    } else {
                        result.append(value)
                    }
                }
                d = d.adding(days: 1)
            }
            return result
        }
        var start = periodRange(habit.period, containing: first).lowerBound
        while start <= today {
            let range = periodRange(habit.period, containing: start)
            let days = (0...range.lowerBound.days(until: range.upperBound)).map { range.lowerBound.adding(days: $0) }
            let scheduled = days.filter { habit.isScheduled(on: $0) }
            let value = min(1, progress(habit, on: range.upperBound) / habit.target)
            let open = range.contains(today) && value < 1
            let excused = days.contains { habit.log[$0]?.isExcused == true }
            if scheduled.isEmpty || open || (excused && value < 1) {
                result.append(nil)
            } else {
                result.append(value)
            }
            start = range.upperBound.adding(days: 1)
        }
        return result
    }

    /// Current and best run of repetitions whose target was met. Excused or open ones neither
    /// extend nor break a run.
    public static func streaks(_ habit: Habit, today: Day) -> (current: Int, best: Int) {
        var run = 0, best = 0
        for value in repetitions(habit, today: today) {
            guard let value else { continue }
            run = value >= 1 ? run + 1 : 0
            best = max(best, run)
        }
        return (run, best)
    }

    /// Repetitions per day the rule asks for: 1 for a daily habit, 3/7 for three days a week,
    /// 1/7 for a weekly target, 12/365 for a monthly one.
    public static func frequency(_ habit: Habit) -> Double {
        switch habit.period {
        case .week: return 1.0 / 7
        case .month: return 12.0 / 365
        case .day:
            let anchor = habit.anchor ?? Day(dayNumber: 0)
            let count = (0..<364).filter { habit.rule.occurs(on: anchor.adding(days: $0), anchor: anchor) }.count
            return Double(max(count, 1)) / 364
        }
    }

    /// Loop-style strength, 0…1: an exponential average over the habit's repetitions,
    /// `s ← s·m + v·(1 − m)` with `m = 0.5^(√f / 13)` and `f` the repetitions per day.
    /// A habit asked for less often has `m` closer to 1, so one missed repetition costs it less.
    public static func strength(_ habit: Habit, today: Day) -> Double {
        let m = pow(0.5, frequency(habit).squareRoot() / 13)
        var s = 0.0
        for value in repetitions(habit, today: today) {
            guard let value else { continue }
            s = s * m + value * (1 - m)
        }
        return s
    }
}
