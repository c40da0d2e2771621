/// The index answers the views' questions (`CardSource`) from the rows each needs, without a
/// card value per row where a count or a rank will do. Each answer is the one
/// `MemoryCardSource` gives over every card (`CardSourceTests`).
extension CardIndex: CardSource {
    func cards(placedFrom from: Day, through to: Day) throws(CarouselError) -> [Card] {
        if let placed = try cards(placedFrom: from, to: to) { return placed }
        return try cards()
    }

    func carousel(today: Day, mode: Settings.Mode, limit: Int) throws(CarouselError) -> (strip: [Suggestion], total: Int) {
        let parts = try carouselParts(today: today, mode: mode, limit: limit)
        let strip = Suggestions.ordered(parts.others + parts.plainFirst, mode: mode, limit: limit)
        return (strip, parts.others.count + parts.plainCount)
    }

    /// The board built from the rows it can show (no events, no done one-off cards) as they are
    /// read; with a `limit` above 0, only the rows that can be among each column's first
    /// `limit` are read (`boardRows`).
    func board(today: Day, weekStart: Int, limit: Int) throws(CarouselError) -> BoardView {
        var builder = BoardView.Builder(today: today, weekStart: weekStart)
        if limit > 0, let rows = try boardRows(today: today, weekStart: weekStart, limit: limit) {
            for card in rows.cards { builder.add(card) }
            for (slot, n) in rows.unread { builder.count(n, in: slot) }
        } else {
            try forEachBoardCard { builder.add($0) }
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
        if text == nil, let first = try firstCards(all, today: today, count: count) { return first }
        let kept = try cards(keptBy: all, today: today, containing: text)
        return (Array(kept.prefix(count)), kept.count)
    }

    func cardCount() throws(CarouselError) -> Int { try count() }
}
