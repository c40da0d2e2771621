extension Workspace {
    /// Pauses a habit from `from` to `to` (both included; from today when `from` is nil) and
    /// commits "habit pause: <title> from A to B". Spans that overlap or touch are joined.
    public func pauseHabit(_ ref: String, from: String?, to: String) throws(CarouselError) -> (habit: Habit, pause: HabitPause) {
        let habit = try resolveHabit(ref)
        func day(_ text: String, _ flag: String) throws(CarouselError) -> Day {
            guard let day = DateInput.parse(text, today: today, weekStart: settings.weekStart)?.day else {
                throw .invalidValue(field: flag, message: "expected \(DateInput.help), found \"\(text)\"")
            }
            return day
        }
        let start = try from.map { (t: String) throws(CarouselError) -> Day in try day(t, "--from") } ?? today
        let end = try day(to, from == nil ? "--until" : "--to")
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
