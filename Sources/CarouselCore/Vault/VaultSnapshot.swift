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
        var (snapshot, index) = try loadWithoutCards(vault: vault, day: day, progress: progress)
        snapshot.cards = ZonedTime.withVaultZone(try index.cards(), snapshot.settings)
        if snapshot.cards.contains(where: { $0.parent != nil }) {
            snapshot.diagnostics.append(contentsOf: ParentGraph(cards: snapshot.cards).cycleDiagnostics())
        }
        return snapshot
    }

    /// Settings, journal and every problem of the files, with the index brought up to date but
    /// no card value built: the command then asks the index for the rows it shows. Parent
    /// cycles are not checked here (`Workspace.diagnostics` does, from the few parented rows).
    /// `environment` is the run's (Watchman's socket, with `watch: watchman`).
    public static func loadWithoutCards(vault: Vault, day: Day, progress: CardIndex.Progress? = nil,
                                        environment: [String: String] = [:]) throws(CarouselError) -> (VaultSnapshot, CardIndex) {
        let settingsText = try vault.readText(Vault.settingsFile)
        let settings: Settings
        let warnings: [FileDiagnostic]
        do {
            (settings, warnings) = try Settings.read(text: settingsText)
        } catch {
            throw .invalidFile(error)
        }
        let index = try CardIndex(vault: vault)
        if settings.watch == .watchman { index.watching = WatchSession(environment: environment) }
        var (diagnostics, stats) = try index.sync(progress: progress)
        diagnostics.append(contentsOf: warnings)
        var journal = JournalDay(date: day)
        do {
            journal = try JournalDay.load(vault: vault, day: day).0
        } catch {
            diagnostics.append(error)
        }
        return (VaultSnapshot(settings: settings, cards: [], diagnostics: diagnostics, journal: journal, stats: stats), index)
    }
}
