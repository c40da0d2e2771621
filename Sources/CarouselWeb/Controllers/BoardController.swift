import CarouselCore
import Hummingbird

/// `/board`: open cards by due date. Dragging a card to a column (or choosing one from its menu)
/// posts `move`, which sets its due date as `carousel move` does.
struct BoardController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/board") { request, _ in
            // `?all=1` (the address older pages linked to) is the first page.
            let page = min(10_000, max(1, request.query("page").flatMap { Int($0) } ?? 1))
            return shared.page(request, title: "Board", current: "/board") { state in board(state, page: page) }
        }
    }

    static let empty = BoardView.Column.emptySentence

    /// How many cards of each column a page shows: a page of the board stays under 2,000
    /// elements (about 16 a card) however many cards the vault holds.
    static let perPage = 20

    /// A page of the board: the cards `(page-1)*perPage ..< page*perPage` of every column, in
    /// `carousel board`'s order, with links to the pages before and after.
    func board(_ state: VaultStore.State, page: Int = 1) -> [HTML] {
        let view = BoardView.make(state.snapshot, today: state.today, limit: page * Self.perPage)
        let token = shared.access.formToken
        let most = BoardView.Column.allCases.map { view.total(.column($0)) }.max() ?? 0
        let lastPage = max(1, (most + Self.perPage - 1) / Self.perPage)
        let targets = BoardView.Column.allCases.filter { $0 != .overdue }
        let columns = view.columns.map { column, allItems -> HTML in
            let items = Array(allItems.dropFirst((page - 1) * Self.perPage).prefix(Self.perPage))
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
                                H.el("select", ["name": "column", "aria-label": "Move \(card.title) to"], options),
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
            ] + (total > page * Self.perPage
                ? [H.el("p", ["class": "muted"], [H.text("… and \(total - page * Self.perPage) more. "),
                                                  H.el("a", ["href": "/board?page=\(page + 1)"], "Show the next \(Self.perPage)")])]
                : []))
        }
        var pager: [HTML] = []
        if page > 1 { pager.append(H.el("a", ["href": page == 2 ? "/board" : "/board?page=\(page - 1)", "class": "tab"], "← Earlier cards")) }
        if page < lastPage { pager.append(H.el("a", ["href": "/board?page=\(page + 1)", "class": "tab"], "Later cards →")) }
        var content = [H.el("h1", [:], "Board"),
                       Pages.muted("Drag a card to a column, or pick one from its menu: its due date moves with it."),
                       H.el("div", ["class": "board"], columns)]
        if !pager.isEmpty {
            content.insert(H.el("p", ["class": "muted"], "Page \(page) of \(lastPage): cards \((page - 1) * Self.perPage + 1)–\(page * Self.perPage) of each column."), at: 2)
            content.append(H.el("nav", ["class": "tabs pager", "aria-label": "Pages of the board"], pager))
        }
        if view.total(.later) > 0 {
            content.append(Pages.muted("… and \(Words.plural(view.total(.later), "card")) due later: the calendar shows them."))
        }
        return content
    }
}
