import Foundation

/// Reading past day records for check-in: a run of days, and the most recent active day.
public enum JournalHistory {
    /// The records of the `days` days before `day` that have a file. A file that does not parse
    /// is skipped and reported in `problems`, never guessed at.
    public static func records(vault: Vault, before day: Day, days: Int) -> (records: [JournalDay], problems: [FileDiagnostic]) {
        var records: [JournalDay] = []
        var problems: [FileDiagnostic] = []
        for back in 1...max(1, days) {
            let d = day.adding(days: -back)
            guard FileManager.default.fileExists(atPath: vault.url(JournalDay.path(for: d))) else { continue }
            do {
                records.append(try JournalDay.load(vault: vault, day: d).0)
            } catch {
                problems.append(error)
            }
        }
        return (records, problems)
    }

    /// The latest day before `day` whose record shows anything planned or done, looking through
    /// every file in `journal/`.
    public static func lastActive(vault: Vault, before day: Day) -> Day? {
        let root = vault.url(Vault.journalDir)
        let years = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted(by: >)
        for year in years {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + year)) ?? []).sorted(by: >)
            for file in files where file.hasSuffix(".md") {
                guard let d = Day(iso: file.dropLast(3)), d < day,
                      let journal = try? JournalDay.load(vault: vault, day: d).0 else { continue }
                if journal.plannedCards > 0 || journal.doneCards > 0 { return d }
            }
        }
        return nil
    }
}
