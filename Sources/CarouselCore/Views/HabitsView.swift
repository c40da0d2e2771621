/// One day measured by the 40% rule.
public struct HabitDay: Sendable, Equatable {
    public let date: Day
    /// Habits scheduled that day that count (a skip with a note leaves the count).
    public let counted: Int
    /// Of those, how many were completed.
    public let completed: Int

    /// completed / counted; nil when nothing counted that day.
    public var ratio: Double? { counted > 0 ? Double(completed) / Double(counted) : nil }

    /// At least 40% of the counted habits done.
    public var qualifies: Bool { counted > 0 && completed * 5 >= counted * 2 }
}

/// A habit as the habits view shows it on one day.
public struct HabitStatus: Sendable {
    public let habit: Habit
    /// Amount so far in the current period (today for a daily target).
    public let progress: Double
    /// The current period's target is reached.
    public let done: Bool
    /// Today's log says skip (with or without a note).
    public let skipped: Bool
    public let streak: Int
    public let bestStreak: Int
    /// 0…1, see `HabitStats.strength`.
    public let strength: Double
    public let scheduledToday: Bool
    /// The habit's last day (`end`, UNTIL or COUNT) is behind it.
    public var ended: Bool { habit.hasEnded(by: date) }
    /// The day the view is for.
    public let date: Day
}

/// `carousel habits`: today's habits, the 40% rule, streaks and the heatmap.
public struct HabitsView: Sendable {
    public let date: Day
    public let today: HabitDay
    public let streak: Int
    public let bestStreak: Int
    public let habits: [HabitStatus]
    /// Oldest first, from a Monday `weeks` weeks before this week's Monday, to `date`.
    public let heatmap: [HabitDay]

    public var dayQualifies: Bool { today.qualifies }

    /// Builds the view. Archived habits are left out.
    public static func make(habits all: [Habit], today: Day, weeks: Int = 12) -> HabitsView {
        let habits = all.filter { !$0.archived }
        let statuses = habits.map { h in
            let (current, best) = HabitStats.streaks(h, today: today)
            return HabitStatus(habit: h, progress: HabitStats.progress(h, on: today), done: HabitStats.targetMet(h, on: today),
                               skipped: h.log[today]?.isSkip ?? false, streak: current, bestStreak: best,
                               strength: HabitStats.strength(h, today: today), scheduledToday: h.isScheduled(on: today),
                               date: today)
        }
        let (streak, best) = dayStreaks(habits, today: today)
        let first = Day(dayNumber: today.weekStartDayNumber - 7 * max(weeks, 0))
        let heatmap = (0...first.days(until: today)).map { day(habits, first.adding(days: $0)) }
        return HabitsView(date: today, today: day(habits, today), streak: streak, bestStreak: best,
                          habits: statuses, heatmap: heatmap)
    }

    /// The 40% rule for one date.
    public static func day(_ habits: [Habit], _ date: Day) -> HabitDay {
        var counted = 0, completed = 0
        for h in habits where !h.archived && h.isScheduled(on: date) {
            if h.log[date]?.isExcused == true { continue }
            counted += 1
            if HabitStats.completed(h, on: date) { completed += 1 }
        }
        return HabitDay(date: date, counted: counted, completed: completed)
    }

    /// Current and best run of qualifying days. Days with nothing counted neither extend nor
    /// break a run, and today only breaks it once it is over (it never does: it is still today).
    public static func dayStreaks(_ habits: [Habit], today: Day) -> (current: Int, best: Int) {
        let starts = habits.filter { !$0.archived }.compactMap { HabitStats.firstDay($0, today: today) }
        guard let first = starts.min() else { return (0, 0) }
        var run = 0, best = 0
        var d = first
        while d <= today {
            let result = day(habits, d)
            if result.qualifies {
                run += 1
            } else if result.counted > 0 && d < today {
                run = 0
            }
            best = max(best, run)
            d = d.adding(days: 1)
        }
        return (run, best)
    }

    /// Habits scheduled today whose target is not reached and that are not skipped.
    public var dueCount: Int { habits.filter { $0.scheduledToday && !$0.done && !$0.skipped }.count }
}
