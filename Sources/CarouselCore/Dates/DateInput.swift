/// Dates as people type them on the command line, for a whole value (`--due`, `set due=`,
/// `list --due`, filters). The words are `DateWords`', the same quick capture reads.
public enum DateInput {
    /// The date (and time, when one was given) a whole value names, or nil.
    public static func parse(_ raw: String, today: Day, weekStart: Int = 1) -> DateValue? {
        DateWords(today: today, weekStart: weekStart).read(raw)?.value
    }

    /// Like `parse`, and says whether a time came from words (`3pm`, `at 9`), which set `start`.
    public static func read(_ raw: String, today: Day, weekStart: Int = 1) -> DateWords.Reading? {
        DateWords(today: today, weekStart: weekStart).read(raw)
    }

    public static let help = "a date: YYYY-MM-DD, today, tomorrow, friday, eow, eom, in 2 weeks, next month, today+3 (see docs/cli.md)"
}
