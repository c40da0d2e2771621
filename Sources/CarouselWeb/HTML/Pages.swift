import CarouselCore
import HTTPTypes
import Hummingbird

/// The frame around every page: head, navigation, the token for forms, and the script that keeps
/// the page in step with the vault.
enum Pages {
    static let noToken = "This page needs the address `carousel serve` printed, with its ?token=. Open that address once and this browser is let in."

    static let nav: [(path: String, label: String)] = [
        ("/", "Home"), ("/calendar", "Calendar"), ("/board", "Board"), ("/bubbles", "Bubbles"),
        ("/habits", "Habits"), ("/countdown", "Countdown"), ("/timeline", "Timeline"), ("/checkin", "Check-in"),
    ]

    /// A whole page. `current` is the navigation entry to mark; `version` lets the page notice changes.
    static func page(title: String, current: String, token: String, version: Int, _ content: [HTML]) -> HTML {
        let links = nav.map { item in
            H.el("a", ["href": item.path, "aria-current": item.path == current ? "page" : nil], item.label)
        }
        let capture = H.el("form", ["method": "post", "action": "/actions/add", "class": "capture", "data-action": "add"], [
            H.el("input", ["type": "hidden", "name": "csrf", "value": token]),
            H.el("label", ["for": "capture", "class": "visually-hidden"], "Add a card"),
            H.el("input", ["id": "capture", "name": "text", "placeholder": "What do you want to do?  e.g. Call Mum tomorrow #family ~1",
                           "autocomplete": "off", "required": "required"]),
            H.el("button", ["type": "submit", "class": "button"], "Add"),
        ])
        let body = H.el("body", ["data-version": String(version)], [
            H.el("a", ["href": "#main", "class": "skip"], "Skip to the page"),
            H.el("header", [:], [
                H.el("nav", ["aria-label": "Views"], links),
                capture,
                // Off until asked for; the script shows it where the browser has notifications.
                H.el("button", ["type": "button", "id": "remind-here", "class": "bell", "aria-pressed": "false", "hidden": "hidden",
                                "aria-label": "Remind me here", "title": "Remind me here: show reminders as notifications while this page is open"], "🔕"),
            ]),
            H.el("main", ["id": "main", "tabindex": "-1"], content),
            H.el("div", ["id": "status", "role": "status", "aria-live": "polite"], []),
            H.el("footer", [:], [
                H.action("undo", token: token, label: "↶ Undo the last change", cls: "link"),
                H.text(" · every change is a git commit in the vault"),
            ]),
            H.el("script", ["src": "/assets/app.js", "defer": "defer"], []),
        ])
        return HTML(trusted: "<!doctype html>") + H.el("html", ["lang": "en"], [
            H.el("head", [:], [
                H.el("meta", ["charset": "utf-8"]),
                H.el("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"]),
                H.el("meta", ["name": "color-scheme", "content": "light dark"]),
                H.el("meta", ["name": "csrf", "content": token]),
                H.el("title", [:], title + " · Carousel"),
                H.el("link", ["rel": "stylesheet", "href": "/assets/app.css"]),
                H.el("link", ["rel": "icon", "href": "/assets/icon.svg"]),
            ]),
            body,
        ])
    }

    /// A refusal, as a small plain page that never includes anything from the request.
    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let html = HTML(trusted: "<!doctype html>") + H.el("html", ["lang": "en"], [
            H.el("head", [:], [H.el("meta", ["charset": "utf-8"]), H.el("title", [:], "Carousel")]),
            H.el("body", [:], [H.el("p", [:], message)]),
        ])
        return respond(html, status: status)
    }

    static func respond(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                           .contentSecurityPolicy: csp, HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                                           HTTPField.Name("Referrer-Policy")!: "no-referrer"],
                 body: .init(byteBuffer: ByteBuffer(string: html.rendered)))
    }

    /// Only this server's own script and style; no inline script, so an escaped title could not run
    /// even if escaping failed.
    static let csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    // MARK: - Small pieces shared by the views

    static func cardLink(_ card: Card) -> HTML {
        H.el("a", ["href": "/cards/" + card.slug, "class": "title"], (card.icon.map { $0 + " " } ?? "") + card.title)
    }

    static func spoons(_ n: Int) -> HTML {
        H.el("span", ["class": "spoons", "title": Words.plural(n, "spoon"), "aria-label": Words.plural(n, "spoon")],
             String(repeating: "●", count: n))
    }

    static func category(_ card: Card) -> String {
        "cat-" + (card.category ?? "none").filter { $0.isLetter || $0.isNumber }.lowercased()
    }

    static func section(_ title: String, _ children: [HTML], cls: String? = nil) -> HTML {
        H.el("section", ["class": cls, "aria-label": title], [H.el("h2", [:], title)] + children)
    }

    static func muted(_ text: String) -> HTML { H.el("p", ["class": "muted"], text) }
}
