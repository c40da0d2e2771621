/// `carousel countdown`: events (`kind: event`) and how many days until each.
public struct CountdownView: Sendable {
    public struct Item: Sendable {
        public let card: Card
        public let date: Day
        /// Negative for past events; never for a repeating event that has not finished.
        public let daysUntil: Int
    }

    public let date: Day
    /// Soonest first; past events only when asked for, most recent last before today's.
    public let events: [Item]
    /// Past events left out of `events`.
    public let hiddenPast: Int

    /// Events with a date. A repeating event shows its next occurrence on or after today (its
    /// last one once the series is over). Done events are past by definition and show only
    /// with `past`.
    public static func make(_ snapshot: VaultSnapshot, today: Day, past: Bool = false) -> CountdownView {
        var items: [Item] = []
        var hidden = 0
        for card in snapshot.cards where card.kind == .event {
            guard let day = Occurrence.dueDay(of: card, today: today) ?? card.start?.day else { continue }
            let n = today.days(until: day)
            let isPast = Occurrence.isPastEvent(card, today: today)
            if isPast && !past {
                hidden += 1
                continue
            }
            items.append(Item(card: card, date: day, daysUntil: n))
        }
        items.sort { a, b in
            if a.date != b.date { return a.date < b.date }
            return a.card.title < b.card.title
        }
        return CountdownView(date: today, events: items, hiddenPast: hidden)
    }

    /// The next event still to come, for the home line.
    public var next: Item? { events.first { $0.daysUntil >= 0 } }
}
