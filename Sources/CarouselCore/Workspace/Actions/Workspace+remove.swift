extension Workspace {
    /// Deletes a card's file and commits "rm: <title>". History keeps the card, so nothing is
    /// asked first. Children keep their `parent:` line and are returned so the view can say so.
    public func remove(_ ref: String) throws(CarouselError) -> (card: Card, orphans: [Card]) {
        let card = try resolve(ref)
        return (card, try remove([card]))
    }

    /// Deletes several cards in one commit ("rm: A and B"), and with `attachments` their files in
    /// `attachments/<id>/` too. Returns the children left without their parent (children
    /// removed too are not counted).
    public func remove(_ cards: [Card], attachments: Bool = false) throws(CarouselError) -> [Card] {
        guard !cards.isEmpty else { return [] }
        let gone = Set(cards.map(\.path))
        // The children of the cards removed.
        var children: [Card] = []
        for card in cards { children += try source.children(slug: card.slug, id: card.id) }
        children = children.sorted(byKey: \.path, <)
        var seen = Set<String>()
        let orphans = children.filter { child in
            !gone.contains(child.path) && seen.insert(child.path).inserted
                && cards.contains { $0.slug == child.parent || (child.parent != nil && child.parent == $0.id) }
        }
        var writes = cards.map { FileWrite(path: $0.path, text: nil) }
        if attachments { writes += cards.flatMap { self.attachments(of: $0) }.map { FileWrite(path: $0.path, text: nil) } }
        let pulled = cards.filter { $0.isPulled(on: today) }
        if !pulled.isEmpty {
            writes.append(try journalWrite(changed: pulled.map { var removed = $0; removed.today = nil; return removed }))
        }
        try commit(writes, message: "rm: \(Workspace.titles(cards))")
        return orphans
    }
}
