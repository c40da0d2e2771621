/// Day and time words people type into a capture line beyond the date table: "this weekend",
/// "next weekend" and a part of the day ("morning", "tonight").
extension DateWords {
    /// The times a part of the day stands for, minutes after midnight (docs/cli.md).
    static let partsOfDay: [String: Int] = [
        "morning": 9 * 60, "afternoon": 14 * 60, "evening": 19 * 60, "tonight": 20 * 60, "night": 20 * 60,
    ]

    /// `morning`, `afternoon`, `evening`, `tonight`: the time it stands for, or nil.
    public static func partOfDay(_ w: String) -> Int? { partsOfDay[clean(w)] }

    /// `this weekend` (this week's Saturday, or today on a weekend day) and `next weekend` (the
    /// Saturday after it): the day and how many words it took.
    func weekend(_ w: String, _ next: String?) -> DayRead? {
        guard next == "weekend" else { return nil }
        let saturday = today.adding(days: 6 - today.weekday)  // yesterday on a Sunday
        switch w {
        case "this": return (max(saturday, today), 2)
        case "next": return (saturday.adding(days: 7), 2)
        default: return nil
        }
    }
}
