/// The merge of one day of a habit's log when both devices changed its amount.
///
/// A day's amount is a sum of checks (`check walk 1` here and `check walk 2` there are three
/// walks), so each device's change to the day is kept: the merged amount is the common
/// ancestor's amount (0 when the day was not logged there) plus what each side added or took
/// away, `ours + theirs − base`. It does not depend on which device merges. When that would come
/// out at 0 or below (both sides lowered a day by hand), nothing is added and the caller keeps
/// the larger amount, as before.
enum HabitLogSum {
    /// Whether a field of a file is a habit's log, the one per-day map whose values are sums.
    static func applies(path: String, key: String) -> Bool {
        key == "log" && path.hasPrefix(Vault.habitsDir + "/")
    }

    struct Merged {
        /// The day's line, indented and keyed as our line is.
        let line: String
        /// Said in the sync output, so an added-up day is never a surprise.
        let note: String
    }

    /// Nil unless both sides hold amounts (a `skip` on either side stays a clash) and the sum
    /// is above 0. `base` is the ancestor's value as written, nil when the day was not there.
    static func merged(day: String, base: String?, ours: (value: String, line: String),
                       theirs: (value: String, line: String)) -> Merged? {
        guard let o = amount(ours.value), let t = amount(theirs.value) else { return nil }
        let b = base.flatMap(amount) ?? 0
        let sum = ((o + t - b) * 1_000_000).rounded() / 1_000_000
        guard sum > 0, sum.isFinite else { return nil }
        let text = HabitLogEntry.format(sum)
        guard let colon = ours.line.firstIndex(of: ":") else { return nil }
        let line = ours.line[..<colon] + ": " + text
        return Merged(line: String(line),
                      note: "\(day): logged on both devices (\(ours.value) here, \(theirs.value) on the other, "
                          + "\(HabitLogEntry.format(b)) before); both kept, added up to \(text)")
    }

    /// An amount as the habit parser reads it: a number of at least 0.
    private static func amount(_ text: String) -> Double? {
        guard case let .amount(value)? = HabitParser.entry(unquoted(text)) else { return nil }
        return value
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let q = text.first, q == "\"" || q == "'", text.last == q else { return text }
        return String(text.dropFirst().dropLast())
    }
}
