import CarouselCore
import Foundation

extension Doctor {
    /// The CalDAV account (`carousel caldav connect`), when there is one: its state file reads,
    /// and the password can come from somewhere. Nothing is contacted, as for network remotes.
    static func calDAV(_ vault: Vault, environment: [String: String]) -> (lines: [String], problems: Int) {
        let relative = Vault.localDir + "/caldav.json"
        guard let data = FileManager.default.contents(atPath: vault.url(relative)) else { return ([], 0) }
        guard let state = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let account = state["account"] as? String, let user = state["user"] as? String else {
            return (["✗ \(relative) cannot be read", "    `carousel caldav connect URL --user NAME` writes it again"], 1)
        }
        var lines = ["· CalDAV: \(user) at \(account), last sync " + ((state["last_sync"] ?? state["lastSync"]) as? String ?? "never")
            + " (not contacted; `carousel caldav sync` tries it)"]
        if environment["CAROUSEL_CALDAV_PASSWORD"].map({ !$0.isEmpty }) == true { return (lines, 0) }
        guard let file = (state["password_file"] ?? state["passwordFile"]) as? String else {
            lines.append("· CalDAV's password comes from git's credential helpers (or CAROUSEL_CALDAV_PASSWORD)")
            return (lines, 0)
        }
        var st = stat()
        guard stat(file, &st) == 0 else {
            return (lines + ["✗ CalDAV's password file \(file) is missing", "    create it (mode 0600, outside the vault) or set CAROUSEL_CALDAV_PASSWORD"], 1)
        }
        if st.st_mode & 0o077 != 0 {
            return (lines + ["✗ CalDAV's password file \(file) can be read by others", "    chmod 600 \(file)"], 1)
        }
        return (lines, 0)
    }
}
