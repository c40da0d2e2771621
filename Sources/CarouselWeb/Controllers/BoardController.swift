import CarouselCore
import Hummingbird

/// `/board`: open cards by due date. Dragging a card to a column (or choosing one from its menu)
/// posts `move`, which sets its due date as `carousel move` does.
struct BoardController {
    let shared: Shared

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/board") { request, _ in
            shared.page(request, title: "Board", current: "/board") { state in board(state) }
        }
    }

    static let empty: [BoardView.Column: String] = [
        .overdue: "Nothing overdue. Nice.", .today: "Nothing else due today.", .thisWeek: "Nothing more this week.",
        .upcoming: "Nothing in the next two weeks.", .someday: "No undated cards.",
    ]

    func board(_ state: VaultStore.State) -> [HTML] {
        let view = BoardView.make(state.snapshot, today: state.today)
        let token = shared.access.token
        let targets = BoardView.Column.allCases.filter { $0 != .overdue }
        let columns = view.columns.map { column, items -> HTML in
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
                H.el("h2", [:], [H.text(head + " "), H.el("span", ["class": "count"], "(\(items.count))")]),
                items.isEmpty ? Pages.muted(Self.empty[column] ?? "") : H.el("ul", ["class": "cards"], cards),
            ])
        }
        var content = [H.el("h1", [:], "Board"),
                       Pages.muted("Drag a card to a column, or pick one from its menu: its due date moves with it."),
                       H.el("div", ["class": "board"], columns)]
        if !view.later.isEmpty {
            content.append(Pages.muted("… and \(Words.plural(view.later.count, "card")) due later: the calendar shows them."))
        }
        return content
    }
}
