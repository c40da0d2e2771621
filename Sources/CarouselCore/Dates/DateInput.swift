/// Dates as people type them on the command line, for a whole value (`--due`, `set due=`,
/// `list --due`, filters). The words are `DateWords`', the same quick capture reads.
public enum DateInput {
    /// The date (and time, when one was given) a whole value names, or nil.
    public static func parse(_ raw: String, today: Day, weekStart: Int = 1) -> DateValue? {
        DateWords(today: today, weekStart: weekStart).read(raw)?.value
    }

    /// The date a whole value names, read with the vault's `week_start` and `date_order`.
    public static func parse(_ raw: String, today: Day, settings: Settings) -> DateValue? {
        settings.dateWords(today: today).read(raw)?.value
    }

    /// Like `parse`, and says whether a time came from words (`3pm`, `at 9`), which set `start`.
    public static func read(_ raw: String, today: Day, weekStart: Int = 1) -> DateWords.Reading? {
        DateWords(today: today, weekStart: weekStart).read(raw)
    }

    public static let help = "a date: 2026-12-05, today, tomorrow, friday, next week, in 2 weeks, dec 5, 3/14, the 14th, eow, eom, today+3 (see docs/cli.md)"

    /// "expected a date: …, found "tomorow"; did you mean tomorrow?": a refused date with the
    /// forms that work, and the date word it nearly is.
    public static func refusal(_ found: String, expected: String = help) -> String {
        let near = DateWords.nearMiss(endOf: found.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
            .flatMap { $0.typed == found.trimmingCharacters(in: .whitespaces) ? $0.meant : nil }
        return "expected \(expected), found \"\(found)\"" + (near.map { "; did you mean \($0)?" } ?? "")
    }
}
