/// Where a card stands on a given day, with repeating cards treated as their current occurrence.
public enum Occurrence {
    /// The date a card is due as of `today`: `due` for a one-off card; for a repeating card the
    /// pending occurrence (`due` when set, which completing moves forward, else the first
    /// occurrence on or after today that is not completed or skipped).
    public static func dueDay(of card: Card, today: Day) -> Day? {
        if let due = card.due?.day { return due }
        guard let text = card.repeatRule, let rule = try? RecurrenceRule.parse(text) else { return nil }
        let anchor = card.start?.day ?? card.created?.day ?? today
        let candidates = rule.occurrences(anchor: anchor, from: today, limit: 8)
        return candidates.first { !card.completed.contains($0) && !card.skipped.contains($0) }
    }

    /// Whether a repeating card has an occurrence pending today or earlier (overdue).
    public static func isRepeatingDue(_ card: Card, today: Day) -> Bool {
        guard card.isRepeating, let due = dueDay(of: card, today: today) else { return false }
        return due <= today && !card.isDone(on: today)
    }

    /// Whether the card is finished as far as `today` is concerned.
    public static func isDone(_ card: Card, today: Day) -> Bool {
        if card.isRepeating { return card.isDone(on: today) }
        return card.done != nil
    }
}
