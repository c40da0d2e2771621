/// What the day's clock says, in one place for the terminal and the page.
extension DayClock {
    /// "It's 13:00."
    public var nowWords: String { "It's " + TimelineView.clock(now) + "." }

    /// The next fixed thing's name and the rest of its sentence ("Dentist", " at 14:00, in 1h."),
    /// nil when nothing fixed is left today.
    public var nextWords: (title: String, rest: String)? {
        guard let fixed = next else { return nil }
        let when = (fixed.day == date ? "" : "tomorrow ") + "at " + TimelineView.clock(fixed.start)
        return ((fixed.card.icon.map { $0 + " " } ?? "") + fixed.card.title, " \(when), in " + TimelineView.length(fixed.minutesUntil) + ".")
    }

    public static let nothingFixedWords = "Nothing fixed for the rest of the day."

    /// "9h left before your day ends at 22:00." or, after it, a kind word.
    public var leftWords: String {
        let end = TimelineView.clock(dayEnd)
        return minutesLeft > 0 ? "\(TimelineView.length(minutesLeft)) left before your day ends at \(end)."
            : "Your day ended at \(end). Rest is part of the plan."
    }
}
