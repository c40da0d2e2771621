import CarouselCore

/// Text and JSON for `carousel habits` (shapes in docs/habits.md).
enum HabitsRender {
    struct Output: Encodable {
        let date: String
        let dayQualifies: Bool
        let streak: Int
        let bestStreak: Int
        let habits: [HabitItem]
        let heatmap: [HeatDay]
        enum CodingKeys: String, CodingKey {
            case date, streak, habits, heatmap
            case dayQualifies = "day_qualifies", bestStreak = "best_streak"
        }
    }

    struct HabitItem: Encodable {
        let slug: String
        let title: String
        let target: Amount
        let unit: String
        let period: String
        let progress: Amount
        let done: Bool
        let skipped: Bool
        let streak: Int
        let bestStreak: Int
        let strength: Double
        let scheduledToday: Bool
        let ended: Bool
        @OrNull var lastDay: String?
        enum CodingKeys: String, CodingKey {
            case slug, title, target, unit, period, progress, done, skipped, streak, strength, ended
            case bestStreak = "best_streak", scheduledToday = "scheduled_today", lastDay = "last_day"
        }
    }

    struct HeatDay: Encodable {
        let date: String
        @OrNull var ratio: Double?
        let qualifies: Bool
    }

    static func json(_ view: HabitsView) -> Output {
        Output(date: view.date.iso, dayQualifies: view.dayQualifies, streak: view.streak, bestStreak: view.bestStreak,
               habits: view.habits.map(habit),
               heatmap: view.heatmap.map { HeatDay(date: $0.date.iso, ratio: $0.ratio.map(rounded), qualifies: $0.qualifies) })
    }

    static func habit(_ s: HabitStatus) -> HabitItem {
        HabitItem(slug: s.habit.slug, title: s.habit.title, target: Amount(s.habit.target), unit: s.habit.unit.rawValue,
              period: s.habit.period.rawValue, progress: Amount(s.progress), done: s.done, skipped: s.skipped,
              streak: s.streak, bestStreak: s.bestStreak, strength: rounded(s.strength), scheduledToday: s.scheduledToday,
              ended: s.ended, lastDay: s.habit.lastDay?.iso)
    }

    static func rounded(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    static func lines(_ view: HabitsView, _ t: Terminal) -> [String] {
        var out = ["", "  " + t.bold("HABITS") + t.dim("  ·  " + Words.longDate(view.date)), ""]
        if view.habits.isEmpty {
            out.append("  No habits yet. Start small: `carousel habit add \"Drink water\" --target 6`.")
            return out + [""]
        }
        let width = min(28, view.habits.map { displayWidth(label($0.habit)) }.max() ?? 10)
        let progressWidth = min(30, view.habits.map { progressText($0, view.date).count }.max() ?? 10)
        let today = view.habits.filter(\.scheduledToday)
        let other = view.habits.filter { !$0.scheduledToday }
        if today.isEmpty { out.append("  Nothing scheduled today. A rest day counts too.") }
        for s in today + other {
            let mark = s.done ? t.green("✓") : s.skipped ? t.dim("–") : s.scheduledToday ? "○" : t.dim("·")
            let progress = progressText(s, view.date)
            let streak = s.streak > 0 ? "🔥 \(s.streak)" : ""
            let line = "  \(mark) " + fit(label(s.habit), width) + "  " + fit(progress, progressWidth) + "  "
                + fit(streak, 6) + "  " + bar(s.strength, t)
            let note = s.ended ? "  ended " + (s.habit.lastDay.map(Words.shortDate) ?? "") : "  not today"
            out.append(s.scheduledToday ? line : t.dim(line + note))
        }
        let pct = view.today.ratio.map { " (\(Int(($0 * 100).rounded()))% done)" } ?? ""
        out += ["", "  " + (view.dayQualifies ? t.green("Today counts toward your streak") + pct + ". Lovely."
                : "Today counts once 40% of today's habits are done" + pct + ".")]
        out.append("  Streak: " + t.bold(Words.plural(view.streak, "day")) + t.dim("  ·  best " + Words.plural(view.bestStreak, "day")))
        out += [""] + heatmap(view.heatmap, t) + [""]
        return out
    }

    static func progressText(_ s: HabitStatus, _ date: Day) -> String {
        if s.skipped { return s.habit.log[date]?.text ?? "skip" }
        return HabitAmount.progressText(s.progress, s.habit) + (s.habit.period == .day ? "" : " this \(s.habit.period.rawValue)")
    }

    static func label(_ h: Habit) -> String { (h.icon.map { $0 + " " } ?? "") + h.title }

    /// Strength as a small bar with a percentage: "▰▰▰▱▱ 61%".
    static func bar(_ strength: Double, _ t: Terminal) -> String {
        let filled = Int((strength * 5).rounded())
        return t.green(String(repeating: "▰", count: filled)) + t.dim(String(repeating: "▱", count: 5 - filled))
            + " \(Int((strength * 100).rounded()))%"
    }

    /// Seven rows (Mon…Sun), one column per week, oldest on the left.
    static func heatmap(_ days: [HabitDay], _ t: Terminal) -> [String] {
        guard let first = days.first else { return [] }
        let columns = (days.count + 6) / 7
        var rows = [String](repeating: "", count: 7)
        for (i, day) in days.enumerated() where i / 7 < columns {
            // Today is not missed yet: until something is done it shows as open.
            let open = i == days.count - 1 && day.completed == 0 && day.counted > 0
            rows[(i + first.date.weekday - 1) % 7] += open ? (t.color ? t.paint("□", "38;5;240") + " " : "o ") : cell(day, t)
        }
        var out = ["  " + t.dim("last \(columns) weeks, oldest on the left")]
        for (i, row) in rows.enumerated() { out.append("  " + t.dim(Words.weekdays[i]) + " " + row) }
        out.append("  " + t.dim(t.color ? "less " : "· none  - missed  + some  * counts  # all  o today, open   "))
        if t.color { out[out.count - 1] += ["236", "22", "28", "34", "46"].map { t.paint("■", "38;5;\($0)") }.joined(separator: " ") + t.dim(" more") }
        return out
    }

    static func cell(_ day: HabitDay, _ t: Terminal) -> String {
        guard let ratio = day.ratio else { return t.color ? t.paint("■", "38;5;236") + " " : "· " }
        if t.color {
            let code = ratio >= 1 ? "46" : day.qualifies ? (ratio >= 0.7 ? "34" : "28") : ratio > 0 ? "22" : "238"
            return t.paint("■", "38;5;\(code)") + " "
        }
        return (ratio >= 1 ? "#" : day.qualifies ? "*" : ratio > 0 ? "+" : "-") + " "
    }
}
