/// Cards by name and by link (`parent:`, `blocked_by:`), from memory.
extension MemoryCardSource {
    func card(atPath path: String) -> Card? {
        cards.first { $0.path == path }
    }

    func cards(named needle: String, path: String) -> [Card] {
        cards.filter { $0.slug == needle || $0.id == needle || $0.path == path }
    }

    func cards(prefixed prefix: String) -> [Card] {
        cards.filter { $0.slug.hasPrefix(prefix) || ($0.id?.lowercased().hasPrefix(prefix) ?? false) }
    }

    func cards(withID id: String) -> [Card] {
        cards.filter { $0.id == id }
    }

    func cards(withSlug slug: String) -> [Card] {
        cards.filter { $0.slug == slug }
    }

    func namingCards() -> [CardName] {
        cards.map { CardName(path: $0.path, slug: $0.slug, title: $0.title, id: $0.id) }
    }

    func slugs(startingWith prefix: String) -> [String] {
        cards.map(\.slug).filter { $0.hasPrefix(prefix) }
    }

    func children(slug: String, id: String?) -> [Card] {
        cards.filter { $0.parent == slug || $0.parent == (id ?? slug) }
    }

    func parentCandidates() -> [Card] {
        let parented = cards.filter { $0.parent != nil }
        let named = Set(parented.compactMap(\.parent))
        let slugs = Set(parented.map(\.slug))
        return cards.filter { c in
            c.parent != nil || named.contains(c.slug) || c.id.map(named.contains) == true || slugs.contains(c.slug)
        }
    }

    func blockedCards() -> [Card] {
        cards.filter { !$0.blockedBy.isEmpty }
    }
}

extension MemoryCardSource: CardSource {}
