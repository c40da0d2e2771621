import CarouselCore
import Foundation
import Hummingbird

/// `/cards/SLUG`: a card's fields, its body as Markdown (escaped), its history from git, and its actions.
struct CardController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/cards/:slug") { request, context in
            let slug = context.parameters.get("slug") ?? ""
            return shared.page(request, title: "Card", current: "") { state in try card(state, slug: slug) }
        }
    }

    func card(_ state: VaultStore.State, slug: String) throws -> [HTML] {
        let (file, history, blockers) = try shared.store.read { ws throws -> (CardFile, [HistoryEntry], [BlockerState]) in
            let card = try ws.resolve(slug)
            return (try ws.open(card), try History.file(vault: ws.vault, path: card.path, limit: 30), try ws.blockers(of: card))
        }
        let card = file.card, today = state.today, token = shared.access.formToken
        var rows: [(String, String)] = [("due", Words.cardDue(card, today: today)), ("spoons", String(card.spoons)),
                                        ("importance", "\(card.importance) / 5"), ("kind", card.kind.rawValue)]
        if let c = card.category { rows.append(("category", c)) }
        if !card.tags.isEmpty { rows.append(("tags", card.tags.map { "#" + $0 }.joined(separator: " "))) }
        if let r = card.repeatRule { rows.append(("repeats", r)) }
        if let s = card.start { rows.append(("start", s.description)) }
        if let d = card.duration { rows.append(("duration", d)) }
        if let w = BlockerState.words(blockers) { rows.append(("waits for", w)) }
        // A zoned time on this server's clock, by the zone's rules for its date; where, and the reminders.
        let vaultZone = state.snapshot.settings.vaultZone
        if let zone = ZonedTime.zone(of: card, vaultZone: vaultZone) {
            if let day = Occurrence.dueDay(of: card, today: today), let here = ZonedTime.local(card, on: day, vaultZone: vaultZone) {
                rows.append(("time", Words.shortDate(here.day) + " " + (here.timeText ?? "")))
            }
            rows.append(("zone", ZonedTime.words(card, zone: zone)))
        }
        let fields = try? FrontMatterFields(document: file.document)
        func written(_ key: String) -> [String] {
            guard let value = fields?[key]?.value else { return [] }
            return value.sequence.map { $0.compactMap { $0.scalar?.string } } ?? value.scalar.map { [$0.string] } ?? []
        }
        if let place = written("location").first { rows.append(("where", place)) }
        let reminds = written("remind").flatMap(RemindSpec.split).map { RemindSpec.words($0) ?? $0 + " " + RemindSpec.neverFires }
        if !reminds.isEmpty { rows.append(("reminds", reminds.joined(separator: ", "))) }
        if let p = card.parent { rows.append(("parent", p)) }
        if card.isPulled(on: today) { rows.append(("today", "in today's list")) }
        rows.append(("file", card.path))
        let done = card.isDone(on: today)
        var actions: [HTML] = [
            done ? H.action("undone", token: token, fields: ["ref": card.slug], label: "Not done")
                : H.action("done", token: token, fields: ["ref": card.slug], label: "✓ Done"),
            card.isPulled(on: today) ? H.action("drop", token: token, fields: ["ref": card.slug], label: "Drop from today", cls: "button quiet")
                : H.action("pull", token: token, fields: ["ref": card.slug], label: "Pull into today", cls: "button quiet"),
        ]
        if card.isRepeating { actions.append(H.action("skip", token: token, fields: ["ref": card.slug], label: "Skip this one", cls: "button quiet")) }
        let setForm = H.el("form", ["method": "post", "action": "/actions/set", "data-action": "set", "class": "set"], [
            H.el("input", ["type": "hidden", "name": "csrf", "value": token]),
            H.el("input", ["type": "hidden", "name": "ref", "value": card.slug]),
            H.el("label", ["for": "set-field"], "Set"),
            H.el("select", ["id": "set-field", "name": "field"], ["due", "spoons", "importance", "title", "category", "tags", "emoji",
                                                                  "start", "duration", "tz", "repeat", "parent", "blocked_by"].map { H.el("option", [:], $0) }),
            H.el("label", ["for": "set-value", "class": "visually-hidden"], "to"),
            H.el("input", ["id": "set-value", "name": "value", "placeholder": "value, e.g. friday or 3"]),
            H.el("button", ["type": "submit", "class": "button quiet"], "Set"),
        ])
        let log = history.map { e -> HTML in
            let when = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: TimeInterval(e.time)), timeZone: .current,
                                                   formatOptions: [.withFullDate, .withDashSeparatorInDate])
            let fields = e.fields.map { f in "\(f.field): \(f.from ?? "—") → \(f.to ?? "—")" }
            return H.el("li", [:], [
                H.el("span", ["class": "meta"], when + " · " + String(e.commit.prefix(7))), H.text(" " + e.summary),
                fields.isEmpty ? .empty : H.el("ul", ["class": "fields"], fields.map { H.el("li", [:], $0) }),
            ])
        }
        return [
            H.el("h1", [:], (card.icon.map { $0 + " " } ?? "") + card.title),
            H.el("div", ["class": "actions"], actions),
            H.el("dl", ["class": "fields"], rows.flatMap { row -> [HTML] in
                // Tags wear their colour and icon from carousel.yaml, as on the terminal.
                guard row.0 == "tags" else { return [H.el("dt", [:], row.0), H.el("dd", [:], row.1)] }
                return [H.el("dt", [:], "tags"), H.el("dd", [:], card.tags.map { Self.tag($0, state.snapshot.settings.tagStyles) })]
            }),
            setForm,
            file.document.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .empty
                : H.el("article", ["class": "body"], [Markdown.render(file.document.body)]),
            Pages.section("History", [log.isEmpty ? Pages.muted("Not committed yet.") : H.el("ol", ["class": "history"], log)]),
        ]
    }

    static func tag(_ name: String, _ styles: [String: TagStyle]) -> HTML {
        let style = styles[name.lowercased()]
        return H.el("span", ["class": "tag" + (style?.color.map { " tag-" + $0 } ?? "")], (style?.icon.map { $0 + " " } ?? "") + "#" + name)
    }
}
