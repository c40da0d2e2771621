extension Workspace {
    /// Changes fields of a card, one line each, and commits "set: <title> (field, field)".
    public func set(_ ref: String, _ assignments: [FieldAssignment]) throws(CarouselError) -> Card {
        guard !assignments.isEmpty else { throw .usage("say what to change, for example: carousel set \(ref) spoons=2") }
        return try set([try resolve(ref)], assignments)[0]
    }

    /// Changes the same fields of several cards in one commit. Every value is checked on every
    /// card before anything is written.
    public func set(_ cards: [Card], _ assignments: [FieldAssignment]) throws(CarouselError) -> [Card] {
        guard !assignments.isEmpty else { throw .usage("say what to change, for example: carousel set 3 spoons=2") }
        var writes: [FileWrite] = []
        var updated: [Card] = []
        var journal = false
        let touchesToday = assignments.contains { ["today", "done", "spoons", "completed", "skipped", "repeat"].contains($0.field) }
        for card in cards {
            var file = try open(card)
            file.ensureID(moment.makeID)
            for a in assignments { try apply(a, to: &file) }
            writes.append(FileWrite(path: file.path, text: file.text))
            updated.append(file.card)
            if touchesToday && (card.isPulled(on: today) || file.card.isPulled(on: today)) { journal = true }
        }
        guard !writes.isEmpty else { return [] }
        if journal { writes.append(try journalWrite(changed: updated)) }
        let fields = assignments.map(\.field).joined(separator: ", ")
        try commit(writes, message: "set: \(Workspace.titles(updated)) (\(fields))")
        return updated
    }
}
