/// `CardSource` over cards held in memory: what a command asks once it has loaded every card
/// (`Workspace.snapshot`, `carousel serve`), and what the tests compare the index with.
final class MemoryCardSource {
    /// In path order, as `CardIndex.cards()` gives them (`replace` keeps it).
    private(set) var cards: [Card]
    /// The paths of the cards whose title or body contains a text, ignoring case: a card value
    /// does not hold its body, so whoever holds the files answers.
    let search: (String) throws(CarouselError) -> Set<String>

    /// `cards` in path order: a load of 10,000 is not sorted again.
    init(cards: [Card], search: @escaping (String) throws(CarouselError) -> Set<String>) {
        self.cards = cards
        self.search = search
    }

    /// Cards with their Markdown bodies by path: the search reads those.
    convenience init(cards: [Card], bodies: [String: String]) {
        let texts = Dictionary(cards.map { ($0.path, [$0.title, bodies[$0.path] ?? ""]) }, uniquingKeysWith: { a, _ in a })
        self.init(cards: cards) { text in
            let needle = text.lowercased()
            return Set(texts.filter { $0.value.contains { $0.lowercased().contains(needle) } }.keys)
        }
    }

    /// Puts `card` in place of the card at `path` (none: the card is gone), keeping path order.
    func replace(path: String, with card: Card?) {
        cards.removeAll { $0.path == path }
        guard let card else { return }
        cards.insert(card, at: cards.firstIndex { $0.path > card.path } ?? cards.endIndex)
    }
}
