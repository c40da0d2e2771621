import Yams

/// One day's record in `journal/YYYY/YYYY-MM-DD.md`: the order of Today's list and a snapshot of
/// what was planned and done, kept so that check-in and streaks have history.
public struct JournalDay: Sendable, Equatable {
    public var date: Day
    /// Card ids (or slugs, for cards without one) in the order the person arranged Today.
    public var order: [String] = []
    public var plannedSpoons = 0
    public var doneSpoons = 0
    public var plannedCards = 0
    public var doneCards = 0
    /// The day's check-in note (`reflection:`), written by `carousel checkin --note`.
    public var reflection: String?

    public init(date: Day) { self.date = date }

    /// `journal/2026/2026-11-23.md`
    public static func path(for day: Day) -> String {
        "\(Vault.journalDir)/\(day.iso.prefix(4))/\(day.iso).md"
    }

    /// Reads the day's file; a missing file is an empty day. A broken one is an error with its place.
    public static func load(vault: Vault, day: Day) throws(FileDiagnostic) -> (JournalDay, FrontMatterDocument?) {
        let path = JournalDay.path(for: day)
        guard let text = try? vault.readText(path) else { return (JournalDay(date: day), nil) }
        var journal = JournalDay(date: day)
        let document: FrontMatterDocument
        let fields: FrontMatterFields
        do {
            document = try FrontMatterDocument(text: text)
            fields = try FrontMatterFields(document: document)
        } catch {
            throw FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message)
        }
        journal.order = fields["order"]?.value.sequence?.compactMap(\.text) ?? []
        func int(_ key: String) -> Int { fields[key]?.value.text.flatMap { Int($0) } ?? 0 }
        journal.plannedSpoons = int("planned_spoons")
        journal.doneSpoons = int("done_spoons")
        journal.plannedCards = int("planned_cards")
        journal.doneCards = int("done_cards")
        journal.reflection = fields["reflection"]?.value.text
        return (journal, document)
    }

    /// The file text after this change, keeping whatever else the person wrote in it.
    public func render(into existing: FrontMatterDocument?) -> String {
        var doc = existing ?? FrontMatterDocument.emptyFrontMatter()
        doc.set("date", renderedLines: [YAMLRender.line("date", string: date.iso)])
        doc.set("order", renderedLines: [YAMLRender.line("order", list: order)])
        doc.set("planned_spoons", renderedLines: [YAMLRender.line("planned_spoons", int: plannedSpoons)])
        doc.set("done_spoons", renderedLines: [YAMLRender.line("done_spoons", int: doneSpoons)])
        doc.set("planned_cards", renderedLines: [YAMLRender.line("planned_cards", int: plannedCards)])
        doc.set("done_cards", renderedLines: [YAMLRender.line("done_cards", int: doneCards)])
        return doc.text
    }
}
