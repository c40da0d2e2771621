import CarouselCore
import Foundation

/// The phone's changes, each made an ordinary commit by the same workspace calls the commands
/// use: a tick is `done` (a repeating card's open occurrence), an edited title or due date is
/// `set`, edited notes replace the card's body, a new reminder or event is a new card.
struct CalDAVApply {
    let ws: Workspace
    let sync: CalDAVSync
    let outgoing: [String: CalDAVOutgoing.Item]
    /// Items whose card changed in the vault too since it was last sent: written back even when
    /// the phone's fields were taken, so the vault's other changes reach the account.
    var vaultChanged: Set<String> = []

    mutating func incoming(_ item: DAVMultistatus.Item, collection: String,
                           touched: inout [String: CalDAVState.Fields]) throws(CarouselError) {
        guard let text = item.calendarData, let uid = CalDAVOutgoing.uid(text),
              let phone = CalDAVOutgoing.fields(text, zone: sync.zone) else {
            sync.report.notes.append("\(item.href) is not a reminder or event Carousel can read; left on the account")
            return
        }
        guard var entry = sync.state.entries[uid] else { return try add(uid, item, phone: phone, collection: collection, touched: &touched) }
        if entry.etag == item.etag, item.etag != nil { return }
        entry.href = item.href
        entry.etag = item.etag
        entry.deletedOnServer = nil
        guard let card = outgoing[uid]?.card ?? findCard(entry) else {
            sync.report.notes.append("\"\(phone.title)\" changed on the account, but its card \(entry.path) is no longer dated in the vault; left on the account")
            sync.state.entries[uid] = nil
            return
        }
        let local = outgoing[uid]?.fields ?? entry.base
        if outgoing[uid]?.hash != entry.sent { vaultChanged.insert(uid) }
        var assignments: [FieldAssignment] = []
        func decide(_ field: String, _ r: String, _ b: String, _ l: String) -> Bool {
            guard r != b, r != l else { return false }
            if l == b { return true }
            sync.report.clashes.append(CalDAVState.Clash(path: card.path, field: field, vault: l, phone: r))
            return false
        }
        if decide("title", phone.title, entry.base.title, local.title), !phone.title.isEmpty {
            assignments.append(FieldAssignment(field: "title", value: phone.title))
        }
        if !card.isRepeating, decide("due", phone.due, entry.base.due, local.due) {
            assignments.append(FieldAssignment(field: "due", value: phone.due))
        }
        if !card.isRepeating, decide("tz", phone.zone, entry.base.zone, local.zone) {
            assignments.append(FieldAssignment(field: "tz", value: phone.zone))
        }
        var current = card
        if !assignments.isEmpty {
            current = try ws.set([card], assignments)[0]
            sync.report.commits.append("set: \(current.title) (" + assignments.map(\.field).joined(separator: ", ") + ")")
        }
        if decide("notes", phone.note, entry.base.note, local.note) {
            var file = try ws.open(current)
            var body = phone.note
            if let step = current.firstStep, body.hasPrefix(CalDAVOutgoing.firstStepLabel + step) {
                body = String(body.dropFirst((CalDAVOutgoing.firstStepLabel + step).count)).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            file.setBody(body.isEmpty ? "" : body + "\n")
            let message = "edit: \(current.title) (notes from CalDAV)"
            try ws.commit([FileWrite(path: file.path, text: file.text)], message: message)
            sync.report.commits.append(message)
        }
        if collection == "tasks", decide("done", String(phone.done), String(entry.base.done), String(local.done)) {
            if phone.done {
                _ = try ws.done([current])
                sync.report.commits.append("done: \(current.title)")
            } else if !current.isRepeating {
                _ = try ws.undone(current.id ?? current.slug)
                sync.report.commits.append("undone: \(current.title)")
            }
        }
        sync.report.clashes.forEach { c in if !sync.state.clashes.contains(where: { $0.path == c.path && $0.field == c.field && $0.phone == c.phone }) { sync.state.clashes.append(c) } }
        entry.base = phone
        sync.state.entries[uid] = entry
        touched[uid] = phone
    }

    /// A reminder or event made on the phone: a new card (and `done` when it came ticked).
    private mutating func add(_ uid: String, _ item: DAVMultistatus.Item, phone: CalDAVState.Fields, collection: String,
                              touched: inout [String: CalDAVState.Fields]) throws(CarouselError) {
        guard !phone.title.isEmpty else { return }
        var new = NewCard(title: phone.title)
        if !phone.due.isEmpty { new.due = phone.due }
        if !phone.note.isEmpty { new.body = phone.note }
        if collection == "events" { new.kind = .event }
        var card = try ws.add(new)
        sync.report.commits.append("add: \(card.title)")
        if !phone.zone.isEmpty, !phone.due.isEmpty {
            card = try ws.set([card], [FieldAssignment(field: "tz", value: phone.zone)])[0]
            sync.report.commits.append("set: \(card.title) (tz)")
        }
        if phone.done, collection == "tasks" {
            _ = try ws.done([card])
            card = (try? ws.resolve(card.id ?? card.slug)) ?? card
            sync.report.commits.append("done: \(card.title)")
        }
        sync.state.entries[uid] = CalDAVState.Entry(uid: uid, collection: collection, href: item.href, etag: item.etag,
                                                    cardID: card.id, path: card.path, sent: nil, base: phone)
        touched[uid] = phone
    }

    /// Deleted on the account: the card stays; the entry is marked and listed until the person
    /// sends it back (`--send-back`) or removes the card.
    func deleted(_ href: String, collection: String) {
        guard let found = sync.state.entries.first(where: { CalDAVConnect.same($0.value.href, href) }) else { return }
        let uid = found.key
        var entry = found.value
        entry.deletedOnServer = true
        entry.etag = nil
        sync.state.entries[uid] = entry
    }

    func findCard(_ entry: CalDAVState.Entry) -> Card? {
        ws.snapshot.cards.first { ($0.id != nil && $0.id == entry.cardID) || $0.path == entry.path }
    }
}
