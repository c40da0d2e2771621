import Foundation

// What a celebration leaves on this device and asks of the workspace; `Celebration` itself
// (Views/Celebration.swift) is a pure value over habits and a date.

extension Celebration {
    /// `.carousel/celebrated`: the last day celebrated on this device. Local, never committed.
    static let stateFile = "celebrated"

    /// Whether this device already celebrated `day`.
    public static func alreadyShown(_ day: Day, vault: Vault) -> Bool {
        guard let folder = try? vault.stateFolder(),
              let text = try? FileSystem.readText(folder + "/" + stateFile, followLinks: false) else { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == day.iso
    }

    /// Remembers that `day` was celebrated here.
    public static func markShown(_ day: Day, vault: Vault) {
        guard let folder = try? vault.stateFolder() else { return }
        _ = try? FileSystem.writeAtomically(day.iso + "\n", to: folder + "/" + stateFile)
    }
}

extension Workspace {
    /// The celebration a committed habit change earned, judged on every habit as it is now.
    public func celebration(for change: HabitChange) -> Celebration? {
        guard change.committed else { return nil }
        var old = change.habit
        old.log[change.date] = change.before
        return Celebration.after(change: change.habit, was: old, habits: habits().habits, today: today, date: change.date)
    }
}
