import Foundation
import SWXMLHash

/// The parts of a WebDAV multistatus answer (RFC 4918, RFC 4791, RFC 6578) that sync reads,
/// by local name (namespaces are dropped; DAV's and CalDAV's names do not collide here).
struct DAVMultistatus {
    struct Item {
        var href: String
        /// The response's own status (a member removed since the sync-token says 404 here).
        var status: Int?
        var etag: String?
        var calendarData: String?
        var displayName: String?
        var isCalendar = false
        var components: [String] = []
        var principal: String?
        var calendarHome: String?
    }

    var items: [Item] = []
    var syncToken: String?

    init(_ text: String) {
        let xml = XMLHash.config { $0.shouldProcessNamespaces = true }.parse(text)
        let root = xml["multistatus"]
        syncToken = root["sync-token"].element?.text
        for response in root["response"].all {
            guard let href = response["href"].element?.text else { continue }
            var item = Item(href: href.trimmingCharacters(in: .whitespacesAndNewlines))
            item.status = response["status"].element.flatMap { Self.code($0.text) }
            for propstat in response["propstat"].all {
                guard Self.code(propstat["status"].element?.text ?? "") == 200 else { continue }
                let prop = propstat["prop"]
                if let e = prop["getetag"].element?.text, !e.isEmpty { item.etag = e }
                if let d = prop["calendar-data"].element?.text, !d.isEmpty { item.calendarData = d }
                if let n = prop["displayname"].element?.text { item.displayName = n }
                if prop["resourcetype"]["calendar"].element != nil { item.isCalendar = true }
                let comps = prop["supported-calendar-component-set"]["comp"].all.compactMap { $0.element?.attribute(by: "name")?.text }
                if !comps.isEmpty { item.components = comps.map { $0.uppercased() } }
                if let p = prop["current-user-principal"]["href"].element?.text { item.principal = p.trimmingCharacters(in: .whitespacesAndNewlines) }
                if let h = prop["calendar-home-set"]["href"].element?.text { item.calendarHome = h.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            items.append(item)
        }
    }

    /// `HTTP/1.1 404 Not Found` → 404.
    static func code(_ line: String) -> Int? {
        line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// XML's own escapes for text put into a request body.
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
