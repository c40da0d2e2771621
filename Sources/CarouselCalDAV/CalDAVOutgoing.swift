import CarouselCore
import Foundation

/// The vault's side of a sync: each card that goes to the account, as the iCalendar text
/// `ICalendar` writes for `export --format ics` (one VCALENDAR per item, with its VTIMEZONE).
/// Tasks with a due date or a repeat rule, and tasks in today's list (due today there), go to
/// the task list as VTODO; events go to the calendar as VEVENT.
struct CalDAVOutgoing {
    struct Item {
        var card: Card
        var uid: String
        /// "tasks" or "events".
        var collection: String
        var text: String
        var fields: CalDAVState.Fields
        var hash: String
    }

    static let firstStepLabel = "First step: "

    /// Every card that goes out, by UID. A card that came from the account keeps the UID it came
    /// with (`uids`: card key → UID, from the state).
    static func items(_ ws: Workspace, uids: [String: String], zone: TimeZone) throws(CarouselError) -> [String: Item] {
        var out: [String: Item] = [:]
        for var card in ws.snapshot.cards {
            if card.due == nil, card.repeatRule == nil, card.kind != .event, card.today == ws.today {
                card.due = DateValue(day: ws.today)
            }
            guard card.due != nil || card.repeatRule != nil else { continue }
            let file = try ws.open(card)
            let fields = try? FrontMatterFields(document: file.document)
            let field = fields?["remind"]
            let remind = field.map { $0.value.sequence?.compactMap { $0.scalar?.string }.joined(separator: ",") ?? $0.value.scalar?.string ?? "" }
            let key = fields?["import_key"]?.value.scalar?.string
            var body = file.document.body.trimmingCharacters(in: .whitespacesAndNewlines)
            if let step = card.firstStep, !step.isEmpty { body = firstStepLabel + step + (body.isEmpty ? "" : "\n\n" + body) }
            let uid = uids[card.key] ?? ICalendar.Item.uid(importKey: key) ?? ((card.id ?? card.path) + "@carousel")
            let item = ICalendar.Item(card: card, body: body, remind: remind, uid: uid,
                                      location: fields?["location"]?.value.scalar?.string, importanceSet: fields?["importance"] != nil)
            let text = ICalendar.render([item], today: ws.today, clock: zone)
            guard let read = Self.fields(text, zone: zone) else { continue }
            out[uid] = Item(card: card, uid: uid, collection: card.kind == .event ? "events" : "tasks", text: text, fields: read,
                            hash: CalDAVHash.hex(text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP") }.joined()))
        }
        return out
    }

    /// The fields sync compares, as the project's iCalendar reader reads them from `text`.
    static func fields(_ text: String, zone: TimeZone) -> CalDAVState.Fields? {
        guard let item = (try? ICalendarImport.parse(text, timeZone: zone))?.items.first else { return nil }
        return CalDAVState.Fields(title: item.title, due: item.due?.description ?? "", zone: item.zone ?? "", done: item.done != nil,
                                  note: item.body.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The UID of the first VTODO or VEVENT in `text`.
    static func uid(_ text: String) -> String? {
        (try? ICalendarImport.parse(text))?.items.first.map { String($0.key.dropFirst(4)) }
    }
}
