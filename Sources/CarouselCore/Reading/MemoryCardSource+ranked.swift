/// The carousel, the board and lists, ranked and counted over every card in memory.
extension MemoryCardSource {
    func carousel(today: Day, mode: Settings.Mode, limit: Int) -> (strip: [Suggestion], total: Int) {
        let all = Suggestions.ordered(cards.compactMap { Suggestions.suggestion(for: $0, today: today) }, mode: mode, limit: 0)
        return (limit > 0 && all.count > limit ? Array(all.prefix(limit)) : all, all.count)
    }

    func boardCounts(today: Day, weekStart: Int) -> [BoardView.Column: Int] {
        // As the index counts them: a column without a card has no entry.
        board(today: today, weekStart: weekStart, limit: 0).counts.filter { $0.value > 0 }
    }

    /// Every card is in memory: the cards due later are listed either way (the default lets
    /// callers of this source ask without `try`).
    func board(today: Day, weekStart: Int, limit: Int, listingLater: Bool = true) -> BoardView {
        var builder = BoardView.Builder(today: today, weekStart: weekStart)
        for card in cards { builder.add(card) }
        return builder.view(limit: limit)
    }

    func cards(keptBy filter: CardFilter, today: Day, containing text: String?) throws(CarouselError) -> [Card] {
        var f = filter
        if let text {
            let found = try search(text)
            f.paths = f.paths.map { $0.intersection(found) } ?? found
        }
        return f.apply(cards, today: today)
    }

    func firstCards(keptBy filter: CardFilter, today: Day, containing text: String?, count: Int) throws(CarouselError)
        -> (cards: [Card], total: Int) {
        var all = filter
        all.limit = nil
        let kept = try cards(keptBy: all, today: today, containing: text)
        return (Array(kept.prefix(count)), kept.count)
    }

    func cardCount() -> Int { cards.count }

    func numberingItems(today: Day) -> [ShortNumbers.NumberingItem] {
        cards.map { ShortNumbers.NumberingItem($0, today: today) }
    }
}
