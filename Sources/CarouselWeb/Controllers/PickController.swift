import CarouselCore
import Foundation
import Hummingbird

/// `/pick`: "Pick one for me", by `carousel pick`'s rules: the carousel's first card that fits the
/// spoons left today and the minutes before the next fixed thing, with why; "Another" offers the
/// next without repeating one (the cards offered so far travel in the link, nothing is stored),
/// "Take it" pulls it into today as `pick --take` does.
struct PickController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/pick") { request, _ in
            let now = shared.store.minutesNow
            let offered = (request.query("offered") ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
            let another = request.query("another") == "1"
            return shared.page(request, title: "Pick one", current: "/", varies: String(now)) { state in
                pick(state, now: now, offered: offered, another: another)
            }
        }
    }

    func pick(_ state: VaultStore.State, now: Int, offered: [String], another: Bool) -> [HTML] {
        let snapshot = state.snapshot
        let ranked = Suggestions.rank(snapshot, today: state.today, mode: snapshot.settings.carousel, limit: 0)
        let left = PickView.spoonsLeft(TodayView.make(snapshot, today: state.today))
        let next = DayClock.make(snapshot.cards, today: state.today, now: now, dayEndSetting: snapshot.settings.dayEnd).next
        let view = PickView.make(ranked: ranked, date: state.today, spoons: left, minutes: nil, next: next,
                                 offered: offered, another: another)
        var content: [HTML] = [H.el("h1", [:], "Pick one for me")]
        guard let choice = view.choice else {
            content.append(H.el("p", ["id": "pick-message"], view.message ?? ""))
            content.append(H.el("p", [:], [H.el("a", ["href": "/", "class": "button"], "← Back to Today")]))
            return content
        }
        let card = choice.card
        var plain = CharacterSet.alphanumerics
        plain.insert(charactersIn: "-._/")
        let keys = view.offered.map { $0.addingPercentEncoding(withAllowedCharacters: plain) ?? "" }.joined(separator: ",")
        content.append(H.el("article", ["class": "card pick " + Pages.category(card), "id": "pick-card", "data-ref": card.slug], [
            H.el("h2", [:], [Pages.cardLink(card)]),
            H.el("p", ["class": "meta"], [H.text(Words.cardDue(card, today: state.today) + " · "), Pages.spoons(card.spoons)]),
            card.firstStep.map { H.el("p", ["class": "first-step"], "↳ " + Words.firstStep($0)) } ?? H.text(""),
            H.el("p", ["class": "why muted"], "Why: " + (view.why(mode: snapshot.settings.carousel) ?? "")),
            H.el("div", ["class": "actions"], [
                H.action("pull", token: shared.access.formToken, fields: ["ref": card.slug], label: "Take it",
                         title: "Pull \(card.title) into today"),
                H.el("a", ["href": "/pick?another=1&offered=" + keys, "class": "button quiet", "id": "pick-another"], "Another"),
            ]),
        ]))
        return content
    }
}
