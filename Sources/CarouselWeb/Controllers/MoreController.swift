import CarouselCore
import Foundation
import Hummingbird

/// `/more`: every view, for the phone's tab bar, which has room for four. `/undo`: what undo
/// would do (the commit's message, when and the files), and the button that does it.
struct MoreController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/more") { request, _ in
            shared.page(request, title: "More", current: "/more") { _ in more() }
        }
        router.get("/undo") { request, _ in
            // Where the person came from, to return there after undoing (a path on this server only).
            var back = "/"
            if let referer = request.headers[.referer], let url = URL(string: referer), url.path.hasPrefix("/"), !url.path.hasPrefix("//"), url.path != "/undo" {
                back = url.path + (url.query.map { "?" + $0 } ?? "")
            }
            return shared.page(request, title: "Undo", current: "/more") { _ in try undo(back: back) }
        }
    }

    func more() -> [HTML] {
        [
            H.el("h1", [:], "Every view"),
            H.el("ul", ["class": "more-list"], Pages.nav.map { item in H.el("li", [:], [H.el("a", ["href": item.path], item.label)]) }
                + [H.el("li", [:], [H.el("a", ["href": "/undo"], "Undo the last change…")])]),
        ]
    }

    func undo(back: String) throws -> [HTML] {
        let preview: Undo.Preview
        do {
            preview = try Undo.preview(vault: shared.store.vault)
        } catch {
            return [H.el("h1", [:], "Undo"), H.el("p", [:], Shared.describe(error).capitalizedFirst + ".")]
        }
        let made = Date(timeIntervalSince1970: TimeInterval(preview.entry.time))
        // A plain form (the page's script leaves it alone): undoing leaves this page for `back`.
        let form = H.el("form", ["method": "post", "action": "/actions/undo", "class": "undo-form"], [
            H.el("input", ["type": "hidden", "name": "back", "value": back]),
            H.el("input", ["type": "hidden", "name": "csrf", "value": shared.access.formToken]),
            H.el("input", ["type": "hidden", "name": "expect", "value": preview.entry.commit]),
            H.el("button", ["type": "submit", "class": "button"], "Undo this change"),
            H.el("a", ["href": back, "class": "button quiet"], "Keep it"),
        ])
        return [
            H.el("h1", [:], "Undo the last change?"),
            H.el("p", [:], [H.text("The last change: you "), H.el("strong", ["id": "undo-summary"], ChangeWords.said(preview.entry.summary)),
                            H.text(", \(Self.when(made, today: shared.store.moment.today)).")]),
            H.el("p", ["id": "undo-what"], "Undo puts \(Self.things(preview.paths)) back as \(preview.paths.count == 1 ? "it was" : "they were") before it; "
                + "everything changed since stays."),
            Pages.muted("Edits made by hand and not saved to the history yet are saved first; if that makes them the last change, undo stops and shows it here."),
            form,
        ]
    }
}

extension MoreController {
    /// "today at 09:30", "yesterday at 17:05", "on 2026-11-20 at 08:00", in this computer's time.
    static func when(_ date: Date, today: Day) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd"
        let day = f.string(from: date)
        f.dateFormat = "HH:mm"
        let time = f.string(from: date)
        if day == today.iso { return "today at \(time)" }
        if day == today.adding(days: -1).iso { return "yesterday at \(time)" }
        return "on \(day) at \(time)"
    }

    /// What a change touched, counted in the vault's own words: "1 card", "3 cards and a habit".
    static func things(_ paths: [String]) -> String {
        var counts: [(String, String, Int)] = [("card", "cards", 0), ("habit", "habits", 0), ("journal day", "journal days", 0),
                                               ("attachment", "attachments", 0), ("the settings", "the settings", 0), ("file", "files", 0)]
        for path in paths {
            let i = path.hasPrefix("cards/") ? 0 : path.hasPrefix("habits/") ? 1 : path.hasPrefix("journal/") ? 2
                : path.hasPrefix("attachments/") ? 3 : path == "carousel.yaml" ? 4 : 5
            counts[i].2 += 1
        }
        let parts = counts.filter { $0.2 > 0 }.map { one, many, n in
            one == "the settings" ? one : n == 1 ? "1 \(one)" : "\(n) \(many)"
        }
        guard let last = parts.last else { return "nothing" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
