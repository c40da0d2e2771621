extension Workspace {
    /// Changes fields of a card, one line each, and commits "set: <title> (field, field)".
    public func set(_ ref: String, _ assignments: [FieldAssignment]) throws(CarouselError) -> Card {
        guard !assignments.isEmpty else { throw .usage("say what to change, for example: carousel set \(ref) spoons=2") }
        let card = try resolve(ref)
        var file = try open(card)
        file.ensureID(moment.makeID)
        for a in assignments { try apply(a, to: &file) }
        var writes = [FileWrite(path: file.path, text: file.text)]
        if assignments.contains(where: { ["today", "done", "spoons", "completed", "skipped", "repeat"].contains($0.field) }),
           card.isPulled(on: today) || file.card.isPulled(on: today) {
            writes.append(try journalWrite(changed: [file.card]))
        }
        let fields = assignments.map(\.field).joined(separator: ", ")
        try commit(writes, message: "set: \(file.card.title) (\(fields))")
        return file.card
    }
}
