/// What naming a card by REF reads (`CardRef`): four short strings instead of a whole card.
struct CardName: Nameable, Equatable {
    let path, slug, title: String
    let id: String?
}
