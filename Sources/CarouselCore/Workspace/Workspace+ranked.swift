/// The views that rank or count every open card (home, the carousel, the board, `list`,
/// `search`), asked of `source`: the index answers without building a card value per row.
extension Workspace {
    /// The first `limit` cards of the carousel in `mode`'s order (0 means all), and how many
    /// cards the whole carousel holds.
    public func carousel(mode: Settings.Mode, limit: Int) throws(CarouselError) -> (strip: [Suggestion], total: Int) {
        // The whole carousel (`pick`, `suggest --limit 0`) is nearly every card: they are built
        // in one read, quicker than the index's several reads of nearly the same rows, and then
        // answer the command's other views too (the answer is the same either way).
        if limit == 0 { loadEveryCard() }
        return try source.carousel(today: today, mode: mode, limit: limit)
    }

    /// Bare `carousel`: each part from the cards it needs (`HomeView.make(today:…)`).
    public func home(stripLimit: Int = 5) throws(CarouselError) -> HomeView {
        let (strip, total) = try carousel(mode: settings.carousel, limit: stripLimit)
        return HomeView.make(today: TodayView.make(try todaySnapshot(), today: today), carousel: strip, carouselTotal: total,
                             columnCounts: try source.boardCounts(today: today, weekStart: settings.weekStart),
                             countdown: CountdownView.make(try snapshot(kind: .event), today: today),
                             scheduledToday: TimelineView.make(try snapshot(timedFrom: today, to: today), date: today).items.count,
                             problems: diagnostics.count)
    }

    /// How many cards are past their due date on the board (`Occurrence.isOverdue`; the board
    /// leaves out events and cards waiting until a later day): its Overdue column and home's
    /// "N overdue".
    public func overdueCount() throws(CarouselError) -> Int {
        try source.boardCounts(today: today, weekStart: settings.weekStart)[.overdue] ?? 0
    }

    /// The board of today; with a `limit` above 0, each column keeps its first `limit` cards.
    /// With `listingLater` false, the cards due later may be counted and not listed.
    public func board(limit: Int = 0, listingLater: Bool = true) throws(CarouselError) -> BoardView {
        try source.board(today: today, weekStart: settings.weekStart, limit: limit, listingLater: listingLater)
    }

    /// The cards `filter` keeps, sorted (`CardFilter.apply`); with `text`, only those whose
    /// title or notes contain it, ignoring case.
    public func cards(_ filter: CardFilter, containing text: String? = nil) throws(CarouselError) -> [Card] {
        try source.cards(keptBy: filter, today: today, containing: text)
    }

    /// The first `count` cards `filter` keeps (more than 0), sorted, and how many it keeps in all
    /// (`filter.limit` aside).
    public func firstCards(_ filter: CardFilter, containing text: String? = nil, count: Int) throws(CarouselError) -> (cards: [Card], total: Int) {
        try source.firstCards(keptBy: filter, today: today, containing: text, count: count)
    }
}
