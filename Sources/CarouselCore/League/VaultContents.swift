import CarouselGit

/// The XP-relevant contents of a vault: cards, habits and journal activity. Read from the work
/// tree for your own vault, or from a fetched commit for a friend's, where the files are only
/// ever parsed as data.
public struct VaultContents: Sendable {
    public var cards: [Card] = []
    public var habits: [Habit] = []
    public var journal: [Day: JournalActivity] = [:]

    public init(cards: [Card], habits: [Habit], journal: [Day: JournalActivity]) {
        self.cards = cards
        self.habits = habits
        self.journal = journal
    }

    /// Parses the files of a commit; files that do not parse are skipped.
    static func read(repository: Repository, commit: ObjectID) throws -> VaultContents {
        var contents = VaultContents(cards: [], habits: [], journal: [:])
        for (path, id) in try repository.files(at: commit) where path.hasSuffix(".md") {
            let bytes = try repository.blob(id)
            guard bytes.count <= YAMLLimits.maxFileBytes, let text = String(bytes: bytes, encoding: .utf8) else { continue }
            if path.hasPrefix(Vault.cardsDir + "/") {
                if let card = try? CardParser.parse(text: text, path: path).card { contents.cards.append(card) }
            } else if path.hasPrefix(Vault.habitsDir + "/") {
                if let habit = try? HabitParser.parse(text: text, path: path) { contents.habits.append(habit) }
            } else if path.hasPrefix(Vault.journalDir + "/"), let day = Day(iso: Vault.slug(ofPath: path)),
                      let document = try? FrontMatterDocument(text: text),
                      let fields = try? FrontMatterFields(document: document) {
                contents.journal[day] = JournalActivity.read(fields)
            }
        }
        return contents
    }
}
