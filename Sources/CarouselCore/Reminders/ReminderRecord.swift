import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The device's record of the reminders it has shown: `.carousel/reminders.json` in the vault,
/// never committed. `carousel remind` (in a terminal or from the timer) and an open
/// `carousel serve` page share it, so a reminder shown by one is never shown again by another.
/// Reading, working out what is due and writing back happen under an exclusive `flock` on
/// `.carousel/reminders.lock`, so two of them at the same minute cannot both show one reminder.
public enum ReminderRecord {
    public static var relativePath: String { Vault.localDir + "/reminders.json" }

    public static func path(_ vault: Vault) -> String { vault.url(relativePath) }

    /// The record, or an empty one when there is none yet (or it cannot be read: the next run
    /// then shows only what is due at that moment).
    public static func load(_ vault: Vault) -> Reminders.Record {
        guard let data = FileManager.default.contents(atPath: path(vault)),
              let record = try? JSONDecoder().decode(Reminders.Record.self, from: data) else { return Reminders.Record() }
        return record
    }

    public static func save(_ record: Reminders.Record, _ vault: Vault) throws(CarouselError) {
        let encoder = JSONText.encoder(.pretty)
        do {
            try FileManager.default.createDirectory(atPath: vault.url(Vault.localDir), withIntermediateDirectories: true)
            try encoder.encode(record).write(to: URL(fileURLWithPath: path(vault)), options: .atomic)
        } catch {
            throw CarouselError.io("cannot write \(relativePath): \(error.localizedDescription)")
        }
    }

    /// Loads the record, lets `due` work out the run from it, and saves the run's record, all
    /// while holding the lock.
    public static func update(_ vault: Vault, _ due: (Reminders.Record) -> Reminders.Run) throws(CarouselError) -> Reminders.Run {
        do {
            try FileManager.default.createDirectory(atPath: vault.url(Vault.localDir), withIntermediateDirectories: true)
        } catch {
            throw CarouselError.io("cannot create \(Vault.localDir)/: \(error.localizedDescription)")
        }
        let fd = open(vault.url(Vault.localDir + "/reminders.lock"), O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if fd >= 0 { _ = flock(fd, LOCK_EX) }
        defer { if fd >= 0 { _ = flock(fd, LOCK_UN); close(fd) } }
        let run = due(load(vault))
        try save(run.record, vault)
        return run
    }
}

extension Reminders.Reminder {
    /// The words of a desktop or browser notification: the title, and when it was for.
    public var notice: (title: String, body: String) {
        if kind == .checkin { return ("Carousel check-in", title) }
        return (title, late ? "was due at \(at.description) (late)" : "at \(at.timeText ?? "")")
    }
}
