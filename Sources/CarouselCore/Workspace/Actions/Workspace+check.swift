/// What `check`, `skip` or `uncheck` did to a habit's log.
public struct HabitChange: Sendable {
    public let habit: Habit
    public let date: Day
    /// The day's entry before and after; nil when there was none.
    public let before: HabitLogEntry?
    public let after: HabitLogEntry?
    /// Whether a commit was made (uncheck of an empty day changes nothing).
    public let committed: Bool
}

extension Workspace {
    /// Adds `amount` to a day of a habit and commits "check: <title> (2/2)". A day marked skipped
    /// keeps its skip (and its note) unless `force` says to log over it.
    public func check(_ ref: String, amount raw: String?, date input: String?, anyway: Bool,
                      force: Bool = false) throws(CarouselError) -> HabitChange {
        let habit = try resolveHabit(ref)
        let amount = try raw.map { (r: String) throws(CarouselError) -> Double in try HabitAmount.parse(r, for: habit) } ?? 1
        let day = try habitDay(input, habit)
        if !habit.isScheduled(on: day), !anyway, habit.hasEnded(by: day), let last = habit.lastDay {
            throw .usage("\(habit.title) ended on \(last.iso) (\(habit.repeatText)); add --anyway to log it all the same")
        }
        if !habit.isScheduled(on: day), !anyway {
            throw .usage("\(habit.title) isn't scheduled on \(day.iso) (\(habit.repeatText)); add --anyway to log it all the same")
        }
        let before = habit.log[day]
        if let before, before.isSkip, !force {
            throw .usage("\(habit.title) is marked skipped \(dayWords(day)) (\(before.text)); logging would replace the skip. "
                + "Did you do it after all? Add --force to log it instead of the skip")
        }
        var file = try HabitFile(vault: vault, path: habit.path)
        let after = HabitLogEntry.amount((before?.amount ?? 0) + amount)
        file.setLog(day, after)
        let progress = HabitStats.progress(file.habit, on: day)
        try commit([FileWrite(path: file.path, text: try file.checkedText(day, after))],
                   message: "check: \(habit.title) (\(HabitAmount.progressText(progress, habit)))" + suffix(day))
        return HabitChange(habit: file.habit, date: day, before: before, after: after, committed: true)
    }

    /// Marks a day skipped, with an optional note, and commits "skip: <title>". A day with progress
    /// logged, or a skip with another note, is kept as it is unless `force` says to replace it.
    public func skip(habit ref: String, note: String?, date input: String?, force: Bool = false) throws(CarouselError) -> HabitChange {
        let habit = try resolveHabit(ref)
        let day = try habitDay(input, habit)
        if habit.hasEnded(by: day), let last = habit.lastDay {
            throw .usage("\(habit.title) ended on \(last.iso) (\(habit.repeatText)), so there is nothing to skip")
        }
        guard habit.isScheduled(on: day) else {
            throw .usage("\(habit.title) isn't scheduled on \(day.iso) (\(habit.repeatText)), so there is nothing to skip")
        }
        let cleaned = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !(cleaned ?? "").contains("\n") else { throw .invalidValue(field: "--note", message: "must be one line") }
        let after = HabitLogEntry.skip(note: (cleaned ?? "").isEmpty ? nil : cleaned)
        let before = habit.log[day]
        if let before, before != after, !force {
            if before.amount > 0 {
                throw .usage("\(habit.title) already has \(HabitAmount.grouped(before.amount))\(habit.unit == .count ? "" : " " + habit.unit.rawValue) logged \(dayWords(day)); "
                    + "a skip would replace it, so it was kept. Skip it all the same? Add --force")
            }
            if before.isExcused {
                throw .usage("\(habit.title) is already skipped \(dayWords(day)) with a note (\(before.text)); it was kept. "
                    + "Replace the note? Add --force")
            }
        }
        var file = try HabitFile(vault: vault, path: habit.path)
        file.setLog(day, after)
        let replaced = before.map { $0.amount > 0 ? " (was \($0.text)\(habit.unit == .count ? "" : " " + habit.unit.rawValue))" : "" } ?? ""
        let message = "skip: \(habit.title)" + ((cleaned ?? "").isEmpty ? "" : " — \(cleaned!)") + replaced + suffix(day)
        try commit([FileWrite(path: file.path, text: try file.checkedText(day, after))], message: message)
        return HabitChange(habit: file.habit, date: day, before: before, after: after, committed: true)
    }

    /// Clears a day's log entry and commits "uncheck: <title>". Nothing logged: no commit.
    public func uncheck(_ ref: String, date input: String?) throws(CarouselError) -> HabitChange {
        let habit = try resolveHabit(ref)
        let day = try habitDay(input, habit)
        guard let before = habit.log[day] else {
            return HabitChange(habit: habit, date: day, before: nil, after: nil, committed: false)
        }
        var file = try HabitFile(vault: vault, path: habit.path)
        file.setLog(day, nil)
        try commit([FileWrite(path: file.path, text: try file.checkedText(day, nil))], message: "uncheck: \(habit.title)" + suffix(day))
        return HabitChange(habit: file.habit, date: day, before: before, after: nil, committed: true)
    }

    /// The day a habit command is about: today, or `--date`, never before the start or after today.
    func habitDay(_ input: String?, _ habit: Habit) throws(CarouselError) -> Day {
        var day = today
        if let input {
            guard let d = DateInput.parse(input, today: today, settings: settings)?.day else {
                throw .invalidValue(field: "--date", message: DateInput.refusal(input))
            }
            day = d
        }
        if let start = habit.start, day < start {
            throw .invalidValue(field: "--date", message: "\(day.iso) is before \(habit.title) started (\(start.iso)); nothing was written")
        }
        if day > today {
            throw .invalidValue(field: "--date", message: "\(day.iso) hasn't happened yet; log a day once it's here")
        }
        return day
    }

    private func suffix(_ day: Day) -> String { day == today ? "" : " on \(day.iso)" }

    private func dayWords(_ day: Day) -> String { day == today ? "today" : "on \(day.iso)" }
}
