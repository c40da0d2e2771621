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

    /// What a page says for an address it does not know.
    static let notFound = "There is no page at this address. The views are listed at the bottom of every page (or in More on a phone)."

    /// The bottom tab bar on a phone: Today (home, with the carousel) first, then the views used
    /// most, and More for the rest, so every view is two taps away at most.
    static let tabs: [(path: String, label: String, icon: String)] = [
        ("/", "Today", "☀"), ("/board", "Board", "▦"), ("/calendar", "Calendar", "▤"), ("/habits", "Habits", "✓"), ("/more", "More", "…"),
    ]

    /// A whole page. `current` is the navigation entry to mark; `version` lets the page notice changes.
    static func page(title: String, current: String, token: String, version: Int, _ content: [HTML]) -> HTML {
        let links = nav.map { item in
            H.el("a", ["href": item.path, "aria-current": item.path == current ? "page" : nil], item.label)
        }
        let inMore = !tabs.contains { $0.path == current } && !current.isEmpty
        let tabLinks = tabs.map { item in
            H.el("a", ["href": item.path, "aria-current": item.path == current || (item.path == "/more" && inMore) ? "page" : nil], [
                H.el("span", ["class": "tab-icon", "aria-hidden": "true"], item.icon), H.el("span", [:], item.label),
            ])
        }
        let capture = H.el("form", ["method": "post", "action": "/actions/add", "class": "capture", "data-action": "add"], [
            H.el("input", ["type": "hidden", "name": "csrf", "value": token]),
            // On Today, a card captured there goes into Today's list.
            current == "/" ? H.el("input", ["type": "hidden", "name": "where", "value": "today"]) : HTML(trusted: ""),
            H.el("label", ["for": "capture", "class": "visually-hidden"], "Add a card"),
            H.el("input", ["id": "capture", "name": "text", "placeholder": "Add a card, e.g. Call Mum tomorrow #family ~1",
                           "autocomplete": "off", "required": "required", "enterkeyhint": "done"]),
            H.el("button", ["type": "submit", "class": "button"], "Add"),
        ])
        let body = H.el("body", ["data-version": String(version)], [
            H.el("a", ["href": "#main", "class": "skip"], "Skip to the page"),
            H.el("header", [:], [
                H.el("nav", ["aria-label": "Views", "class": "views"], links),
                capture,
                // Off until asked for; the script shows it where the browser has notifications.
                H.el("button", ["type": "button", "id": "remind-here", "class": "bell", "aria-pressed": "false", "hidden": "hidden",
                                "aria-label": "Remind me here", "title": "Remind me here: show reminders as notifications while this page is open"], "🔕"),
            ]),
            H.el("main", ["id": "main", "tabindex": "-1"], content),
            H.el("div", ["id": "status", "role": "status", "aria-live": "polite"], []),
            H.el("footer", [:], [
                H.el("a", ["href": "/undo", "class": "undo-link"], "↶ Undo the last change…"),
                H.text(" · every change is a git commit in the vault"),
            ]),
            H.el("nav", ["class": "tabbar", "aria-label": "Views (tab bar)"], tabLinks),
            H.el("script", ["src": "/assets/app.js", "defer": "defer"], []),
        ])
        return HTML(trusted: "<!doctype html>") + H.el("html", ["lang": "en"], [
            H.el("head", [:], [
                H.el("meta", ["charset": "utf-8"]),
                H.el("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1, viewport-fit=cover"]),
                H.el("meta", ["name": "color-scheme", "content": "light dark"]),
                H.el("meta", ["name": "csrf", "content": token]),
                H.el("title", [:], title + " · Carousel"),
                H.el("link", ["rel": "stylesheet", "href": "/assets/app.css"]),
                H.el("link", ["rel": "icon", "href": "/assets/icon.svg"]),
                H.el("link", ["rel": "apple-touch-icon", "href": "/assets/apple-touch-icon.png"]),
                // The manifest is fetched like a cross-site file unless told to send the cookie.
                H.el("link", ["rel": "manifest", "href": "/manifest.webmanifest", "crossorigin": "use-credentials"]),
                H.el("meta", ["name": "theme-color", "content": "#fbfaf7", "media": "(prefers-color-scheme: light)"]),
                H.el("meta", ["name": "theme-color", "content": "#1c1d1f", "media": "(prefers-color-scheme: dark)"]),
            ]),
            body,
        ])
    }

    /// A refusal or an error, as a small page styled from within (a 401 cannot load the
    /// stylesheet) that never includes anything from the request but `back`, a path on this
    /// server, as its way back.
    static func refusal(_ status: HTTPResponse.Status, _ message: String, back: String = "/", heading given: String? = nil) -> Response {
        var heading: String
        switch status.code {
        case 401: heading = "This browser is not let in"
        case 403: heading = "That change was refused"
        case 404: heading = "Not found"
        case 409: heading = "That change could not be made"
        case 400: heading = "That change could not be made"
        case 421: heading = "Wrong address"
        case 500...: heading = "Something went wrong"
        default: heading = "Carousel"
        }
        if let given { heading = given }
        let way = back.hasPrefix("/") && !back.hasPrefix("//") ? back : "/"
        let html = HTML(trusted: "<!doctype html>") + H.el("html", ["lang": "en"], [
            H.el("head", [:], [
                H.el("meta", ["charset": "utf-8"]),
                H.el("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1, viewport-fit=cover"]),
                H.el("meta", ["name": "color-scheme", "content": "light dark"]),
                H.el("title", [:], heading + " · Carousel"),
                H.el("style", [:], [HTML(trusted: Assets.css)]),
            ]),
            H.el("body", ["class": "plain"], [
                H.el("main", ["id": "main", "class": "problem"], [
                    H.el("h1", [:], heading),
                    H.el("p", ["class": "error-text", "role": "alert"], message),
                    H.el("p", [:], [status.code == 401 || status.code == 421 ? H.text("")
                        : H.el("a", ["href": way, "class": "button"], status.code == 200 ? "Try again"
                                   : way == "/" ? "← Back to Today" : "← Back to the page")]),
                    status.code == 200 ? .empty : H.el("p", ["class": "meta"], "HTTP \(status.code)"),
                ]),
            ]),
        ])
        return respond(html, status: status)
    }

    static func respond(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                           .contentSecurityPolicy: csp, HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                                           HTTPField.Name("Referrer-Policy")!: "same-origin"],
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
