import CarouselCore
import Hummingbird

/// `/board`: open cards by due date. Dragging a card to a column (or choosing one from its menu)
/// posts `move`, which sets its due date as `carousel move` does.
struct BoardController {
    let shared: Shared

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/board") { request, _ in
            let all = request.query("all") != nil
            return shared.page(request, title: "Board", current: "/board") { state in board(state, all: all) }
        }
    }

    static let empty = BoardView.Column.emptySentence

    /// A column's first cards, as in `carousel board`; `?all` shows every card.
    func board(_ state: VaultStore.State, all: Bool = false) -> [HTML] {
        let view = BoardView.make(state.snapshot, today: state.today, limit: all ? 0 : BoardView.shown)
        let token = shared.access.token
        let targets = BoardView.Column.allCases.filter { $0 != .overdue }
        let columns = view.columns.map { column, items -> HTML in
            let total = view.total(.column(column))
            var head = column.title
            if column == .thisWeek { head += " · until " + Words.shortDate(view.endOfWeek) }
            if column == .upcoming { head += " · until " + Words.shortDate(view.endOfUpcoming) }
            let cards = items.map { item -> HTML in
                let card = item.card
                let options = targets.map { t in
                    H.el("option", ["value": t.rawValue, "selected": t == column ? "selected" : nil], t.title)
                }
                return H.el("li", ["class": "card " + Pages.category(card), "data-ref": card.slug, "data-title": card.title], [
                    H.el("span", ["class": "grip", "aria-hidden": "true", "title": "Drag to another column"], "⠿"),
                    H.el("div", ["class": "card-body"], [
                        Pages.cardLink(card),
                        H.el("span", ["class": column == .overdue ? "meta warn" : "meta"],
                             Words.due(item.due, today: view.date) + (card.isPulled(on: view.date) ? " · in today" : "")),
                        // The keyboard's way to move: a menu of columns and a button.
                        H.el("details", ["class": "move"], [
                            H.el("summary", [:], "Move…"),
                            H.el("form", ["method": "post", "action": "/actions/move", "class": "move-form", "data-action": "move"], [
                                H.el("input", ["type": "hidden", "name": "csrf", "value": token]),
                                H.el("input", ["type": "hidden", "name": "ref", "value": card.slug]),
                                H.el("label", ["class": "visually-hidden", "for": "move-" + card.slug], "Move \(card.title) to"),
                                H.el("select", ["name": "column", "id": "move-" + card.slug], options),
                                H.el("button", ["type": "submit", "class": "button quiet"], "Move"),
                            ]),
                        ]),
                    ]),
                ])
            }
            return H.el("section", ["class": "column", "data-column": column == .overdue ? nil : column.rawValue,
                                    "aria-label": column.title], [
                H.el("h2", [:], [H.text(head + " "), H.el("span", ["class": "count"], "(\(total))")]),
                items.isEmpty ? Pages.muted(Self.empty[column] ?? "") : H.el("ul", ["class": "cards"], cards),
            ] + (total > items.count
                ? [H.el("p", ["class": "muted"], [H.text("… and \(total - items.count) more. "), H.el("a", ["href": "/board?all=1"], "Show every card")])]
                : []))
        }
        var content = [H.el("h1", [:], "Board"),
                       Pages.muted("Drag a card to a column, or pick one from its menu: its due date moves with it."),
                       H.el("div", ["class": "board"], columns)]
        if view.total(.later) > 0 {
            content.append(Pages.muted("… and \(Words.plural(view.total(.later), "card")) due later: the calendar shows them."))
        }
        return content
    }
}
