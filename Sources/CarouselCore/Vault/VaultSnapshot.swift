/// Everything a view needs, read once per command: settings, every card, and every problem found.
public struct VaultSnapshot: Sendable {
    public var settings: Settings
    public var cards: [Card]
    /// Problems in the user's files, one or more per bad file; views still show everything else.
    public var diagnostics: [FileDiagnostic]
    /// The journal of the day being viewed (Today's order).
    public var journal: JournalDay
    public var stats: RefreshStats

    public init(settings: Settings, cards: [Card], diagnostics: [FileDiagnostic] = [], journal: JournalDay, stats: RefreshStats = RefreshStats()) {
        self.settings = settings
        self.cards = cards
        self.diagnostics = diagnostics
        self.journal = journal
        self.stats = stats
    }

    /// Reads settings, refreshes the index and loads the journal of `day`.
    public static func load(vault: Vault, day: Day, progress: CardIndex.Progress? = nil) throws(CarouselError) -> VaultSnapshot {
        let settingsText = try FileSystem.readText(vault.url(Vault.settingsFile))
        let settings: Settings
        do {
            settings = try Settings.parse(text: settingsText)
        } catch {
            throw .invalidFile(error)
        }
        let index = try CardIndex(vault: vault)
        var (cards, diagnostics, stats) = try index.refresh(progress: progress)
        diagnostics.append(contentsOf: Settings.warnings(text: settingsText))
        var journal = JournalDay(date: day)
        do {
            journal = try JournalDay.load(vault: vault, day: day).0
        } catch {
            diagnostics.append(error)
        }
        if cards.contains(where: { $0.parent != nil }) {
            diagnostics.append(contentsOf: ParentGraph(cards: cards).cycleDiagnostics())
        }
        return VaultSnapshot(settings: settings, cards: cards, diagnostics: diagnostics, journal: journal, stats: stats)
    }
}
