import CarouselCore
import Hummingbird

/// `/`: the day's date, Today with the spoon bar, and the carousel as a row of cards to flick through.
struct HomeController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/") { request, _ in
            let now = shared.store.minutesNow, today = shared.store.moment.today
            // Opening the page counts as opening the vault on this device, as a command does.
            LastOpened.note(shared.store.vault, today: today)
            let away = LastOpened.awaySince(shared.store.vault, today: today, consume: false)
            return shared.page(request, title: "Home", current: "/", varies: String(now) + (away == nil ? "" : "w")) { state in
                home(state, now: now, away: away)
            }
        }
    }

    func home(_ state: VaultStore.State, now: Int, away: Day? = nil) -> [HTML] {
        let view = state.home ?? HomeView.make(state.snapshot, today: state.today, stripLimit: VaultStore.homeStripLimit)
        let token = shared.access.formToken
        let mode = state.snapshot.settings.carousel
        var content: [HTML] = [H.el("h1", [:], Words.longDate(state.today))]
        let clock = DayClock.make(state.snapshot.cards, today: state.today, now: now, dayEndSetting: state.snapshot.settings.dayEnd)
        content.append(H.el("p", ["class": "clock", "id": "clock"], [
            H.text(clock.nowWords + " "),
            clock.nextWords.map { H.el("span", [:], [H.text("Next: "), H.el("strong", [:], $0.title), H.text($0.rest)]) } ?? H.text(DayClock.nothingFixedWords),
            H.el("span", ["class": "muted"], " " + clock.leftWords),
        ]))
        if let since = away {
            let pile = BoardView.make(state.snapshot, today: state.today).items(.overdue).map(\.card)
            let welcome = WelcomeBack.make(overdue: pile, awaySince: since, today: state.today)
            let ways = welcome.ways.map { way -> HTML in
                let name = String(way.command.split(separator: " ").last ?? "")
                return H.action("welcome", token: token, fields: ["way": name], label: way.says.capitalizedFirst, title: way.command)
            }
            content.append(H.el("section", ["class": "welcome", "id": "welcome", "aria-label": "Welcome back"], [
                H.el("p", [:], [H.el("strong", [:], welcome.message)]),
                H.el("div", ["class": "actions"], ways + [H.action("welcome", token: token, fields: ["way": "later"], label: "Not now", cls: "button quiet")]),
            ]))
        }
        content.append(TodaySection.render(view.today, token: token))
        let strip = view.carousel.map { s in carouselCard(s, today: state.today, token: token) }
        let modeText = String(describing: mode) == "linear" ? "in order of due date" : "smart order: what matters and what is due"
        content.append(Pages.section("The carousel", [
            Pages.muted("\(Words.plural(view.carouselTotal, "card")) not in today · \(modeText). Flick with the mouse, a finger or the arrow keys."),
            H.el("p", [:], [H.el("a", ["href": "/pick", "class": "button", "id": "pick-one"], "Pick one for me")]),
            strip.isEmpty ? Pages.muted("Nothing waiting. Add a card above.")
                : H.el("div", ["class": "strip", "id": "carousel", "role": "list", "tabindex": "0",
                               "aria-label": "The carousel; use the arrow keys to move through it"], strip),
        ], cls: "carousel"))
        var counts: [HTML] = []
        if view.overdue > 0 { counts.append(H.el("a", ["href": "/board"], "\(view.overdue) overdue")) }
        counts.append(H.el("a", ["href": "/board"], "\(view.count(.thisWeek)) this week"))
        if let next = view.countdown.next {
            let when = next.daysUntil == 0 ? "today" : "in " + Words.plural(next.daysUntil, "day")
            counts.append(H.el("a", ["href": "/countdown"], (next.card.emoji.map { $0 + " " } ?? "") + next.card.title + " " + when))
        }
        if view.scheduledToday > 0 { counts.append(H.el("a", ["href": "/timeline"], "\(view.scheduledToday) at set times today")) }
        if view.problems > 0 { counts.append(H.el("span", ["class": "warn"], Words.plural(view.problems, "problem") + " in the vault's files")) }
        content.append(H.el("p", ["class": "counts"], counts.flatMap { [$0, H.text(" · ")] }.dropLast().map { $0 }))
        return content
    }

    func carouselCard(_ s: Suggestion, today: Day, token: String) -> HTML {
        let card = s.card
        return H.el("article", ["class": "card " + Pages.category(card), "role": "listitem", "data-ref": card.slug], [
            H.el("h3", [:], [Pages.cardLink(card)]),
            H.el("p", ["class": "meta"], [
                H.text(Words.cardDue(card, today: today) + " · "), Pages.spoons(card.spoons),
                H.text(card.importance > 1 ? " · matters \(card.importance)/5" : ""),
            ]),
            card.firstStep.map { H.el("p", ["class": "first-step muted"], "↳ " + Words.firstStep($0)) } ?? H.text(""),
            H.el("div", ["class": "actions"], [
                H.action("pull", token: token, fields: ["ref": card.slug], label: "Pull into today", title: "Pull \(card.title) into today"),
                H.action("done", token: token, fields: ["ref": card.slug], label: "✓", title: "Mark \(card.title) done", cls: "button quiet"),
            ]),
        ])
    }
}

/// Today's list and the spoon bar, as on the terminal's home and `today`.
enum TodaySection {
    /// The rows the page shows of each list (open, done): a day of a hundred pulled cards must
    /// not make a page of thousands of buttons; the rest are named and on the board.
    static let rowsShown = 40
    /// The most dots the spoon bar draws; past that each dot stands for several spoons.
    static let dotsShown = 40

    static func render(_ view: TodayView, token: String) -> HTML {
        let open = view.items.filter { !$0.done }, done = view.items.filter(\.done)
        var children: [HTML] = []
        if view.items.isEmpty { children.append(Pages.muted(Words.emptyDay)) }
        let rows = open.prefix(rowsShown).enumerated().map { (i, item) -> HTML in
            let card = item.card
            var buttons = [H.action("done", token: token, fields: ["ref": card.slug], label: "✓ Done", title: "Mark \(card.title) done")]
            if i > 0 {
                buttons.append(H.action("order", token: token, fields: ["ref": card.slug, "position": String(i)], label: "↑",
                                        title: "Move \(card.title) up", cls: "button quiet"))
            }
            if i < open.count - 1 {
                buttons.append(H.action("order", token: token, fields: ["ref": card.slug, "position": String(i + 2)], label: "↓",
                                        title: "Move \(card.title) down", cls: "button quiet"))
            }
            buttons.append(H.action("drop", token: token, fields: ["ref": card.slug], label: "Drop",
                                    title: "Drop \(card.title) back into the carousel", cls: "button quiet"))
            return H.el("li", ["class": "item " + Pages.category(card), "data-ref": card.slug], [
                H.el("span", ["class": "num"], "\(i + 1)."), Pages.cardLink(card), Pages.spoons(card.spoons),
                H.text(card.isRepeating ? " ↻" : ""),
                card.firstStep.map { H.el("span", ["class": "first-step muted"], " ↳ " + Words.firstStep($0)) } ?? H.text(""),
                H.el("span", ["class": "actions"], buttons),
            ])
        }
        if !open.isEmpty { children.append(H.el("ol", ["class": "today", "id": "today-open"], rows)) }
        if open.count > rowsShown { children.append(more(open.count - rowsShown, "open")) }
        if !done.isEmpty {
            children.append(H.el("ul", ["class": "today done", "id": "today-done", "aria-label": "Done today"], done.prefix(rowsShown).map { item in
                H.el("li", ["class": "item", "data-ref": item.card.slug], [
                    H.el("span", ["class": "num"], "✓"), H.el("s", [:], [Pages.cardLink(item.card)]), Pages.spoons(item.card.spoons),
                    H.el("span", ["class": "actions"], [
                        H.action("undone", token: token, fields: ["ref": item.card.slug], label: "Not done",
                                 title: "Mark \(item.card.title) not done", cls: "button quiet"),
                    ]),
                ])
            }))
            if done.count > rowsShown { children.append(more(done.count - rowsShown, "done")) }
        }
        children.append(spoonBar(view))
        if view.overloaded { children.append(H.el("p", ["class": "warn"], Words.overloaded)) }
        return Pages.section("Today", children, cls: "todaybox")
    }

    static func more(_ count: Int, _ which: String) -> HTML {
        H.el("p", ["class": "muted"], [H.text("… and \(count) more \(which) in today. "),
                                       H.el("a", ["href": "/board"], "The board shows every one")])
    }

    /// The bar: done spoons, planned ones, over-budget ones, and the free ones left; at most
    /// `dotsShown` dots, each then standing for as many spoons as it takes (the label is exact).
    static func spoonBar(_ view: TodayView) -> HTML {
        let width = max(view.budget, view.spoonsPlanned)
        let per = max(1, (width + dotsShown - 1) / dotsShown)
        let dots = stride(from: 0, to: width, by: per).map { i -> HTML in
            let cls = i < view.spoonsDone ? "dot done" : i < view.spoonsPlanned ? (i < view.budget ? "dot planned" : "dot over") : "dot free"
            return H.el("span", ["class": cls], [])
        }
        let text = "\(view.spoonsPlanned) / \(view.budget) spoons" + (view.spoonsDone > 0 ? "  (\(view.spoonsDone) done)" : "")
        return H.el("div", ["class": "spoonbar", "role": "img", "aria-label": text], [
            H.el("span", ["class": "dots", "aria-hidden": "true"], dots), H.el("span", ["class": "label"], text),
        ])
    }
}
