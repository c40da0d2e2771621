/// The index answers the views' questions (`CardSource`) from the rows each needs, without a
/// card value per row where a count or a rank will do. Each answer is the one
/// `MemoryCardSource` gives over every card (`CardSourceTests`).
extension CardIndex: CardSource {
    /// Kept for the rest of the command (`placedLast`), as the timed ones are (`timedLast`): home's
    /// timeline count and its clock ask for the same days.
    func cards(timedFrom from: Day, through to: Day) throws(CarouselError) -> [Card] {
        if let last = placedLast, last.from == from, last.to == to { return last.cards.filter(\.canBeFixed) }
        if let last = timedLast, last.from == from, last.to == to { return last.cards }
        let timed: [Card]
        if let narrowed = try cards(placedFrom: from, to: to, timed: true) { timed = narrowed } else { timed = try cards().filter(\.canBeFixed) }
        timedLast = (from, to, timed)
        return timed
    }

    func cards(placedFrom from: Day, through to: Day) throws(CarouselError) -> [Card] {
        if let last = placedLast, last.from == from, last.to == to { return last.cards }
        let placed: [Card]
        if let narrowed = try cards(placedFrom: from, to: to) { placed = narrowed } else { placed = try cards() }
        placedLast = (from, to, placed)
        return placed
    }

    /// With a `limit` above 0, the strip's cards and the total are kept for the next command
    /// (`remember`); read back, the strip is the same cards in the same order, ranked again.
    func carousel(today: Day, mode: Settings.Mode, limit: Int) throws(CarouselError) -> (strip: [Suggestion], total: Int) {
        let key = "carousel \(today.iso) \(mode.rawValue) \(limit)"
        if limit > 0, let kept = try rememberedCards(key), let total = kept.numbers.first {
            let strip = kept.cards.compactMap { Suggestions.suggestion(for: $0, today: today) }
            if strip.count == kept.cards.count { return (Suggestions.ordered(strip, mode: mode, limit: limit), total) }
        }
        let parts = try carouselParts(today: today, mode: mode, limit: limit)
        let strip = Suggestions.ordered(parts.others + parts.plainFirst, mode: mode, limit: limit)
        let total = parts.others.count + parts.plainCount
        if limit > 0 { remember(key, numbers: [total], paths: strip.map(\.card.path)) }
        return (strip, total)
    }

    /// The board built from the rows it can show (no events, no done one-off cards) as they are
    /// read; with a `limit` above 0, only the rows that can be among each column's first
    /// `limit` are read (`boardRows`).
    /// With a `limit` above 0, the cards each slot shows and its total are kept for the next
    /// command (`remember`); read back, those cards are added and the rest counted.
    /// With `listingLater` false, a kept board's cards due later are counted and not read.
    func board(today: Day, weekStart: Int, limit: Int, listingLater: Bool) throws(CarouselError) -> BoardView {
        let key = "board \(today.iso) \(weekStart) \(limit)"
        if limit > 0, let kept = remembered(key).map(MemoText.split),
           let view = try keptBoard(kept, today: today, weekStart: weekStart, limit: limit, listingLater: listingLater) {
            return view
        }
        var builder = BoardView.Builder(today: today, weekStart: weekStart)
        if limit > 0, let rows = try boardRows(today: today, weekStart: weekStart, limit: limit) {
            for card in rows.cards { builder.add(card) }
            for (slot, n) in rows.unread { builder.count(n, in: slot) }
        } else {
            try forEachBoardCard { builder.add($0) }
        }
        let view = builder.view(limit: limit)
        if limit > 0 {
            // A line for each slot (its name, its total and how many cards it shows), then a
            // line for each card shown (`keptLines`).
            let shown = view.columns.map { (BoardView.Slot.column($0.column), $0.items) } + [(BoardView.Slot.later, view.later)]
            if let cardLines = try keptLines(shown.flatMap { $0.1.map(\.card.path) }) {
                remember(key, MemoText.join(shown.map { slot, items in [slot.memoName, String(view.totals[slot] ?? 0), String(items.count)] } + cardLines))
            }
        }
        return view
    }

    /// The board read back from a kept answer: each slot's cards, and its other cards counted.
    private func keptBoard(_ kept: [[String]], today: Day, weekStart: Int, limit: Int, listingLater: Bool) throws(CarouselError) -> BoardView? {
        var builder = BoardView.Builder(today: today, weekStart: weekStart)
        var slots: [(slot: BoardView.Slot, total: Int, shown: Int)] = []
        for line in kept.prefix(while: { $0.count == 3 }) {
            guard let slot = BoardView.Slot(memoName: line[0]), let total = Int(line[1]), var shown = Int(line[2]), shown <= total else { return nil }
            // The cards due later are kept last; unlisted, they are only counted.
            guard slots.last?.slot != .later else { return nil }
            if slot == .later, !listingLater { shown = 0 }
            slots.append((slot, total, shown))
        }
        let listed = slots.reduce(0) { $0 + $1.shown }
        // Every slot's cards in one read: one statement to compile, not one a slot.
        guard let cards = try cards(kept: kept.dropFirst(slots.count).prefix(listed)), cards.count == listed else { return nil }
        var next = cards.makeIterator()
        for (slot, total, shown) in slots {
            for _ in 0..<shown { if let card = next.next() { builder.add(card) } }
            if total > shown { builder.count(total - shown, in: slot) }
        }
        return builder.view(limit: limit)
    }

    func cards(keptBy filter: CardFilter, today: Day, containing text: String?) throws(CarouselError) -> [Card] {
        filter.apply(try cards(narrowedBy: filter, today: today, containing: text), today: today)
    }

    /// When the filter allows, only the rows that can be among the first `count` are read
    /// (`firstCards(_:today:count:)`).
    func firstCards(keptBy filter: CardFilter, today: Day, containing text: String?, count: Int) throws(CarouselError)
        -> (cards: [Card], total: Int) {
        var all = filter
        all.limit = nil
        if text == nil, all.paths == nil {
            // Kept for the next command (`remember`): the first cards and how many the filter keeps.
            let key = "first \(today.iso) \(count) \(String(describing: all))"
            if let kept = try rememberedCards(key), let total = kept.numbers.first { return (kept.cards, total) }
            if let first = try firstCards(all, today: today, count: count) {
                remember(key, numbers: [first.total], paths: first.cards.map(\.path))
                return first
            }
        }
        let kept = try cards(keptBy: all, today: today, containing: text)
        return (Array(kept.prefix(count)), kept.count)
    }

    func cardCount() throws(CarouselError) -> Int { try count() }
}
