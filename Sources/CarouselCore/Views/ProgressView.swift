/// XP earned in one Monday-to-Sunday week, with what it came from.
public struct XPWeek: Sendable, Equatable {
    public let start: Day
    public var habitCompletions = 0
    public var taskCompletions = 0
    public var qualifyingDays = 0
    public var reflections = 0
    public var focusSessions = 0

    public init(start: Day) { self.start = start }

    public var end: Day { start.adding(days: 6) }

    public var xp: Int {
        XPRules.completion * (habitCompletions + taskCompletions) + XPRules.qualifyingDay * qualifyingDays
            + XPRules.reflection * reflections + XPRules.focusSession * focusSessions
    }
}

/// The points, from the product brief.
public enum XPRules {
    public static let completion = 10
    public static let qualifyingDay = 50
    public static let reflection = 10
    public static let focusSession = 20
    /// A focus session earns XP from this many minutes.
    public static let focusMinimum = 25
}

/// `carousel progress`: XP recomputed from the vault every time, never stored.
public struct ProgressView: Sendable {
    public let date: Day
    /// All XP up to and including `date`.
    public let total: Int
    /// The last weeks, oldest first; the last one holds `date`.
    public let weeks: [XPWeek]

    public var thisWeek: XPWeek { weeks.last ?? XPWeek(start: Day(dayNumber: date.weekStartDayNumber)) }

    /// Counts every completion up to `today`: a habit's target reached (once per day for a daily
    /// target, on the day the week's or month's sum reaches it otherwise), a task's `done` date or
    /// a repeating card's `completed` dates, each qualifying day, and the journal's reflections
    /// and focus sessions of at least 25 minutes.
    public static func make(cards: [Card], habits: [Habit], journal: [Day: JournalActivity], today: Day,
                            weeks count: Int = 8) -> ProgressView {
        var byWeek: [Int: XPWeek] = [:]
        func add(_ day: Day, _ change: (inout XPWeek) -> Void) {
            guard day <= today else { return }
            let key = day.weekStartDayNumber
            var week = byWeek[key] ?? XPWeek(start: Day(dayNumber: key))
            change(&week)
            byWeek[key] = week
        }
        for card in cards where card.kind == .task {
            if card.isRepeating {
                for d in card.completed { add(d) { $0.taskCompletions += 1 } }
            } else if let done = card.done?.day {
                add(done) { $0.taskCompletions += 1 }
            }
        }
        let active = habits.filter { !$0.archived }
        for habit in active {
            for day in habit.log.keys where completionDay(habit, day) { add(day) { $0.habitCompletions += 1 } }
        }
        let starts = active.compactMap { HabitStats.firstDay($0, today: today) }
        if var d = starts.min() {
            while d <= today {
                if HabitsView.day(active, d).qualifies { add(d) { $0.qualifyingDays += 1 } }
                d = d.adding(days: 1)
            }
        }
        for (day, activity) in journal {
            add(day) {
                $0.reflections += activity.reflections
                $0.focusSessions += activity.focusMinutes.filter { $0 >= XPRules.focusMinimum }.count
            }
        }
        let thisMonday = today.weekStartDayNumber
        let shown = (0..<max(count, 1)).reversed().map { i in
            byWeek[thisMonday - 7 * i] ?? XPWeek(start: Day(dayNumber: thisMonday - 7 * i))
        }
        return ProgressView(date: today, total: byWeek.values.reduce(0) { $0 + $1.xp }, weeks: shown)
    }

    /// Whether `day` is the day a habit completion is earned.
    static func completionDay(_ habit: Habit, _ day: Day) -> Bool {
        guard habit.amount(on: day) > 0 else { return false }
        if habit.period == .day { return habit.amount(on: day) >= habit.target }
        let before = HabitStats.progress(habit, on: day) - habit.amount(on: day)
        return before < habit.target && HabitStats.progress(habit, on: day) >= habit.target
    }
}
