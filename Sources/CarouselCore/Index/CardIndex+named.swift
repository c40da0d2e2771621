/// The index's answers to the questions the workspace asks by name, so that the SQL that
/// answers them lives here, beside the schema it depends on.
extension CardIndex {
    /// The card at a vault-relative path (none when it does not parse or is not indexed).
    func card(atPath path: String) throws(CarouselError) -> Card? {
        try cards(where: "path = ?", arguments: [path]).first
    }

    /// The cards whose id is exactly this one, in path order.
    func cards(withID id: String) throws(CarouselError) -> [Card] {
        try cards(where: "id = ?", arguments: [id])
    }

    /// The cards whose slug is exactly this one, in path order.
    func cards(withSlug slug: String) throws(CarouselError) -> [Card] {
        try cards(where: "slug = ?", arguments: [slug])
    }

    /// The cards of one kind; events as a literal, so SQLite reads them from their own index
    /// (`cards_events`).
    func cards(ofKind kind: CardKind) throws(CarouselError) -> [Card] {
        kind == .event ? try cards(where: "kind = 'event'") : try cards(where: "kind = ?", arguments: [kind.rawValue])
    }

    /// The cards with a `remind:` value.
    func remindingCards() throws(CarouselError) -> [Card] {
        try cards(where: "remind = 1")
    }

    /// Every card the board can show (no events, no done one-off cards), as read.
    func forEachBoardCard(_ body: (Card) throws -> Void) throws(CarouselError) {
        try forEachCard(where: "kind != 'event' AND (repeat IS NOT NULL OR done IS NULL)", body)
    }
}
