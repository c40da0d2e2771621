import CarouselCore

/// JSON for one habit (documented in docs/habits.md).
enum HabitJSON {
    /// Every front-matter field as written, plus slug, path, repeat_summary and next (14 dates).
    struct Document: Encodable {
        let frontMatter: [(String, JSON)]
        let slug: String
        let path: String
        let repeatSummary: String
        let next: [String]

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            for (k, v) in frontMatter { try c.encode(v, forKey: AnyKey(k)) }
            try c.encode(slug, forKey: AnyKey("slug"))
            try c.encode(path, forKey: AnyKey("path"))
            try c.encode(repeatSummary, forKey: AnyKey("repeat_summary"))
            try c.encode(next, forKey: AnyKey("next"))
        }
    }

    static func full(_ file: HabitFile, today: Day) -> Document {
        var pairs = CardJSON.frontMatter(yaml: file.document.yaml)
        let habit = file.habit
        if !pairs.contains(where: { $0.0 == "title" }) { pairs.append(("title", .string(habit.title))) }
        pairs.removeAll { ["slug", "path", "repeat_summary", "next"].contains($0.0) }
        return Document(frontMatter: pairs, slug: habit.slug, path: habit.path, repeatSummary: habit.rule.summary,
                        next: next(habit, today: today, count: 14).map(\.iso))
    }

    /// The habit's next scheduled days, from today on.
    static func next(_ habit: Habit, today: Day, count: Int) -> [Day] {
        guard !habit.archived else { return [] }
        let from = max(today, habit.start ?? today)
        return habit.rule.occurrences(anchor: habit.anchor ?? today, from: from, limit: count)
            .filter { day in habit.end.map { day <= $0 } ?? true }
    }

    /// What check, skip and uncheck print with --json.
    struct Change: Encodable {
        let slug: String
        let title: String
        let date: String
        @OrNull var before: String?
        @OrNull var entry: String?
        let progress: Amount
        let target: Amount
        let unit: String
        let period: String
        let done: Bool
        let committed: Bool
        /// Set when this change made today count for the streak (the 40% rule).
        @OrNull var celebration: CelebrationJSON?
    }

    struct CelebrationJSON: Encodable {
        let date: String
        let streak: Int
        let xp: Int
    }

    static func change(_ c: HabitChange, celebration: Celebration? = nil) -> Change {
        let h = c.habit
        let progress = HabitStats.progress(h, on: c.date)
        return Change(slug: h.slug, title: h.title, date: c.date.iso, before: c.before?.text, entry: c.after?.text,
                      progress: Amount(progress), target: Amount(h.target), unit: h.unit.rawValue, period: h.period.rawValue,
                      done: progress >= h.target, committed: c.committed,
                      celebration: celebration.map { CelebrationJSON(date: $0.date.iso, streak: $0.streak, xp: $0.xp) })
    }
}

extension HabitJSON {
    /// `carousel show HABIT` as text: its fields, this period's progress, streaks and the next days.
    static func lines(_ file: HabitFile, today: Day, _ t: Terminal) -> [String] {
        let h = file.habit
        let (streak, best) = HabitStats.streaks(h, today: today)
        var out = ["", "  " + t.bold(HabitsRender.label(h)) + t.dim("  \(h.path)"), ""]
        func row(_ k: String, _ v: String?) { if let v, !v.isEmpty { out.append("  " + t.dim(fit(k, 11)) + v) } }
        row("repeats", h.repeatText + "  (\(h.rule.summary))")
        row("target", HabitAmount.grouped(h.target) + (h.unit == .count ? "" : " \(h.unit.rawValue)") + " a \(h.period.rawValue)")
        row(h.period == .day ? "today" : "this \(h.period.rawValue)", HabitAmount.progressText(HabitStats.progress(h, on: today), h))
        row("streak", "\(streak) (best \(best))")
        row("strength", HabitsRender.bar(HabitStats.strength(h, today: today), t))
        row("next", next(h, today: today, count: 5).map { Words.shortDate($0) }.joined(separator: ", "))
        row("start", h.start?.iso)
        row("end", h.end?.iso)
        row("archived", h.archived ? "yes" : nil)
        row("logged", h.log.keys.sorted().suffix(7).map { "\($0.iso): \(h.log[$0]!.text)" }.joined(separator: "\n" + String(repeating: " ", count: 13)))
        return out + [""]
    }
}
