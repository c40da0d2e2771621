import CarouselCore
import Foundation

/// Asks one collection what changed since its sync-token (RFC 6578's sync-collection report),
/// with the ETag and text of each changed item in the same answer. Without a token (the first
/// sync) every item is listed. A token the server no longer knows starts again from none.
enum CalDAVFetch {
    struct Changes {
        var changed: [DAVMultistatus.Item] = []
        /// Items removed since the token (a 404 in the answer).
        var deleted: [String] = []
        var token: String?
    }

    static func changes(_ client: DAVClient, collection: CalDAVState.Collection, name: String,
                        known: Set<String>) async throws(CarouselError) -> Changes {
        var r = try await report(client, collection, token: collection.syncToken)
        if [403, 409, 412].contains(r.status), collection.syncToken != nil {
            // RFC 6578 3.2: an invalid or expired token; a full listing replaces it.
            r = try await report(client, collection, token: nil)
        }
        if r.status == 404 {
            throw .io("the \(name == "events" ? "calendar" : "task list") \"\(collection.name)\" is missing at \(collection.url) (404); "
                + "`carousel caldav connect` picks or creates it again — nothing was changed")
        }
        guard r.status == 207 else {
            throw .io("\(collection.url) answered \(r.status) to a sync-collection report; the server may not support RFC 6578 — nothing was changed")
        }
        let answer = DAVMultistatus(r.body)
        let own = URL(string: collection.url)?.path ?? collection.url
        var out = Changes(token: answer.syncToken)
        for item in answer.items {
            let path = URL(string: CalDAVConnect.resolve(item.href, against: collection.url))?.path ?? item.href
            if path == own || path + "/" == own || path == own + "/" { continue }
            let href = CalDAVConnect.resolve(item.href, against: collection.url)
            if item.status == 404 {
                out.deleted.append(href)
                continue
            }
            if let etag = item.etag, known.contains(etag) { continue }
            var changed = item
            changed.href = href
            out.changed.append(changed)
        }
        guard out.changed.count + out.deleted.count <= client.limits.items else {
            throw .io("\(collection.url) lists more than \(client.limits.items) changes (CAROUSEL_CALDAV_MAX_ITEMS); nothing was changed")
        }
        // A server that lists changes without their text (Xandikos): read in calendar-multiget
        // reports (RFC 4791 7.9), 200 items each.
        let missing = out.changed.filter { $0.calendarData == nil }.map(\.href)
        var read: [String: DAVMultistatus.Item] = [:]
        for start in stride(from: 0, to: missing.count, by: 200) {
            for item in try await multiget(client, collection, Array(missing[start..<min(start + 200, missing.count)])) {
                read[CalDAVConnect.resolve(item.href, against: collection.url).removingPercentEncoding ?? item.href] = item
            }
        }
        if !read.isEmpty {
            out.changed = out.changed.compactMap { c in
                guard c.calendarData == nil else { return c }
                guard let got = read[c.href.removingPercentEncoding ?? c.href], got.calendarData != nil else { return nil }
                var full = c
                full.calendarData = got.calendarData
                full.etag = got.etag ?? c.etag
                return full
            }
        }
        return out
    }

    /// `https://host:port/a%40b/` → `/a%40b/`, as the server wrote it (still encoded).
    static func pathPart(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let slash = url[scheme.upperBound...].firstIndex(of: "/") else { return url }
        return String(url[slash...])
    }

    static func multiget(_ client: DAVClient, _ collection: CalDAVState.Collection, _ hrefs: [String]) async throws(CarouselError) -> [DAVMultistatus.Item] {
        let list = hrefs.map { "<d:href>\(DAVMultistatus.escape(pathPart($0)))</d:href>" }.joined()
        let r = try await client.send("REPORT", collection.url, headers: [("Depth", "1")], body: """
            <?xml version="1.0" encoding="utf-8"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:getetag/><c:calendar-data/></d:prop>\(list)</c:calendar-multiget>
            """)
        guard r.status == 207 else { throw .io("\(collection.url) answered \(r.status) to a calendar-multiget report; nothing was changed") }
        return DAVMultistatus(r.body).items
    }

    static func report(_ client: DAVClient, _ collection: CalDAVState.Collection, token: String?) async throws(CarouselError) -> DAVClient.Response {
        let tokenXML = token.map { "<d:sync-token>\(DAVMultistatus.escape($0))</d:sync-token>" } ?? "<d:sync-token/>"
        return try await client.send("REPORT", collection.url, headers: [("Depth", "0")], body: """
            <?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            \(tokenXML)<d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>
            """)
    }
}
