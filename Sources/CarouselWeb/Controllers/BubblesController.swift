import CarouselCore
import Foundation
import Hummingbird

/// `/bubbles`: the bubbles layout from the core, drawn as inline SVG. A bubble links to its card;
/// `?parent=SLUG` shows only that card's children, so a big parent opens into its own picture.
struct BubblesController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/bubbles") { request, _ in
            shared.page(request, title: "Bubbles", current: "/bubbles") { state in
                bubbles(state, parent: request.query("parent"))
            }
        }
    }

    static let pastel: [String: (fill: String, stroke: String)] = [
        "personal": ("#cfe0ff", "#6b8fd6"), "work": ("#f6cdea", "#b45f9c"), "health": ("#cdeccf", "#5f9f66"),
        "creative": ("#fff0b8", "#c2a23a"), "other": ("#e8e8e8", "#8c8c8c"),
    ]
    static let fallback = [("#d9f0f0", "#4f9a9a"), ("#ffdccc", "#c27552"), ("#e4d9f7", "#8064b5")]

    static func colours(_ category: String) -> (fill: String, stroke: String) {
        if let c = pastel[category] { return c }
        return fallback[category.unicodeScalars.reduce(0) { $0 + Int($1.value) } % fallback.count]
    }

    static func n(_ d: Double) -> String { String(format: "%.1f", d) }

    func bubbles(_ state: VaultStore.State, parent: String?) -> [HTML] {
        var cards = BubblesView.openCards(state.snapshot, today: state.today)
        var heading = "Bubbles"
        var intro = "Each open card is a bubble, bigger when it matters more, grouped by category. Choose one to open it."
        if let parent, let top = cards.first(where: { $0.slug == parent }) {
            let keys = Set([top.slug] + (top.id.map { [$0] } ?? []))
            cards = cards.filter { $0.parent.map(keys.contains) ?? false }
            heading = top.title
            intro = "The cards under \(top.title)."
        }
        // The layout packs circles pairwise; past a few hundred the picture is unreadable and slow
        // to compute, so the page draws the ones that matter most and says so.
        let limit = 200
        let hidden = max(0, cards.count - limit)
        if hidden > 0 {
            cards = Array(cards.sorted { ($0.importance, $1.due?.day.dayNumber ?? .max) > ($1.importance, $0.due?.day.dayNumber ?? .max) }
                .prefix(limit))
        }
        let view = BubblesView.layout(cards)
        guard !view.bubbles.isEmpty else {
            return [H.el("h1", [:], heading), Pages.muted("No open cards to draw.")]
        }
        var shapes: [HTML] = []
        for c in view.clusters {
            let colour = Self.colours(c.category)
            shapes.append(H.el("circle", ["cx": Self.n(c.x), "cy": Self.n(c.y), "r": Self.n(c.r), "fill": "none",
                                          "stroke": colour.stroke, "stroke-opacity": "0.3", "stroke-dasharray": "4 6"]))
            shapes.append(H.el("text", ["x": Self.n(c.x), "y": Self.n(c.y - c.r - 6), "text-anchor": "middle",
                                        "class": "cluster-label", "fill": colour.stroke], c.category.capitalized))
        }
        for b in view.bubbles.sorted(by: { $0.depth < $1.depth }) {
            let colour = Self.colours(b.category)
            let href = b.hasChildren ? "/bubbles?parent=" + b.card.slug : "/cards/" + b.card.slug
            let font = max(10, min(14, b.r / 3.6))
            let label = b.card.title.count > Int(b.r / 4) ? String(b.card.title.prefix(max(3, Int(b.r / 4) - 1))) + "…" : b.card.title
            shapes.append(H.el("a", ["href": href, "class": "bubble", "aria-label": b.card.title], [
                H.el("title", [:], b.card.title + (b.hasChildren ? " (open its cards)" : "")),
                H.el("circle", ["cx": Self.n(b.x), "cy": Self.n(b.y), "r": Self.n(b.r), "fill": colour.fill,
                                "stroke": b.inCycle ? "#c0392b" : colour.stroke, "stroke-width": "1.5"]),
                H.el("text", ["x": Self.n(b.x), "y": Self.n(b.hasChildren ? b.y - b.r + 18 : b.y + font / 3),
                              "text-anchor": "middle", "font-size": Self.n(font), "fill": "#333"], label),
            ]))
        }
        let svg = H.el("svg", ["xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 \(Self.n(view.width)) \(Self.n(view.height))",
                               "role": "group", "aria-label": heading, "class": "bubbles"], shapes)
        var content = [H.el("h1", [:], heading), Pages.muted(intro)]
        if hidden > 0 {
            content.append(Pages.muted("Showing the \(limit) that matter most; \(Words.plural(hidden, "more card")) are not drawn."))
        }
        if parent != nil { content.append(H.el("p", [:], [H.el("a", ["href": "/bubbles"], "← All bubbles")])) }
        content.append(svg)
        // On a phone the picture's labels are too small to read: the same bubbles as a list, by category.
        let listed = view.bubbles.filter { $0.depth == 0 || parent != nil }.sorted { ($0.category, -$0.r) < ($1.category, -$1.r) }
        content.append(H.el("ul", ["class": "bubble-list", "aria-label": heading + " as a list"], listed.map { b in
            let href = b.hasChildren ? "/bubbles?parent=" + b.card.slug : "/cards/" + b.card.slug
            return H.el("li", ["class": "cat-" + b.category.filter { $0.isLetter || $0.isNumber }.lowercased()], [
                H.el("a", ["href": href, "class": "title"], b.card.title + (b.hasChildren ? " ›" : "")),
                H.el("span", ["class": "meta"], b.category.capitalized + " · matters \(b.card.importance)/5"),
            ])
        }))
        return content
    }
}
