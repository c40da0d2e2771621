import CarouselCore
import Hummingbird

/// `/habits`: each habit with today's progress, streak and strength, a check and a skip button,
/// and the heat map of the last twelve weeks.
struct HabitsController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/habits") { request, _ in
            shared.page(request, title: "Habits", current: "/habits") { state in habits(state) }
        }
    }

    func habits(_ state: VaultStore.State) -> [HTML] {
        let view = HabitsView.make(habits: state.habits, today: state.today)
        let token = shared.access.formToken
        var content = [H.el("h1", [:], "Habits")]
        if view.habits.isEmpty {
            content.append(Pages.muted("No habits yet. Start small: `carousel habit add \"Drink water\" --target 6`."))
            return content
        }
        let rows = view.habits.map { s -> HTML in
            let h = s.habit
            let progress = format(s.progress) + " / " + format(h.target) + (h.unit.rawValue == "count" ? "" : " " + h.unit.rawValue)
                + (h.period.rawValue == "day" ? "" : " this " + h.period.rawValue)
            let status = s.done ? "done" : s.skipped ? "skipped" : s.scheduledToday ? "to do" : (s.ended ? "ended" : "not today")
            var actions: [HTML] = []
            if !s.ended {
                // A skipped day is logged over only on purpose, and a day with progress offers no skip:
                // the same rule as `check --force` and `skip --force`.
                actions.append(s.skipped
                    ? H.action("check", token: token, fields: ["ref": h.slug, "force": "1"], label: "✓ Did it after all",
                               title: "Log \(h.title) instead of today's skip")
                    : h.target > 1 || h.unit.rawValue != "count" ? amountForm(s, token: token)
                    : H.action("check", token: token, fields: ["ref": h.slug], label: "✓ Check", title: "Check \(h.title)"))
                if !s.skipped && !s.done && (h.log[state.today]?.amount ?? 0) == 0 {
                    actions.append(H.action("skip", token: token, fields: ["habit": h.slug], label: "Skip", title: "Skip \(h.title) today",
                                            cls: "button quiet"))
                }
            }
            return H.el("li", ["class": "habit " + status.replacingOccurrences(of: " ", with: "-"), "data-ref": h.slug], [
                H.el("span", ["class": "mark", "aria-hidden": "true"], s.done ? "✓" : s.skipped ? "–" : "○"),
                H.el("span", ["class": "title"], (h.icon.map { $0 + " " } ?? "") + h.title),
                H.el("span", ["class": "meta"], progress + " · " + status),
                H.el("span", ["class": "meta"], s.streak > 0 ? "🔥 \(s.streak) · best \(s.bestStreak)" : "best \(s.bestStreak)"),
                H.el("meter", ["min": "0", "max": "1", "value": String(s.strength), "title": "strength \(Int((s.strength * 100).rounded()))%",
                               "aria-label": "strength \(Int((s.strength * 100).rounded()))%"], []),
                H.el("span", ["class": "actions"], actions),
            ])
        }
        content.append(H.el("ul", ["class": "habits"], rows))
        let pct = view.today.ratio.map { " (\(Int(($0 * 100).rounded()))% done)" } ?? ""
        content.append(H.el("p", [:], view.dayQualifies ? "Today counts toward your streak\(pct). Lovely."
                                : "Today counts once 40% of today's habits are done\(pct)."))
        content.append(H.el("p", [:], "Streak: \(Words.plural(view.streak, "day")) · best \(Words.plural(view.bestStreak, "day"))"))
        content.append(heatmap(view.heatmap))
        return content
    }

    /// A habit counted in amounts ("10,000 steps", "30 min") is logged by its amount: a field
    /// holding what is left to reach today's target, so one tap logs the rest, or any amount typed.
    func amountForm(_ s: HabitStatus, token: String) -> HTML {
        let h = s.habit
        let left = h.target - s.progress
        let unit = h.unit.rawValue == "count" ? "" : " " + h.unit.rawValue
        return H.el("form", ["method": "post", "action": "/actions/check", "class": "inline amount", "data-action": "check"], [
            H.el("input", ["type": "hidden", "name": "csrf", "value": token]),
            H.el("input", ["type": "hidden", "name": "ref", "value": h.slug]),
            H.el("input", ["type": "number", "name": "amount", "min": "0", "step": "any", "inputmode": "decimal", "required": "required",
                           "value": format(left > 0 ? left : h.target), "aria-label": "Amount\(unit) of \(h.title) to log"]),
            H.el("button", ["type": "submit", "class": "button", "title": "Log this amount of \(h.title)",
                            "aria-label": "Log this amount of \(h.title)"], "✓ Log" + unit),
        ])
    }

    func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String((v * 100).rounded() / 100) }

    /// Weeks as columns, days as rows, darker when more of the day's habits were done.
    func heatmap(_ days: [HabitDay]) -> HTML {
        let cells = days.map { d -> HTML in
            let level = d.ratio.map { r in r >= 1 ? 4 : r >= 0.66 ? 3 : r >= 0.4 ? 2 : r > 0 ? 1 : 0 } ?? -1
            let text = Words.shortDate(d.date) + ": " + (d.ratio.map { "\(Int(($0 * 100).rounded()))% done" } ?? "nothing scheduled")
            return H.el("span", ["class": "cell l\(level)", "title": text, "style": "grid-row: \(d.date.weekday)"], [])
        }
        return Pages.section("The last twelve weeks", [H.el("div", ["class": "heatmap", "role": "img",
                                                                    "aria-label": "Heat map of habit days"], cells)])
    }
}
