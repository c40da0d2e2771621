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
        let when = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: TimeInterval(preview.entry.time)), timeZone: .current,
                                               formatOptions: [.withFullDate, .withDashSeparatorInDate, .withTime, .withColonSeparatorInTime])
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
            H.el("p", [:], "Undo makes a new commit that puts these files back as they were before this change:"),
            H.el("dl", ["class": "fields"], [
                H.el("dt", [:], "change"), H.el("dd", [:], [H.el("strong", ["id": "undo-summary"], preview.entry.summary)]),
                H.el("dt", [:], "made"), H.el("dd", [:], when.replacingOccurrences(of: "T", with: " ") + " by " + preview.entry.author),
                H.el("dt", [:], "commit"), H.el("dd", [:], String(preview.entry.commit.prefix(7))),
                H.el("dt", [:], "files"), H.el("dd", [:], files(preview.paths, commit: String(preview.entry.commit.prefix(7)))),
            ]),
            Pages.muted("Edits to these files not committed yet are committed first; if that makes them the last change, undo stops and shows it here."),
            form,
        ]
    }
}

extension MoreController {
    /// The first files a change touched, and how many more: a commit of ten thousand files
    /// (a first import) must not make a page of ten thousand rows.
    static let filesShown = 50

    func files(_ paths: [String], commit: String) -> [HTML] {
        let shown = paths.prefix(Self.filesShown).map { H.el("li", [:], [H.el("code", [:], $0)]) }
        let more = paths.count - shown.count
        return [H.el("ul", ["class": "undo-files"], shown)]
            + (more > 0 ? [Pages.muted("and \(more) more \(more == 1 ? "file" : "files") (`git show --name-only \(commit)` in the vault lists every one)")] : [])
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
