import CarouselCore
import Foundation

/// What each `carousel caldav` verb does and says (text for people, JSON for scripts).
enum CalDAVCommands {
    typealias Output = (text: String, json: String)

    static func connect(_ a: CalDAVProgram.Arguments, vault: Vault, environment: [String: String]) async throws(CarouselError) -> Output {
        guard let account = a.url, let url = URL(string: account), ["http", "https"].contains(url.scheme ?? "") else {
            throw .usage("say the account's address: carousel caldav connect https://caldav.example.com/ --user NAME")
        }
        guard let user = a.options["--user"], !user.isEmpty else { throw .usage("say the account's user name with --user NAME") }
        if url.user != nil || url.password != nil {
            throw .usage("leave the user name and password out of the address; use --user, and the password from CAROUSEL_CALDAV_PASSWORD, a git credential helper or --password-file")
        }
        let file = a.options["--password-file"].map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let password = try CalDAVPassword.find(account: account, user: user, file: file, vault: vault, environment: environment)
        let client = DAVClient(user: user, password: password, limits: DAVClient.Limits(environment: environment))
        let found: (tasks: CalDAVState.Collection, events: CalDAVState.Collection, created: [String])
        do {
            found = try await CalDAVConnect.discover(client, account: account, tasksName: a.options["--tasks"] ?? "Carousel",
                                                     eventsName: a.options["--calendar"] ?? "Carousel events")
        } catch {
            await client.close()
            throw error
        }
        await client.close()
        // Connecting again to the same collections keeps what was synced; others start afresh.
        let old = try? CalDAVState.load(vault)
        var state = CalDAVState(account: account, user: user, passwordFile: file, tasks: found.tasks, events: found.events)
        if let old, old.tasks.url == found.tasks.url, old.events.url == found.events.url {
            state.tasks.syncToken = old.tasks.syncToken
            state.events.syncToken = old.events.syncToken
            state.entries = old.entries
            state.clashes = old.clashes
        }
        try state.save(vault)
        func said(_ c: CalDAVState.Collection) -> String { "\"\(c.name)\"" + (found.created.contains(c.name) ? " (new)" : "") }
        let text = "Connected to \(account) as \(user): task list \(said(found.tasks)), calendar \(said(found.events)).\n"
            + "`carousel caldav sync` sends your dated cards and events there, and brings the phone's changes back."
        let json = JSONText.string(["account": account, "user": user, "tasks": found.tasks.url, "events": found.events.url], .pretty) ?? "{}"
        return (text, json)
    }

    static func sync(vault: Vault, moment: Moment, environment: [String: String], sendBack: Bool) async throws(CarouselError) -> Output {
        // One CalDAV sync at a time on this vault (the state file is read and written whole).
        let lock = try VaultLock(vault: vault, timeout: 10, name: "caldav.lock")
        defer { withExtendedLifetime(lock) {} }
        guard let state = try CalDAVState.load(vault) else {
            throw .usage("this vault has no CalDAV account yet: carousel caldav connect URL --user NAME")
        }
        let password = try CalDAVPassword.find(account: state.account, user: state.user, file: state.passwordFile, vault: vault,
                                               environment: environment)
        let client = DAVClient(user: state.user, password: password, limits: DAVClient.Limits(environment: environment))
        let engine = CalDAVSync(vault: vault, moment: moment, environment: environment, client: client, state: state)
        let report: CalDAVReport
        do {
            report = try await engine.run(sendBack: sendBack)
        } catch {
            await client.close()
            // What was done before the error is kept (the commits made and the items sent), so
            // the next sync neither repeats nor loses any of it.
            try? engine.state.save(vault)
            throw error
        }
        await client.close()
        var saved = engine.state
        saved.lastSync = moment.today.iso + "T" + ICalendarTime.hhmm(moment.minutes)
        saved.lastResult = "\(report.commits.count) from the account, \(report.sent) sent"
        try saved.save(vault)
        return (text(report), JSONText.string(report, .pretty) ?? "{}")
    }

    static func text(_ r: CalDAVReport) -> String {
        var lines: [String] = []
        if r.commits.isEmpty && r.sent == 0 && r.removed == 0 {
            lines.append("CalDAV: nothing new on either side.")
        } else {
            lines.append("CalDAV: \(r.commits.count) change\(r.commits.count == 1 ? "" : "s") from the account, "
                + "\(r.sent) sent, \(r.removed) removed from the account.")
            lines += r.commits.map { "  " + $0 }
        }
        if !r.deletedOnPhone.isEmpty {
            lines.append("Deleted on the account, still here (nothing is deleted for you):")
            lines += r.deletedOnPhone.map { "  " + $0 }
            lines.append("  `carousel caldav sync --send-back` puts them back; `carousel remove REF` removes a card.")
        }
        if !r.clashes.isEmpty {
            lines.append("Changed on both sides; the vault's value was kept:")
            lines += r.clashes.map { "  \($0.path) \($0.field): here \"\($0.vault)\", on the account \"\($0.phone)\"" }
        }
        lines += r.notes.map { "Note: " + $0 }
        return lines.joined(separator: "\n")
    }

    static func status(vault: Vault) throws(CarouselError) -> Output {
        guard let s = try CalDAVState.load(vault) else {
            return ("No CalDAV account. `carousel caldav connect URL --user NAME` connects one.", "{\n  \"connected\" : false\n}")
        }
        let deleted = s.entries.values.filter { $0.deletedOnServer == true }.map(\.path).sorted()
        var lines = ["CalDAV: \(s.user) at \(s.account)", "  task list \"\(s.tasks.name)\": \(s.tasks.url)",
                     "  calendar \"\(s.events.name)\": \(s.events.url)",
                     "  \(s.entries.count) items synced; last sync " + (s.lastSync.map { "\($0) (\(s.lastResult ?? ""))" } ?? "never")]
        if !deleted.isEmpty { lines.append("  deleted on the account, still here: " + deleted.joined(separator: ", ")) }
        for c in s.clashes { lines.append("  clash: \(c.path) \(c.field): here \"\(c.vault)\", on the account \"\(c.phone)\"") }
        struct Status: Encodable {
            let connected = true
            let account: String, user: String, tasks: String, events: String, items: Int
            let lastSync: String?
            let deletedOnPhone: [String]
            let clashes: [CalDAVState.Clash]
            enum CodingKeys: String, CodingKey {
                case connected, account, user, tasks, events, items, clashes
                case lastSync = "last_sync", deletedOnPhone = "deleted_on_phone"
            }
        }
        let json = JSONText.string(Status(account: s.account, user: s.user, tasks: s.tasks.url, events: s.events.url, items: s.entries.count,
                                          lastSync: s.lastSync, deletedOnPhone: deleted, clashes: s.clashes), .pretty) ?? "{}"
        return (lines.joined(separator: "\n"), json)
    }

    static func disconnect(vault: Vault) throws(CarouselError) -> Output {
        let path = vault.url(CalDAVState.relativePath)
        guard FileManager.default.fileExists(atPath: path) else { return ("No CalDAV account to disconnect.", "{}") }
        do { try FileManager.default.removeItem(atPath: path) } catch { throw .io("cannot remove \(CalDAVState.relativePath): \(error.localizedDescription)") }
        return ("Disconnected. Nothing was removed from the account or the vault.", "{}")
    }
}

/// `HH:MM` of minutes after midnight.
enum ICalendarTime {
    static func hhmm(_ m: Int) -> String { String(format: "%02d:%02d", m / 60, m % 60) }
}
