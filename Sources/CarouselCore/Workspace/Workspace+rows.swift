/// Reads that ask the index for the rows a command shows, instead of building every card.
/// Each gives exactly what the same question over `snapshot.cards` would, in the same order.
extension Workspace {
    /// The snapshot with only the cards pulled into today: all `TodayView` reads.
    public func todaySnapshot() throws(CarouselError) -> VaultSnapshot {
        var s = cardsLoaded ? snapshot : baseSnapshot
        s.cards = try pulledCards()
        return s
    }

    /// The snapshot with only the cards that can land on a day of `from...to`: all
    /// `Placement.entries` (calendar, timeline) reads for that range.
    public func snapshot(placedFrom from: Day, to: Day) throws(CarouselError) -> VaultSnapshot {
        // A day either side: a zoned card's time may fall on another day of this device's clock.
        guard !cardsLoaded, let cards = try index.cards(placedFrom: from.adding(days: -1), to: to.adding(days: 1)) else { return snapshot }
        var s = baseSnapshot
        s.cards = ZonedTime.withVaultZone(cards, baseSnapshot.settings)
        return s
    }

    /// The snapshot with only the cards of one kind (the countdown reads the events).
    public func snapshot(kind: CardKind) throws(CarouselError) -> VaultSnapshot {
        if cardsLoaded { return snapshot }
        var s = baseSnapshot
        s.cards = try index.cards(ofKind: kind)
        return s
    }

    /// What the index refresh of this command did.
    public var stats: RefreshStats { baseSnapshot.stats }

    /// How many cards parse, counted in the index.
    public func cardCount() throws(CarouselError) -> Int {
        if cardsLoaded { return snapshot.cards.count }
        return try index.count()
    }

    func pulledCards() throws(CarouselError) -> [Card] {
        if cardsLoaded { return snapshot.cards.filter { $0.isPulled(on: today) } }
        return try index.cards(pulledOn: today)
    }

    func isIndexed(_ path: String) throws(CarouselError) -> Bool {
        try index.holdsCard(atPath: path)
    }

    /// The card a `parent:` value names, as `ParentGraph.card(named:)` finds it.
    public func card(named ref: String) throws(CarouselError) -> Card? {
        if cardsLoaded { return ParentGraph(cards: snapshot.cards).card(named: ref) }
        if let last = try index.cards(withSlug: ref).last { return last }
        return try index.cards(withID: ref).last
    }

    /// The cards whose `parent:` names this card (by slug, or by id when it has one).
    public func children(of card: Card) throws(CarouselError) -> [Card] {
        let all = cardsLoaded ? snapshot.cards : try index.children(slug: card.slug, id: card.id)
        return all.filter { c in
            guard let p = c.parent, c.path != card.path else { return false }
            return p == card.slug || p == card.id
        }
    }

    /// Today's numbers for a view that shows `cards`: the saved numbers when every open card
    /// shown already has one (numbers never change during a day), else the full numbering.
    public func numbers(showing cards: some Sequence<Card>) -> ShortNumbers {
        if numbersAssigned { return numbers }
        // A view that shows no card needs no number: the file is not read.
        var shown = cards.makeIterator()
        if shown.next() == nil { return ShortNumbers(date: today) }
        if let saved = ShortNumbers.saved(vault: vault, keeping: .init(cards: cards)), saved.date == today.iso,
           cards.allSatisfy({ Occurrence.isDone($0, today: today) || saved.number(for: $0) != nil }) {
            return saved
        }
        return numbers
    }

    /// The line of number `n` in the saved numbers (the file is not read whole).
    func savedNumbers(number n: Int) -> ShortNumbers? {
        ShortNumbers.saved(vault: vault, keeping: .init(number: n))
    }

    /// `CardRef.resolve` answered from the index for the cases that need no other card: a
    /// number already given today, an exact slug, id or path, a unique plain-ASCII prefix, or a
    /// file that does not parse. Nil means "ask the full list" (ambiguous, unknown, or unusual).
    func quickResolve(_ ref: String) throws(CarouselError) -> Card? {
        if let n = CardRef.number(ref) {
            guard let saved = savedNumbers(number: n), saved.date == today.iso,
                  let entry = saved.entries.first(where: { $0.number == n }) else { return nil }
            var id = entry.id
            if id == nil { id = try index.card(atPath: entry.path)?.id }
            if let id { return try index.cards(withID: id).first }
            return try index.card(atPath: entry.path)
        }
        let needle = ref.hasSuffix(".md") ? String(Vault.slug(ofPath: ref)) : ref
        if let exact = try index.cards(named: needle, path: ref).first { return exact }
        if let bad = diagnostics.first(where: { $0.severity == .error && ($0.path == ref || Vault.slug(ofPath: $0.path) == needle) }) {
            throw .invalidFile(bad)
        }
        let lower = needle.lowercased()
        let plain = !lower.isEmpty && lower.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F || b == 0x2E
        }
        guard plain else { return nil }
        let prefixed = try index.cards(prefixed: lower).filter {
            $0.slug.hasPrefix(lower) || ($0.id?.lowercased().hasPrefix(lower) ?? false)
        }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}
