/// The snapshots and cards the day views read, asked of `source`: only the rows a command shows,
/// exactly as the same question over every card answers it, in the same order.
extension Workspace {
    /// The snapshot with only the cards pulled into today: all `TodayView` reads.
    public func todaySnapshot() throws(CarouselError) -> VaultSnapshot {
        var s = base
        s.cards = try pulledCards()
        return s
    }

    /// The snapshot with only the cards that can land on a day of `from...to`: all
    /// `Placement.entries` (calendar, timeline) reads for that range.
    public func snapshot(placedFrom from: Day, to: Day) throws(CarouselError) -> VaultSnapshot {
        // A day either side: a zoned card's time may fall on another day of this device's clock.
        zoned(try source.cards(placedFrom: from.adding(days: -1), through: to.adding(days: 1)))
    }

    /// The same with only the cards that can be fixed at a time of day (`Card.canBeFixed`): all
    /// that the timeline and the day's clock read.
    public func snapshot(timedFrom from: Day, to: Day) throws(CarouselError) -> VaultSnapshot {
        zoned(try source.cards(timedFrom: from.adding(days: -1), through: to.adding(days: 1)))
    }

    /// The snapshot holding `cards`: a time written without a zone is in the vault's
    /// `time_zone:`, for every view and every export.
    func zoned(_ cards: [Card]) -> VaultSnapshot {
        var s = base
        s.cards = ZonedTime.withVaultZone(cards, base.settings)
        return s
    }

    /// The snapshot with only the cards of one kind (the countdown reads the events).
    public func snapshot(kind: CardKind) throws(CarouselError) -> VaultSnapshot {
        var s = base
        s.cards = try source.cards(ofKind: kind)
        return s
    }

    /// What the index refresh of this command did.
    public var stats: RefreshStats { base.stats }

    /// How many card files there are: as the refresh listed them, else (Watchman named the
    /// changes, nothing was listed) one per row.
    public func cardFileCount() throws(CarouselError) -> Int {
        if let files = stats.files { return files }
        return try index.fileCount()
    }

    /// How many cards parse.
    public func cardCount() throws(CarouselError) -> Int {
        try source.cardCount()
    }

    func pulledCards() throws(CarouselError) -> [Card] {
        try source.cards(pulledOn: today)
    }

    /// The card a `parent:` value names, as `ParentGraph.card(named:)` finds it.
    public func card(named ref: String) throws(CarouselError) -> Card? {
        if let last = try source.cards(withSlug: ref).last { return last }
        return try source.cards(withID: ref).last
    }

    /// The cards whose `parent:` names this card (by slug, or by id when it has one).
    public func children(of card: Card) throws(CarouselError) -> [Card] {
        try source.children(slug: card.slug, id: card.id).filter { c in
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
        if let saved = ShortNumbers.saved(vault: vault, keeping: .init(cards: cards), index: index), saved.date == today.iso,
           // The number first: a repeating card's state is worked out from its rule.
           cards.allSatisfy({ saved.number(for: $0) != nil || Occurrence.isDone($0, today: today) }) {
            return saved
        }
        return numbers
    }

    /// The line of number `n` in the saved numbers (the file is not read whole).
    func savedNumbers(number n: Int) -> ShortNumbers? {
        ShortNumbers.saved(vault: vault, keeping: .init(number: n))
    }

    /// `CardRef.resolve` answered from `source` for the cases that need no other card: a
    /// number already given today, an exact slug, id or path, a unique plain-ASCII prefix, or a
    /// file that does not parse. Nil means "ask the full list" (ambiguous, unknown, or unusual).
    func quickResolve(_ ref: String) throws(CarouselError) -> Card? {
        if let n = CardRef.number(ref) {
            guard let saved = savedNumbers(number: n), saved.date == today.iso,
                  let entry = saved.entries.first(where: { $0.number == n }) else { return nil }
            var id = entry.id
            if id == nil { id = try source.card(atPath: entry.path)?.id }
            if let id { return try source.cards(withID: id).first }
            return try source.card(atPath: entry.path)
        }
        let needle = ref.hasSuffix(".md") ? String(Vault.slug(ofPath: ref)) : ref
        if let exact = try source.cards(named: needle, path: ref).first { return exact }
        if let bad = diagnostics.first(where: { $0.severity == .error && ($0.path == ref || Vault.slug(ofPath: $0.path) == needle) }) {
            throw .invalidFile(bad)
        }
        let lower = needle.lowercased()
        let plain = !lower.isEmpty && lower.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F || b == 0x2E
        }
        guard plain else { return nil }
        let prefixed = try source.cards(prefixed: lower).filter {
            $0.slug.hasPrefix(lower) || ($0.id?.lowercased().hasPrefix(lower) ?? false)
        }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}
