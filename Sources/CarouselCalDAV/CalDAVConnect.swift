import CarouselCore
import Foundation

/// `carousel caldav connect URL --user NAME`: finds the account's calendars (RFC 4791's
/// principal and calendar home, RFC 5397), and picks by name, or creates, one task list (VTODO)
/// and one calendar (VEVENT).
enum CalDAVConnect {
    static func discover(_ client: DAVClient, account: String, tasksName: String,
                         eventsName: String) async throws(CarouselError) -> (tasks: CalDAVState.Collection, events: CalDAVState.Collection, created: [String]) {
        let principal = try await property(client, account, "<d:current-user-principal/>") { $0.principal } ?? account
        let home = try await property(client, principal, "<c:calendar-home-set/>") { $0.calendarHome } ?? principal
        let homeURL = resolve(home, against: account)
        let listing = try await client.send("PROPFIND", homeURL, headers: [("Depth", "1")], body: """
            <?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:resourcetype/><d:displayname/><c:supported-calendar-component-set/></d:prop></d:propfind>
            """)
        guard listing.status == 207 else {
            throw .io("the calendar home \(homeURL) answered \(listing.status); is \(account) a CalDAV address?")
        }
        let calendars = DAVMultistatus(listing.body).items.filter(\.isCalendar)
        var created: [String] = []
        func pick(_ name: String, _ component: String, slug: String) async throws(CarouselError) -> CalDAVState.Collection {
            if let found = calendars.first(where: { $0.displayName == name && ($0.components.isEmpty || $0.components.contains(component)) }) {
                return CalDAVState.Collection(url: resolve(found.href, against: account), name: name)
            }
            let url = homeURL.hasSuffix("/") ? homeURL + slug + "/" : homeURL + "/" + slug + "/"
            let made = try await client.send("MKCALENDAR", url, body: """
                <?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
                <d:set><d:prop><d:displayname>\(DAVMultistatus.escape(name))</d:displayname>\
                <c:supported-calendar-component-set><c:comp name="\(component)"/></c:supported-calendar-component-set>\
                </d:prop></d:set></c:mkcalendar>
                """)
            guard (200..<300).contains(made.status) else {
                throw .io("cannot create the collection \"\(name)\" at \(url) (the server answered \(made.status)); "
                    + "create it in the account and run connect again")
            }
            created.append(name)
            return CalDAVState.Collection(url: url, name: name)
        }
        let tasks = try await pick(tasksName, "VTODO", slug: "carousel-tasks")
        let events = try await pick(eventsName, "VEVENT", slug: "carousel-events")
        return (tasks, events, created)
    }

    /// One property of one resource (PROPFIND, depth 0), or nil when the server has none.
    static func property(_ client: DAVClient, _ url: String, _ prop: String,
                         _ read: (DAVMultistatus.Item) -> String?) async throws(CarouselError) -> String? {
        let target = resolve(url, against: url)
        let r = try await client.send("PROPFIND", target, headers: [("Depth", "0")], body: """
            <?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop>\(prop)</d:prop></d:propfind>
            """)
        if r.status == 404 { throw .io("\(target) was not found (404); check the account's address") }
        guard r.status == 207 else { return nil }
        return DAVMultistatus(r.body).items.lazy.compactMap(read).first.map { resolve($0, against: target) }
    }

    /// Whether two addresses name the same item: servers percent-encode an href's `@` and others
    /// as they like.
    static func same(_ a: String, _ b: String) -> Bool {
        a == b || (a.removingPercentEncoding ?? a) == (b.removingPercentEncoding ?? b)
    }

    /// An href (often a path) as a whole address on the account's server.
    static func resolve(_ href: String, against base: String) -> String {
        URL(string: href, relativeTo: URL(string: base))?.absoluteURL.absoluteString ?? href
    }
}
