extension Workspace {
    /// Puts a card into Today (its `today:` becomes today's date) and commits "pull into today: <title>".
    /// Returns false when it was already there.
    public func pull(_ ref: String) throws(CarouselError) -> (card: Card, changed: Bool) {
        let card = try resolve(ref)
        let pulled = try pull([card])
        return (pulled.first ?? card, !pulled.isEmpty)
    }

    /// Puts several cards into Today in one commit; returns those that were not there yet.
    public func pull(_ cards: [Card]) throws(CarouselError) -> [Card] {
        // A finished card is not something to do today: pulling it would show it as a task again.
        if let finished = cards.first(where: { !$0.isRepeating && $0.done != nil }) {
            throw .usage("\(finished.title) is already done, so it stays out of today; "
                + "`carousel undone \(finished.slug)` opens it again")
        }
        var writes: [FileWrite] = []
        var changed: [Card] = []
        for card in cards where !card.isPulled(on: today) {
            var file = try open(card)
            file.ensureID(moment.makeID)
            file.set("today", string: today.iso)
            writes.append(FileWrite(path: file.path, text: file.text))
            changed.append(file.card)
        }
        guard !writes.isEmpty else { return [] }
        writes.append(try journalWrite(changed: changed))
        try commit(writes, message: "pull into today: \(Workspace.titles(changed))")
        return changed
    }

    /// Takes a card out of Today and commits "drop from today: <title>". It goes back to the carousel.
    public func drop(_ ref: String) throws(CarouselError) -> (card: Card, changed: Bool) {
        let card = try resolve(ref)
        guard card.isPulled(on: today) else { return (card, false) }
        var file = try open(card)
        file.remove("today")
        try commit([FileWrite(path: file.path, text: file.text), try journalWrite(changed: [file.card])],
                   message: "drop from today: \(card.title)")
        return (file.card, true)
    }

    /// Moves a card to `position` (1-based) in Today's order and commits "order today: <title> to N".
    public func order(_ ref: String, to position: Int) throws(CarouselError) -> TodayView {
        let card = try resolve(ref)
        guard card.isPulled(on: today) else {
            throw .usage("\(card.title) is not in today's list; `carousel pull \(card.slug)` puts it there first")
        }
        let view = TodayView.make(try todaySnapshot(), today: today)
        var keys = view.items.filter { !$0.done }.map { $0.card.id ?? $0.card.slug }
        let key = card.id ?? card.slug
        guard let from = keys.firstIndex(of: key) else {
            throw .usage("\(card.title) is already done; finished cards stay at the bottom")
        }
        guard position >= 1, position <= keys.count else {
            throw .usage("position must be 1–\(keys.count), found \(position)")
        }
        keys.remove(at: from)
        keys.insert(key, at: position - 1)
        let write = try journalWrite(changed: [], order: keys + view.items.filter(\.done).map { $0.card.id ?? $0.card.slug })
        try commit([write], message: "order today: \(card.title) to \(position)")
        return TodayView.make(try todaySnapshot(), today: today)
    }
}
