import Foundation

/// The days this device opened the vault: `.carousel/opened.json`, never committed. It keeps
/// the last day a command ran, the distinct day before it (how long the person was away) and
/// the day home last said "welcome back", so home says it on the first run of that day only.
public enum LastOpened {
    public static var relativePath: String { Vault.localDir + "/opened.json" }

    struct Stored: Codable, Equatable {
        var day: String
        var before: String?
        var welcomed: String?
    }

    static func load(_ vault: Vault) -> Stored? {
        guard let data = FileManager.default.contents(atPath: vault.url(relativePath)) else { return nil }
        return try? JSONDecoder().decode(Stored.self, from: data)
    }

    static func save(_ stored: Stored, _ vault: Vault) {
        // Best effort: a read-only vault still shows its views; it only forgets the day.
        guard (try? vault.stateFolder()) != nil, let data = try? JSONText.encoder(.pretty).encode(stored) else { return }
        try? data.write(to: URL(fileURLWithPath: vault.url(relativePath)), options: .atomic)
    }

    /// Notes that the vault is open on `today`. Only a later day moves the record on (a date
    /// pinned in the past leaves it as it is); the day it replaces becomes `before`.
    public static func note(_ vault: Vault, today: Day) {
        let stored = load(vault)
        if let stored, let day = Day(iso: stored.day), day >= today { return }
        save(Stored(day: today.iso, before: stored?.day, welcomed: stored?.welcomed), vault)
    }

    /// The day the vault was last opened before today, when it is `days` or more before today
    /// and home has not welcomed the person back today yet; nil otherwise. With `consume`, the
    /// welcome is marked as said for today.
    public static func awaySince(_ vault: Vault, today: Day, days: Int = 2, consume: Bool) -> Day? {
        guard let stored = load(vault), stored.day == today.iso, stored.welcomed != today.iso,
              let before = stored.before.flatMap({ Day(iso: $0) }), before.days(until: today) >= days else { return nil }
        if consume {
            var marked = stored
            marked.welcomed = today.iso
            save(marked, vault)
        }
        return before
    }
}
