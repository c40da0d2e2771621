import CarouselCore
import Hummingbird

/// `/countdown`, `/timeline` and `/checkin`: the day seen three ways.
struct DayControllers {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/countdown") { request, _ in
            shared.page(request, title: "Countdown", current: "/countdown") { state in countdown(state) }
        }
        router.get("/timeline") { request, _ in
            shared.page(request, title: "Timeline", current: "/timeline") { state in timeline(state) }
        }
        router.get("/checkin") { request, _ in
            shared.page(request, title: "Check-in", current: "/checkin") { state in try checkin(state) }
        }
    }

    func countdown(_ state: VaultStore.State) -> [HTML] {
        let view = CountdownView.make(state.snapshot, today: state.today)
        let events = view.events.filter { $0.daysUntil >= 0 }
        var content = [H.el("h1", [:], "Countdown")]
        if events.isEmpty { content.append(Pages.muted("No events ahead. Add one with an emoji: `carousel add \"Concert on dec 5\" --kind event`.")) }
        content.append(H.el("ul", ["class": "countdown"], events.map { e in
            let when = e.daysUntil == 0 ? "today" : e.daysUntil == 1 ? "tomorrow" : "in \(e.daysUntil) days"
            return H.el("li", ["class": "event " + Pages.category(e.card)], [
                H.el("span", ["class": "big-emoji", "aria-hidden": "true"], e.card.emoji ?? "📅"),
                H.el("span", ["class": "days"], when),
                Pages.cardLink(e.card),
                H.el("span", ["class": "meta"], Words.longDate(e.date)),
            ])
        }))
        return content
    }

    /// Hours as rows, cards placed by start and length, and a line for now (moved by the page's script).
    func timeline(_ state: VaultStore.State) -> [HTML] {
        let view = TimelineView.make(state.snapshot, date: state.today)
        var content = [H.el("h1", [:], "Timeline · " + Words.longDate(state.today))]
        let first = min(8 * 60, (view.items.map(\.start).min() ?? 8 * 60) / 60 * 60)
        let last = max(20 * 60, ((view.items.map(\.end).max() ?? 20 * 60) + 59) / 60 * 60)
        let perMinute = 1.2
        var blocks: [HTML] = []
        for hour in stride(from: first, to: last, by: 60) {
            blocks.append(H.el("div", ["class": "hour", "style": "top: \(Int(Double(hour - first) * perMinute))px"],
                               TimelineView.clock(hour)))
        }
        for (i, item) in view.items.enumerated() {
            let top = Int(Double(item.start - first) * perMinute)
            let height = max(28, Int(Double(item.durationMinutes) * perMinute) - 2)
            let text = TimelineView.clock(item.start) + "–" + TimelineView.clock(item.end) + " · " + TimelineView.length(item.durationMinutes)
            blocks.append(H.el("div", ["class": "slot " + Pages.category(item.card) + (item.done ? " done" : "")
                                            + (item.overlaps.isEmpty ? "" : " overlap"),
                                       "style": "top: \(top)px; height: \(height)px; left: \(item.overlaps.isEmpty ? 4 : 4 + (i % 2) * 50)%"], [
                Pages.cardLink(item.card), H.el("span", ["class": "meta"], text),
            ]))
        }
        let isToday = state.today == Moment.now(pinned: nil).today
        content.append(H.el("div", ["class": "timeline", "data-first": String(first), "data-per-minute": String(perMinute),
                                    "data-live": isToday ? "1" : nil,
                                    "style": "height: \(Int(Double(last - first) * perMinute))px"], blocks + [
            H.el("div", ["class": "now", "id": "now", "aria-hidden": "true", "hidden": "hidden"], []),
        ]))
        if view.items.isEmpty { content.append(Pages.muted("Nothing at a set time today. Give a card a start like `--start 14:00`.")) }
        if !view.gaps.isEmpty {
            let free = view.gaps.filter { $0.minutes >= 30 }.map { TimelineView.clock($0.start) + "–" + TimelineView.clock($0.end) }
            if !free.isEmpty { content.append(Pages.muted("Free: " + free.joined(separator: ", "))) }
        }
        return content
    }

    func checkin(_ state: VaultStore.State) throws -> [HTML] {
        let vault = shared.store.vault
        let (records, _) = JournalHistory.records(vault: vault, before: state.today, days: 14)
        let lastActive = records.contains { $0.plannedCards > 0 || $0.doneCards > 0 }
            ? nil : JournalHistory.lastActive(vault: vault, before: state.today.adding(days: -14))
        let view = CheckinView.make(today: TodayView.make(state.snapshot, today: state.today),
                                    history: records.map(CheckinView.DayRecord.init), budget: state.snapshot.settings.budget,
                                    lastActiveBefore: lastActive, reflection: state.snapshot.journal.reflection)
        let top = max(view.budget, view.week.map(\.spoonsPlanned).max() ?? 1, 1)
        let bars = view.week.map { d -> HTML in
            let planned = Int(Double(d.spoonsPlanned) / Double(top) * 100), done = Int(Double(d.spoonsDone) / Double(top) * 100)
            return H.el("li", ["title": "\(Words.shortDate(d.date)): \(d.spoonsDone) of \(d.spoonsPlanned) spoons, \(d.tasksDone) of \(d.tasksPlanned) cards"], [
                H.el("span", ["class": "bar"], [
                    H.el("span", ["class": "planned", "style": "height: \(planned)%"], []),
                    H.el("span", ["class": "done", "style": "height: \(done)%"], []),
                ]),
                H.el("span", ["class": "day"], Words.weekdays[d.date.weekday - 1]),
                H.el("span", ["class": "meta"], "\(d.spoonsDone)/\(d.spoonsPlanned)"),
            ])
        }
        let token = shared.access.formToken
        return [
            H.el("h1", [:], "Check-in"),
            H.el("p", ["class": "coach"], view.rule.message),
            H.el("p", [:], "Today: \(view.today.tasksDone) of \(Words.plural(view.today.tasksPlanned, "card")) done, "
                 + "\(view.today.spoonsDone) of \(view.today.spoonsPlanned) spoons (budget \(view.budget))."),
            Pages.section("The last seven days", [H.el("ol", ["class": "chart", "aria-label": "Spoons done and planned per day"], bars)]),
            Pages.section("A note for today", [
                H.el("form", ["method": "post", "action": "/actions/note", "data-action": "note", "class": "note"], [
                    H.el("input", ["type": "hidden", "name": "csrf", "value": token]),
                    H.el("label", ["for": "note"], "How did today go?"),
                    H.el("textarea", ["id": "note", "name": "text", "rows": "3"], view.reflection ?? ""),
                    H.el("button", ["type": "submit", "class": "button"], "Save the note"),
                ]),
            ]),
        ]
    }
}
