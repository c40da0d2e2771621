import CarouselCore

/// The home view's pointers to the other views: one line per view enabled in settings (`views:`),
/// with counts, so nothing is out of sight.
enum HomeLines {
    /// Today's habits as the Habits line counts them: how many exist (not archived), how many
    /// are scheduled today, and how many of those are still open.
    struct HabitCounts {
        var total = 0, scheduled = 0, left = 0
    }

    static func views(_ view: HomeView, settings: Settings, today: Day, habits: HabitCounts, _ t: Terminal) -> [String] {
        var lines: [String] = []
        for name in settings.views {
            guard let line = line(name.lowercased(), view, today: today, habits: habits) else { continue }
            let hint = "  · carousel \(line.command)"
            let room = max(80, t.width) - 13 - displayWidth(hint)
            let text = displayWidth(line.text) > room ? line.text : line.text + t.dim(hint)
            lines.append("  " + t.bold(fit(line.label, 10)) + " " + text)
        }
        if view.problems > 0 {
            lines.append("  " + t.yellow(Words.plural(view.problems, "file") + " need a look (see above)"))
        }
        return lines.isEmpty ? [] : [""] + lines
    }

    static func line(_ name: String, _ view: HomeView, today: Day, habits: HabitCounts) -> (label: String, text: String, command: String)? {
        switch name {
        case "board":
            var parts: [String] = []
            if view.overdue > 0 { parts.append("\(view.overdue) overdue") }
            if view.dueToday > 0 { parts.append("\(view.dueToday) due today") }
            parts.append("\(view.count(.thisWeek)) this week")
            if view.count(.upcoming) > 0 { parts.append("\(view.count(.upcoming)) upcoming") }
            if view.someday > 0 { parts.append("\(view.someday) someday") }
            return ("Board", parts.joined(separator: " · "), "board")
        case "countdown":
            guard let next = view.countdown.next else { return ("Countdown", "nothing on the horizon", "countdown") }
            let when = Countdown.phrase(next.daysUntil)
            let more = view.countdown.events.filter { $0.daysUntil >= 0 }.count - 1
            let text = (next.card.emoji.map { $0 + " " } ?? "") + next.card.title + " " + when
                + (more > 0 ? " · \(more) more coming up" : "")
            return ("Countdown", text, "countdown")
        case "calendar":
            let n = view.count(.today) + view.count(.thisWeek)
            return ("Calendar", "\(Words.plural(n, "card")) due from today to the end of the week", "calendar")
        case "timeline":
            return ("Timeline", view.scheduledToday == 0 ? "nothing scheduled today" : "\(view.scheduledToday) scheduled today", "timeline")
        case "checkin", "check-in":
            let d = view.today
            return ("Check-in", "\(d.doneCount) of \(Words.plural(d.items.count, "card")) done today", "checkin")
        case "habits", "streaks":
            // Only a claim that is true: no "all done" when there is nothing to do.
            if habits.total == 0 { return ("Habits", "no habits yet", "habit add") }
            if habits.scheduled == 0 { return ("Habits", "none due today", "habits") }
            return ("Habits", habits.left == 0 ? "all done for today" : Words.plural(habits.left, "habit") + " left today", "habits")
        default:
            // Views this build does not know say nothing here.
            return nil
        }
    }
}
