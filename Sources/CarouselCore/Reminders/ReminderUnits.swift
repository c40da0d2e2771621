/// The systemd user units (and the crontab line) that run `carousel remind --notify` every minute
/// for one vault. Names carry a hash of the vault's path, so two vaults can both be installed.
public struct ReminderUnits: Sendable {
    public let name: String
    public let service: String
    public let timer: String
    public let crontab: String

    public init(executable: String, vaultRoot: String) {
        name = "carousel-remind-" + String(StableHash.fnv1a(vaultRoot) % 0xFFFF_FFFF, radix: 16)
        let command = "\(ReminderUnits.quoted(executable)) remind --notify --vault \(ReminderUnits.quoted(vaultRoot))"
        service = """
            [Unit]
            Description=Carousel reminders for \(vaultRoot.replacingOccurrences(of: "%", with: "%%"))

            [Service]
            Type=oneshot
            ExecStart=\(command.replacingOccurrences(of: "%", with: "%%"))

            """
        timer = """
            [Unit]
            Description=Carousel reminders every minute

            [Timer]
            OnCalendar=*-*-* *:*:00
            AccuracySec=5s
            Persistent=true
            Unit=\(name).service

            [Install]
            WantedBy=timers.target

            """
        crontab = "* * * * * \(shellQuoted(executable)) remind --notify --vault \(shellQuoted(vaultRoot))"
    }

    /// systemd's quoting: double quotes, with backslashes and quotes escaped.
    static func quoted(_ s: String) -> String {
        guard s.contains(where: { " \"'\\;$".contains($0) }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
