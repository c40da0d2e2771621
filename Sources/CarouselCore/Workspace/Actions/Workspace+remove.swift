extension Workspace {
    /// Deletes a card's file and commits "rm: <title>". History keeps the card, so nothing is
    /// asked first. Children keep their `parent:` line and are returned so the view can say so.
    public func remove(_ ref: String) throws(CarouselError) -> (card: Card, orphans: [Card]) {
        let card = try resolve(ref)
        let orphans = snapshot.cards.filter { $0.parent == card.slug || ($0.parent != nil && $0.parent == card.id) }
        var writes = [FileWrite(path: card.path, text: nil)]
        if card.isPulled(on: today) {
            var removed = card
            removed.today = nil
            writes.append(try journalWrite(changed: [removed]))
        }
        try commit(writes, message: "rm: \(card.title)")
        return (card, orphans)
    }
}
