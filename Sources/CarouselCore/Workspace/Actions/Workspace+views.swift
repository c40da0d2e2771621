import Foundation

/// What `move` did.
public struct MoveOutcome: Sendable {
    public let card: Card
    public let column: BoardView.Column
    /// The new due date, nil for someday.
    public let due: Day?
    public let changed: Bool
}

extension Workspace {
    /// Moves a card to a board column by setting its due date (see `BoardView.dueDate`) and
    /// commits "move: <title> to <column>". A time of day on the old due date is kept.
    public func move(_ ref: String, to column: BoardView.Column) throws(CarouselError) -> MoveOutcome {
        let card = try resolve(ref)
        guard let target = BoardView.dueDate(for: column, today: today, weekStart: settings.weekStart) else {
            throw .usage("a card becomes overdue by itself when its due date passes; move it to today, this_week, upcoming or someday")
        }
        var file = try open(card)
        if let day = target {
            let text = day.iso + (card.due?.timeText.map { "T" + $0 } ?? "")
            if card.due?.description == text { return MoveOutcome(card: card, column: column, due: day, changed: false) }
            file.set("due", string: text)
        } else {
            if card.due == nil { return MoveOutcome(card: card, column: column, due: nil, changed: false) }
            file.remove("due")
        }
        file.ensureID(moment.makeID)
        try commit([FileWrite(path: file.path, text: file.text)], message: "move: \(card.title) to \(column.rawValue)")
        return MoveOutcome(card: file.card, column: column, due: target, changed: true)
    }

    /// Saves today's reflection as `reflection:` in today's journal file (replacing an earlier
    /// one) and commits "check-in: note for <date>". The day's counts are refreshed at the same time.
    public func saveReflection(_ text: String) throws(CarouselError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .usage("the note is empty; write a word or two, e.g. --note \"slow day, that's ok\"") }
        let write = try journalWrite(changed: [])
        var document: FrontMatterDocument
        do {
            document = try FrontMatterDocument(text: write.text ?? "")
        } catch {
            throw .invalidFile(FileDiagnostic(path: write.path, line: error.line, column: error.column, message: error.message))
        }
        document.set("reflection", renderedLines: [YAMLRender.line("reflection", string: trimmed)])
        try commit([FileWrite(path: write.path, text: document.text)], message: "check-in: note for \(today.iso)")
    }

    /// Sets the daily spoon budget (5–20) in carousel.yaml, touching only its line, and commits
    /// "settings: budget N". Returns false when it already had that value.
    public func setBudget(_ value: Int) throws(CarouselError) -> Bool {
        guard (5...20).contains(value) else { throw .invalidValue(field: "budget", message: "must be 5–20, found \(value)") }
        let text = try vault.readText(Vault.settingsFile)
        do {
            _ = try Settings.parse(text: text)
        } catch {
            throw .invalidFile(error)
        }
        if settings.budget == value, text.contains("budget:") { return false }
        var file = SettingsFile(text: text)
        file.set("budget", rendered: String(value))
        try commit([FileWrite(path: Vault.settingsFile, text: file.text)], message: "settings: budget \(value)")
        return true
    }
}
