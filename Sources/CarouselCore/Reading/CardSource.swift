/// The questions the views ask of the vault's cards. Two sources answer them: the index
/// (`CardIndex`, which reads only the rows a question needs) and `MemoryCardSource` (every card
/// in memory, once a command or the page has loaded them all). A view is written once against
/// this protocol; `CardSourceTests` asks both sources every question on the same cards and
/// requires the same answers.
///
/// Lists of cards come in path order, the order of the full list, so a view given only the
/// cards it needs sees them exactly as it would among all of them.
protocol CardSource: AnyObject {
    // MARK: - Days

    /// The cards pulled into `day`'s list.
    func cards(pulledOn day: Day) throws(CarouselError) -> [Card]

    /// Every card that can land on a day of `from...to` (`Placement.days`): the repeating ones,
    /// those whose `due` or `start` falls in the range, and events with a `duration:` that
    /// began up to 366 days before. Outside four-digit years, every card.
    func cards(placedFrom from: Day, through to: Day) throws(CarouselError) -> [Card]

    /// The cards of `cards(placedFrom:through:)` that can be fixed at a time of day
    /// (`Card.canBeFixed`): the timeline and the day's clock read only these.
    func cards(timedFrom from: Day, through to: Day) throws(CarouselError) -> [Card]

    /// The cards of one kind (the countdown reads the events).
    func cards(ofKind kind: CardKind) throws(CarouselError) -> [Card]

    // MARK: - Ranked and counted

    /// The first `limit` suggestions of the carousel of `today` in `mode`'s order (0 means
    /// all), and how many suggestions the whole carousel holds.
    func carousel(today: Day, mode: Settings.Mode, limit: Int) throws(CarouselError) -> (strip: [Suggestion], total: Int)

    /// How many cards each board column of `today` holds.
    func boardCounts(today: Day, weekStart: Int) throws(CarouselError) -> [BoardView.Column: Int]

    /// The board of `today`; with a `limit` above 0, each column keeps its first `limit` cards.
    /// With `listingLater` false, the cards due later may be counted and not listed (the text
    /// board shows only how many there are).
    func board(today: Day, weekStart: Int, limit: Int, listingLater: Bool) throws(CarouselError) -> BoardView

    /// The cards `filter` keeps, sorted (`CardFilter.apply`); with `text`, only those whose
    /// title or body contains it, ignoring case.
    func cards(keptBy filter: CardFilter, today: Day, containing text: String?) throws(CarouselError) -> [Card]

    /// The first `count` cards (more than 0) `filter` keeps, sorted, and how many it keeps in
    /// all (`filter.limit` aside).
    func firstCards(keptBy filter: CardFilter, today: Day, containing text: String?, count: Int) throws(CarouselError)
        -> (cards: [Card], total: Int)

    /// How many cards parse.
    func cardCount() throws(CarouselError) -> Int

    /// What `ShortNumbers.assign` reads of every card.
    func numberingItems(today: Day) throws(CarouselError) -> [ShortNumbers.NumberingItem]

    // MARK: - Named

    /// The card at `path`, nil when none parses there.
    func card(atPath path: String) throws(CarouselError) -> Card?

    /// The cards whose slug or id is exactly `needle`, or whose path is `path`.
    func cards(named needle: String, path: String) throws(CarouselError) -> [Card]

    /// Candidates for a plain-ASCII `prefix`: at least every card whose slug or lowercased id
    /// starts with it (the caller applies its own test).
    func cards(prefixed prefix: String) throws(CarouselError) -> [Card]

    /// The cards whose id is exactly `id`.
    func cards(withID id: String) throws(CarouselError) -> [Card]

    /// The cards whose slug is exactly `slug`.
    func cards(withSlug slug: String) throws(CarouselError) -> [Card]

    /// Every card with only what naming one by REF reads (`CardRef`).
    func namingCards() throws(CarouselError) -> [CardName]

    /// The slugs that start with `prefix`, in no set order.
    func slugs(startingWith prefix: String) throws(CarouselError) -> [String]

    // MARK: - Links

    /// The cards whose `parent:` is `slug`, or `id` when given.
    func children(slug: String, id: String?) throws(CarouselError) -> [Card]

    /// Cards with a `parent:`, with every card whose slug or id one of them could name: all
    /// that `ParentGraph` needs to find cycles exactly as over the whole vault.
    func parentCandidates() throws(CarouselError) -> [Card]

    /// The cards with a `blocked_by:` list: every card a dependency cycle can run through.
    func blockedCards() throws(CarouselError) -> [Card]
}

extension CardSource {
    /// The board with every card listed.
    func board(today: Day, weekStart: Int, limit: Int) throws(CarouselError) -> BoardView {
        try board(today: today, weekStart: weekStart, limit: limit, listingLater: true)
    }
}
