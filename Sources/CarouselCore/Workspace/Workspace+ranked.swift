/// The views that rank or count every open card (home, the carousel, the board, `list`,
/// `search`), answered from the index without building a card value per row. Each gives exactly
/// what the view over `snapshot` gives; once the cards are loaded, it is that view.
extension Workspace {
    /// The first `limit` cards of the carousel in `mode`'s order (0 means all), and how many
    /// cards the whole carousel holds.
    public func carousel(mode: Settings.Mode, limit: Int) throws(CarouselError) -> (strip: [Suggestion], total: Int) {
        guard !cardsLoaded, limit > 0 else {
            let all = Suggestions.rank(snapshot, today: today, mode: mode, limit: 0)
            return (limit > 0 && all.count > limit ? Array(all.prefix(limit)) : all, all.count)
        }
        let parts = try index.carouselParts(today: today, mode: mode, limit: limit)
        let strip = Suggestions.ordered(parts.others + parts.plainFirst, mode: mode, limit: limit)
        return (strip, parts.others.count + parts.plainCount)
    }

    /// Bare `carousel`: each part from the rows it needs (`HomeView.make(today:…)`).
    public func home(stripLimit: Int = 5) throws(CarouselError) -> HomeView {
        if cardsLoaded { return HomeView.make(snapshot, today: today, stripLimit: stripLimit) }
        let (strip, total) = try carousel(mode: settings.carousel, limit: stripLimit)
        return HomeView.make(today: TodayView.make(try todaySnapshot(), today: today), carousel: strip, carouselTotal: total,
                             columnCounts: try index.boardCounts(today: today, weekStart: settings.weekStart),
                             countdown: CountdownView.make(try snapshot(kind: .event), today: today),
                             scheduledToday: TimelineView.make(try snapshot(placedFrom: today, to: today), date: today).items.count,
                             problems: diagnostics.count)
    }

    /// How many cards are past their due date on the board (`Occurrence.isOverdue`; the board
    /// leaves out events and cards waiting until a later day): its Overdue column and home's
    /// "N overdue", counted by the index when the cards are not loaded.
    public func overdueCount() throws(CarouselError) -> Int {
        if cardsLoaded { return BoardView.make(snapshot, today: today).total(.column(.overdue)) }
        return try index.boardCounts(today: today, weekStart: settings.weekStart)[.overdue] ?? 0
    }

    /// The board of today, built from the rows it can show (no events, no done one-off cards)
    /// as they are read; with a `limit` above 0, each column keeps its first `limit` cards and
    /// only the rows that can be among them are read (`CardIndex.boardRows`).
    public func board(limit: Int = 0) throws(CarouselError) -> BoardView {
        if cardsLoaded { return BoardView.make(snapshot, today: today, limit: limit) }
        var builder = BoardView.Builder(today: today, weekStart: settings.weekStart)
        if limit > 0, let rows = try index.boardRows(today: today, weekStart: settings.weekStart, limit: limit) {
            for card in rows.cards { builder.add(card) }
            for (slot, n) in rows.unread { builder.count(n, in: slot) }
        } else {
            try index.forEachBoardCard { builder.add($0) }
        }
        return builder.view(limit: limit)
    }

    /// The cards `filter` keeps, sorted (`CardFilter.apply`); with `text`, only those whose
    /// title or notes contain it, ignoring case.
    public func cards(_ filter: CardFilter, containing text: String? = nil) throws(CarouselError) -> [Card] {
        var f = filter
        if let text, cardsLoaded {
            let found = try index.search(text)
            f.paths = f.paths.map { $0.intersection(found) } ?? found
        }
        let cards = cardsLoaded ? snapshot.cards : try index.cards(narrowedBy: f, today: today, containing: text)
        return f.apply(cards, today: today)
    }

    /// The first `count` cards `filter` keeps (more than 0), sorted, and how many it keeps in all
    /// (`filter.limit` aside). When the filter allows, only the rows that can be among them are
    /// read (`CardIndex.firstCards`).
    public func firstCards(_ filter: CardFilter, containing text: String? = nil, count: Int) throws(CarouselError) -> (cards: [Card], total: Int) {
        var all = filter
        all.limit = nil
        if text == nil, !cardsLoaded, let first = try index.firstCards(all, today: today, count: count) { return first }
        let cards = try self.cards(all, containing: text)
        return (Array(cards.prefix(count)), cards.count)
    }
}
