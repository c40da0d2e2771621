/// Values that lost a sync clash, as kept in a card's `conflicts:` field.
public struct CardConflicts: Sendable {
    public let card: Card
    public let entries: [String]
}

extension Workspace {
    /// Every card with a non-empty `conflicts:` field, in path order.
    public func conflicts() -> [CardConflicts] {
        snapshot.cards.sorted { $0.path < $1.path }.compactMap { card in
            guard let file = try? open(card), let fields = try? FrontMatterFields(document: file.document),
                  let value = fields["conflicts"]?.value else { return nil }
            let entries = value.sequence.map { $0.compactMap(\.text) } ?? value.text.map { [$0] } ?? []
            return entries.isEmpty ? nil : CardConflicts(card: card, entries: entries)
        }
    }

    /// Removes a card's `conflicts:` field (one commit); false when it had none.
    public func clearConflicts(_ ref: String) throws(CarouselError) -> (card: Card, cleared: Bool) {
        let card = try resolve(ref)
        var file = try open(card)
        guard file.document.lineRange(of: "conflicts") != nil else { return (card, false) }
        file.remove("conflicts")
        try commit([FileWrite(path: card.path, text: file.text)], message: "conflicts: cleared for \(card.title)")
        return (card, true)
    }
}
