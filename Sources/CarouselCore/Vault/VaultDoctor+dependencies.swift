extension VaultDoctor {
    /// `blocked_by` entries that name no card (the card stays blocked until the name is fixed
    /// or removed: a note) and cards that wait for each other (none of them can ever come back:
    /// a problem).
    static func dependencies(_ cards: [Card]) -> [DoctorFinding] {
        let blocked = cards.filter { !$0.blockedBy.isEmpty }
        guard !blocked.isEmpty else { return [] }
        var names: Set<String> = []
        for c in cards {
            names.insert(c.slug)
            if let id = c.id { names.insert(id) }
        }
        var result: [DoctorFinding] = []
        for card in blocked.sorted(byKey: \.path, <) {
            for b in card.blockedBy where !names.contains(b.ref) {
                result.append(DoctorFinding(kind: .dependency, severity: .note, path: card.path, line: nil,
                                            message: "\(card.path) waits for \(b.ref), which is no card in the vault",
                                            fix: "it stays out of the carousel until this is fixed: `carousel set \(card.slug) blocked_by=…` with the right card, or empty to remove it"))
            }
        }
        for d in BlockGraph(cards: blocked).cycleDiagnostics() {
            result.append(DoctorFinding(kind: .dependency, severity: .problem, path: d.path, line: nil, message: d.path + ": " + d.message,
                                        fix: "remove one card from the `blocked_by:` list of one of them (`carousel set REF blocked_by=…`)"))
        }
        return result
    }
}
