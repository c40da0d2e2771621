/// What `carousel migrate` did, or would do with `--dry-run`.
public struct MigrationReport: Sendable {
    /// The card files whose keys change, by path.
    public var changed: [String] = []
    /// Cards left as they are, each with why (they would read differently, or do not parse).
    public var kept: [(path: String, reason: String)] = []
    /// Whether carousel.yaml's `format:` changes too.
    public var settingsChanged = false
    /// The commit, when something was written.
    public var commit: String?
}

extension Workspace {
    /// Rewrites every card's keys into `format` (TaskNotes' under the vault's names for them, or
    /// Carousel's) and sets carousel.yaml's `format:` to it, in one commit; with `dryRun`, only
    /// says what would change. A card that would read differently afterwards is left as it is.
    public func migrate(to format: Settings.CardFormat, dryRun: Bool) throws(CarouselError) -> MigrationReport {
        var report = MigrationReport()
        var writes: [FileWrite] = []
        for card in snapshot.cards.sorted(by: { $0.path < $1.path }) {
            var file: CardFile
            do { file = try open(card) } catch {
                report.kept.append((card.path, error.localizedDescription))
                continue
            }
            let before = file.text
            if let reason = file.migrate(to: format, layout: vault.layout) {
                report.kept.append((card.path, reason))
            } else if file.text != before {
                report.changed.append(card.path)
                writes.append(FileWrite(path: card.path, text: file.text))
            }
        }
        let text = try vault.readText(Vault.settingsFile)
        if settings.cardFormat != format {
            var settingsFile = SettingsFile(text: text)
            settingsFile.set("format", rendered: format.rawValue)
            writes.append(FileWrite(path: Vault.settingsFile, text: settingsFile.text))
            report.settingsChanged = true
        }
        guard !dryRun, !writes.isEmpty else { return report }
        let keys = format == .tasknotes ? "TaskNotes' keys" : "Carousel's keys"
        report.commit = try commit(writes, message: "migrate: \(report.changed.count) card\(report.changed.count == 1 ? "" : "s") to \(keys)")
        return report
    }
}
