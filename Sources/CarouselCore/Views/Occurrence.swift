/// Where a card stands on a given day, with repeating cards treated as their open occurrence
/// (see `Series`). Every view asks these questions here, so they all agree.
public enum Occurrence {
    /// The date a card is due as of `today`: `due` for a one-off card; for a repeating card its
    /// open occurrence (never before today), or, once the series is over, its last `due`.
    public static func dueDay(of card: Card, today: Day) -> Day? { State(card, today: today).dueDay }

    /// `dueDay`, `isDone` and `isRepeatingDue` of one card on one day, from one reading of its
    /// series (the open occurrence is worked out once): the views that ask more than one of
    /// them of every card (the carousel, the board, `list`'s filter) ask this.
    public struct State {
        public let dueDay: Day?
        public let isDone: Bool
        public let isRepeatingDue: Bool

        public init(_ card: Card, today: Day) {
            guard let series = Series(card, today: today) else {
                (dueDay, isDone, isRepeatingDue) = (card.due?.day, card.done != nil, false)
                return
            }
            let pending = series.pending(today: today)
            let recorded = card.isDone(on: today)
            dueDay = pending ?? card.due?.day
            isDone = recorded || pending == nil
            isRepeatingDue = pending == today && !recorded
        }
    }

    /// Whether a repeating card's open occurrence is today and not yet done: such cards always
    /// appear in the carousel.
    public static func isRepeatingDue(_ card: Card, today: Day) -> Bool { State(card, today: today).isRepeatingDue }

    /// Whether the card is finished as far as `today` is concerned: a one-off card with `done`;
    /// a repeating card whose occurrence today is completed or skipped, or whose series is over.
    public static func isDone(_ card: Card, today: Day) -> Bool { State(card, today: today).isDone }

    /// Whether a repeating card's series is over (its last occurrence recorded or passed).
    public static func isFinished(_ card: Card, today: Day) -> Bool {
        Series(card, today: today)?.isFinished(today: today) ?? false
    }

    /// The one definition of overdue: an open one-off card (a task or an idea, not an event)
    /// whose due date has passed. Done cards, finished series and repeating cards (whose open
    /// occurrence is never before today) are never overdue; a past event is past, not overdue.
    /// Whether the card is waiting (`wait:` after today): it stays out of the carousel and the
    /// board until then, and `list` marks it.
    public static func isWaiting(_ card: Card, today: Day) -> Bool {
        guard let wait = card.wait else { return false }
        return wait > today
    }

    public static func isOverdue(_ card: Card, today: Day) -> Bool {
        guard card.kind != .event, !card.isRepeating, card.done == nil, let due = card.due?.day else { return false }
        return due < today
    }

    /// Whether the card is an event whose day is over: a one-off event before today (or marked
    /// done), or a repeating event whose series has ended.
    public static func isPastEvent(_ card: Card, today: Day) -> Bool {
        guard card.kind == .event else { return false }
        if card.isRepeating { return isFinished(card, today: today) }
        if card.done != nil { return true }
        guard let day = card.due?.day ?? card.start?.day else { return false }
        return day < today
    }
}
