/// A card kept once on the heap, so the views that hold many cards (the board, a month of
/// occurrences) move and share a reference instead of copying the card.
@usableFromInline final class CardBox: Sendable {
    @usableFromInline let card: Card
    init(_ card: Card) { self.card = card }
}
