/// RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a comma, quote or line break.
public enum CSV {
    public static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ raw: String) -> String {
        let s = neutralized(raw)
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A cell a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return, as OWASP lists) gets a leading `'`, so it is shown as text. Numbers
    /// (`-3`) are left alone.
    static func neutralized(_ s: String) -> String {
        guard let first = s.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(s) == nil else { return s }
        return "'" + s
    }

    /// The columns of the cards export, in order (docs/ecosystem.md).
    public static let cardColumns = ["id", "slug", "title", "kind", "category", "tags", "importance", "spoons", "due",
                                     "repeat", "done", "completed", "skipped", "created", "parent", "emoji", "path",
                                     "start", "duration", "location", "remind"]

    /// One row per card; lists are joined with `;`. `location` and `remind` as the file writes
    /// them (several reminders joined with `;`).
    public static func cardRow(_ c: Card, location: String? = nil, remind: String? = nil) -> [String] {
        [c.id ?? "", c.slug, c.title, c.kind.rawValue, c.category ?? "", c.tags.joined(separator: ";"), String(c.importance),
         String(c.spoons), c.due?.description ?? "", c.repeatRule ?? "", c.done?.description ?? "",
         c.completed.map(\.iso).joined(separator: ";"), c.skipped.map(\.iso).joined(separator: ";"),
         c.created?.description ?? "", c.parent ?? "", c.emoji ?? "", c.path,
         c.start?.description ?? "", c.duration ?? "", location ?? "",
         (remind ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ";")]
    }

    /// The columns of the habits export: one row per habit and logged day.
    public static let habitColumns = ["date", "habit", "title", "amount", "target", "period", "unit", "target_met", "skipped", "note"]

    /// A habit's logged days up to `through`, oldest first.
    public static func habitRows(_ h: Habit, through: Day) -> [[String]] {
        h.log.keys.filter { $0 <= through }.sorted().compactMap { day in
            guard let entry = h.log[day] else { return nil }
            let note: String
            if case let .skip(text) = entry { note = text ?? "" } else { note = "" }
            return [day.iso, h.slug, h.title, HabitLogEntry.format(entry.amount), HabitLogEntry.format(h.target),
                    h.period.rawValue, h.unit.rawValue, HabitStats.targetMet(h, on: day) ? "true" : "false",
                    entry.isSkip ? "true" : "false", note]
        }
    }

    /// The columns of the XP export: one row per week.
    public static let xpColumns = ["week_start", "week_end", "habit_completions", "task_completions", "qualifying_days",
                                   "reflections", "focus_sessions", "xp"]

    public static func xpRow(_ w: XPWeek) -> [String] {
        [w.start.iso, w.end.iso, String(w.habitCompletions), String(w.taskCompletions), String(w.qualifyingDays),
         String(w.reflections), String(w.focusSessions), String(w.xp)]
    }
}

import Foundation
