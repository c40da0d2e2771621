extension Workspace {
    /// Pauses a habit from `from` to `to` (both included; from today when `from` is nil, or
    /// from tomorrow when today is already checked) and
    /// commits "habit pause: <title> from A to B". Spans that overlap or touch are joined.
    public func pauseHabit(_ ref: String, from: String?, to: String) throws(CarouselError) -> (habit: Habit, pause: HabitPause) {
        let habit = try resolveHabit(ref)
        func day(_ text: String, _ flag: String) throws(CarouselError) -> Day {
            guard let day = DateInput.parse(text, today: today, weekStart: settings.weekStart)?.day else {
                throw .invalidValue(field: flag, message: "expected \(DateInput.help), found \"\(text)\"")
            }
            return day
        }
        // A day already checked stays counted: a pause from today would hide today's check
        // (and shorten the streak), so it starts tomorrow.
        let checkedToday = habit.amount(on: today) > 0
        let start = try from.map { (t: String) throws(CarouselError) -> Day in try day(t, "--from") } ?? (checkedToday ? today.adding(days: 1) : today)
        let end = try day(to, from == nil ? "--until" : "--to")
        if from == nil, checkedToday, end < start {
            throw .usage("\(habit.title) is already checked today, so a pause would start tomorrow; give an end after today")
        }
        guard start <= end else {
            throw .usage("the pause would end (\(end.iso)) before it starts (\(start.iso)); give an end on or after the start")
        }
        let pause = HabitPause(from: start, to: end)
        var file = try HabitFile(vault: vault, path: habit.path)
        file.set("paused", list: HabitPause.adding(pause, to: habit.pauses).map(\.text))
        try commit([FileWrite(path: file.path, text: file.text)], message: "habit pause: \(habit.title) from \(start.iso) to \(end.iso)")
        return (file.habit, pause)
    }
}
