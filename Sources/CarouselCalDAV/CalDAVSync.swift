import CarouselCore
import CarouselGit
import Foundation

/// What one `carousel caldav sync` did (its `--json`, and the sentences it prints).
public struct CalDAVReport: Encodable, Sendable {
    /// HTTP requests made: a sync with nothing new on either side makes one per collection.
    public var requests = 0
    /// The commits the phone's changes became, by message.
    public var commits: [String] = []
    /// Items written to the account (new or changed on the vault's side).
    public var sent = 0
    /// Items removed from the account because their card left the vault or lost its date.
    public var removed = 0
    /// Cards whose reminder was deleted on the phone: kept in the vault, listed until decided.
    public var deletedOnPhone: [String] = []
    public var clashes: [CalDAVState.Clash] = []
    public var notes: [String] = []

    enum CodingKeys: String, CodingKey {
        case requests, commits, sent, removed, clashes, notes
        case deletedOnPhone = "deleted_on_phone"
    }
}

/// One two-way sync of a vault with its account's task list and calendar.
///
/// 1. Each collection is asked what changed since its sync-token (RFC 6578), with each changed
///    item's ETag and text in the same answer; nothing new is one request per collection.
/// 2. Each changed item is compared field by field (title, due, done, notes) with what both
///    sides last agreed on (`CalDAVState.Entry.base`) and with the card now: a field changed on
///    the phone only is applied to the card as an ordinary commit (`done`, `set`, a new card); a
///    field changed on both sides to different values keeps the vault's and is listed as a clash.
/// 3. Every card whose text changed since it was last sent is written with `If-Match` (its last
///    ETag) or `If-None-Match: *` (new), so a change made on the phone meanwhile is never
///    overwritten: the server refuses (412) and the next sync brings it in.
/// A reminder deleted on the phone is never deleted from the vault: it is listed, and
/// `--send-back` writes it to the account again.
final class CalDAVSync {
    let vault: Vault
    let moment: Moment
    let environment: [String: String]
    let client: DAVClient
    let zone: TimeZone
    var state: CalDAVState
    var report = CalDAVReport()

    init(vault: Vault, moment: Moment, environment: [String: String], client: DAVClient, state: CalDAVState) {
        self.vault = vault
        self.moment = moment
        self.environment = environment
        self.client = client
        self.state = state
        zone = TimeZone.current
    }

    func run(sendBack: Bool) async throws(CarouselError) -> CalDAVReport {
        // 1. What changed on the account (nothing is written anywhere before both answers).
        var remote: [String: CalDAVFetch.Changes] = [:]
        for name in ["tasks", "events"] {
            // Our own last writes come back in the listing; known by their ETags, they are not read.
            let known = Set(state.entries.values.compactMap { $0.collection == name ? $0.etag : nil })
            remote[name] = try await CalDAVFetch.changes(client, collection: collection(name), name: name, known: known)
        }
        // 2. The phone's changes become commits.
        var touched: [String: CalDAVState.Fields] = [:]
        var vaultChanged: Set<String> = []
        if remote.values.contains(where: { !$0.changed.isEmpty || !$0.deleted.isEmpty }) {
            let ws = try workspace()
            let outgoing = try CalDAVOutgoing.items(ws, uids: uidsByCard(), zone: zone)
            var apply = CalDAVApply(ws: ws, sync: self, outgoing: outgoing)
            for name in ["tasks", "events"] {
                guard let changes = remote[name] else { continue }
                for item in changes.changed { try apply.incoming(item, collection: name, touched: &touched) }
                for href in changes.deleted { apply.deleted(href, collection: name) }
            }
            vaultChanged = apply.vaultChanged
        }
        // 3. The vault's side goes out, read again after those commits. The vault is not held
        // (locked) while the server is asked: other commands run meanwhile.
        let quiet = touched.isEmpty && !sendBack && remote.values.allSatisfy { $0.changed.isEmpty && $0.deleted.isEmpty }
        let (outgoing, head) = try readOutgoing(unlessAt: quiet ? state.sentHead : nil)
        if let outgoing {
            refused = false
            try await send(outgoing, touched: touched, vaultChanged: vaultChanged, sendBack: sendBack)
            state.sentHead = refused ? nil : head
            state.sentDay = moment.today.iso
        }
        for name in ["tasks", "events"] {
            if let token = remote[name]?.token { setToken(name, token) }
        }
        report.deletedOnPhone = state.entries.values.filter { $0.deletedOnServer == true }.map(\.path).sorted()
        report.requests = client.requests
        return report
    }

    /// Whether the server refused a write in this sync (it is then tried again next time).
    private var refused = false

    /// Every card that goes out, and the HEAD they were read at; no cards when HEAD is `known`
    /// and it is the day they were last sent (the workspace first commits editor edits).
    private func readOutgoing(unlessAt known: String?) throws(CarouselError) -> ([String: CalDAVOutgoing.Item]?, String?) {
        let ws = try workspace()
        let head = (try? Repository.open(at: vault.root).headID())??.hex
        if let known, head == known, state.sentDay == moment.today.iso { return (nil, head) }
        return (try CalDAVOutgoing.items(ws, uids: uidsByCard(), zone: zone), head)
    }

    func collection(_ name: String) -> CalDAVState.Collection { name == "events" ? state.events : state.tasks }

    func setToken(_ name: String, _ token: String) {
        if name == "events" { state.events.syncToken = token } else { state.tasks.syncToken = token }
    }

    func workspace() throws(CarouselError) -> Workspace {
        try Workspace(vault: vault, moment: moment, environment: environment, forWriting: true)
    }

    /// Card key (id, else path) → the UID it has on the account.
    func uidsByCard() -> [String: String] {
        var out: [String: String] = [:]
        for e in state.entries.values { out[e.cardID ?? e.path] = e.uid }
        return out
    }

    private func send(_ outgoing: [String: CalDAVOutgoing.Item], touched: [String: CalDAVState.Fields],
                      vaultChanged: Set<String>, sendBack: Bool) async throws(CarouselError) {
        for uid in outgoing.keys.sorted() {
            guard let item = outgoing[uid] else { continue }
            var entry = state.entries[uid]
            if entry?.deletedOnServer == true {
                guard sendBack else { continue }
                entry?.deletedOnServer = nil
                entry?.etag = nil
                entry?.sent = nil
            }
            if entry != nil, let phone = touched[uid], phone == item.fields, !vaultChanged.contains(uid) {
                // The phone's version is what the vault now holds: nothing to write back (and
                // nothing the phone keeps beyond these fields is overwritten).
                entry?.sent = item.hash
                entry?.base = item.fields
                entry?.path = item.card.path
                state.entries[uid] = entry
                continue
            }
            if let e = entry, e.sent == item.hash, e.collection == item.collection { continue }
            if let e = entry, e.collection != item.collection {
                // A task that became an event (or back) moves to the other collection.
                _ = try await client.send("DELETE", e.href, headers: e.etag.map { [("If-Match", $0)] } ?? [])
                entry = nil
            }
            let href = entry?.href ?? CalDAVConnect.resolve(Self.fileName(uid), against: collection(item.collection).url)
            let condition = entry?.etag.map { ("If-Match", $0) } ?? ("If-None-Match", "*")
            let r = try await client.send("PUT", href, headers: [condition], body: item.text)
            switch r.status {
            case 200..<300:
                report.sent += 1
                state.entries[uid] = CalDAVState.Entry(uid: uid, collection: item.collection, href: href, etag: r.headers.first(name: "ETag"),
                                                       cardID: item.card.id, path: item.card.path, sent: item.hash, base: item.fields)
            case 412:
                refused = true
                report.notes.append("\(item.card.path) changed on the account while this sync ran; the next sync brings that change in")
            case 404, 409:
                throw .io("the collection \(collection(item.collection).url) is missing (\(r.status)); `carousel caldav connect` picks or creates it again")
            default:
                refused = true
                report.notes.append("the server refused \(item.card.path) (\(r.status)); it stays as it is in the vault")
            }
        }
        // Items whose card left the vault or lost its date leave the account (the vault keeps the card).
        for (uid, e) in state.entries where outgoing[uid] == nil && touched[uid] == nil {
            if e.deletedOnServer == true {
                state.entries[uid] = nil
                continue
            }
            let r = try await client.send("DELETE", e.href, headers: e.etag.map { [("If-Match", $0)] } ?? [])
            if (200..<300).contains(r.status) || r.status == 404 {
                report.removed += 1
                state.entries[uid] = nil
            } else if r.status == 412 {
                refused = true
                report.notes.append("\(e.path) is no longer in the vault but changed on the account meanwhile; left there")
            }
        }
    }

    /// A UID as a file name in the collection (letters, digits, `-`, `_`, `.`, `@` kept).
    static func fileName(_ uid: String) -> String {
        let kept = uid.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "-_.@".unicodeScalars.contains($0) ? String($0) : "_" }.joined()
        return String(kept.prefix(200)) + ".ics"
    }
}
