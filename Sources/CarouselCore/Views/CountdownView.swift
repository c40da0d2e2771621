/// `carousel countdown`: events (`kind: event`) and how many days until each.
public struct CountdownView: Sendable {
    public struct Item: Sendable {
        public let card: Card
        public let date: Day
        /// Negative for past events.
        public let daysUntil: Int
    }

    public let date: Day
    /// Soonest first; past events only when asked for, most recent last before today's.
    public let events: [Item]
    /// Past events left out of `events`.
    public let hiddenPast: Int

    /// Events with a date (a repeating event uses its pending occurrence). Done events are past
    /// by definition and show only with `past`.
    public static func make(_ snapshot: VaultSnapshot, today: Day, past: Bool = false) -> CountdownView {
        var items: [Item] = []
        var hidden = 0
        for card in snapshot.cards where card.kind == .event {
            guard let day = Occurrence.dueDay(of: card, today: today) ?? card.due?.day else { continue }
            let n = today.days(until: day)
            let isPast = n < 0 || (!card.isRepeating && card.done != nil)
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
