@testable import CarouselCore

/// Builds cards and snapshots for the view tests.
enum V {
    static func day(_ s: String) -> Day { Day(iso: s)! }

    static func card(_ slug: String, due: String? = nil, start: String? = nil, repeatRule: String? = nil,
                     kind: CardKind = .task, importance: Int = 1, category: String? = nil, parent: String? = nil) -> Card {
        var c = Card(slug: slug, path: "cards/\(slug).md", title: slug)
        c.id = "ID-" + slug
        c.due = due.flatMap { DateValue(text: $0) }
        c.start = start.flatMap { DateValue(text: $0) }
        c.repeatRule = repeatRule
        c.kind = kind
        c.importance = importance
        c.category = category
        c.parent = parent
        return c
    }

    static func snapshot(_ cards: [Card], today: Day, weekStart: Int = 1, diagnostics: [FileDiagnostic] = []) -> VaultSnapshot {
        var settings = Settings()
        settings.weekStart = weekStart
        return VaultSnapshot(settings: settings, cards: cards, diagnostics: diagnostics, journal: JournalDay(date: today))
    }
}
