import Foundation

/// The moment a day starts to count for the streak (the 40% rule): what the terminal says once
/// that day, warmly, and what `--json` carries as a field.
public struct Celebration: Sendable, Equatable {
    public let date: Day
    /// The day streak including this day.
    public let streak: Int
    /// XP the change earned: the qualifying day's, plus the habit completion it made.
    public let xp: Int

    /// A celebration when a habit change turned `today` from not counting into counting; nil
    /// otherwise (a past day, a day that already counted, one that still does not).
    public static func after(change habit: Habit, was old: Habit?, habits: [Habit], today: Day, date: Day) -> Celebration? {
        guard date == today else { return nil }
        let now = habits.filter { !$0.archived }
        var before = now.filter { $0.path != habit.path }
        if let old { before.append(old) }
        guard HabitsView.day(now, today).qualifies, !HabitsView.day(before, today).qualifies else { return nil }
        let completion = ProgressView.completionDay(habit, today) && !(old.map { ProgressView.completionDay($0, today) } ?? false)
        let xp = XPRules.qualifyingDay + (completion ? XPRules.completion : 0)
        return Celebration(date: today, streak: HabitsView.dayStreaks(now, today: today).current, xp: xp)
    }

    /// "Today counts for your streak: 5 days in a row, +60 XP. Well done."
    public var sentence: String {
        let run = streak == 1 ? "day one of a new streak" : "\(streak) days in a row"
        return "Today counts for your streak: \(run), +\(xp) XP. Well done."
    }
}
