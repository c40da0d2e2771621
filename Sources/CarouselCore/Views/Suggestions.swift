/// One card in the carousel with the parts of its score, so the view can say why it ranks there.
public struct Suggestion: Sendable, Equatable {
    public let card: Card
    public let due: Day?
    /// Days from today until due (negative when overdue), nil when undated.
    public let daysUntilDue: Int?
    public let importance: Int
    public let urgency: Double
    public let variety: Double
    public let score: Double
    /// A repeating card whose occurrence is today. It is always in the full carousel and ranks
    /// with the others by score (see `rank`).
    public let pinned: Bool
}

/// The carousel: what to pull into Today next.
public enum Suggestions {
    /// Smart score = 2.0·importance + 1.5·urgency + variety.
    public static func score(importance: Int, urgency: Double, variety: Double) -> Double {
        2.0 * Double(importance) + 1.5 * urgency + variety
    }

    /// urgency = max(0, 10 − days until due) for a dated card, 3 for an undated one.
    public static func urgency(daysUntilDue: Int?) -> Double {
        guard let days = daysUntilDue else { return 3 }
        return Double(max(0, 10 - days))
    }

    /// A number in [0, 2) from a hash of the card's id and the date: the same all day, different
    /// on other days, and the same on every device.
    public static func variety(key: String, day: Day) -> Double {
        2.0 * StableHash.unit(key + "|" + day.iso)
    }

    /// The ranked carousel for `today`. Done cards, finished series, past events and cards
    /// already in Today are left out. Repeating cards due today are always in the full list and
    /// rank together with the rest by score (linear mode: by date), so `limit` (0 means all)
    /// simply keeps the first `limit` cards and is never exceeded.
    public static func rank(_ snapshot: VaultSnapshot, today: Day, mode: Settings.Mode, limit: Int) -> [Suggestion] {
        ordered(snapshot.cards.compactMap { suggestion(for: $0, today: today) }, mode: mode, limit: limit)
    }

    /// The card's place in the carousel of `today`, nil when it is not in it: done cards,
    /// finished series, waiting cards, cards blocked by another not yet done, past events,
    /// events at a time of day and cards already in Today stay out.
    public static func suggestion(for card: Card, today: Day) -> Suggestion? {
        if card.isPulled(on: today) || Occurrence.isWaiting(card, today: today) || card.isBlocked { return nil }
        let state = Occurrence.State(card, today: today)
        if state.isDone { return nil }
        // An event whose day has passed is over, not overdue: it lives in `countdown --past`.
        if Occurrence.isPastEvent(card, today: today) { return nil }
        // An event at a time of day (an appointment) happens then; it is not a task to pick.
        if card.kind == .event, TimelineView.clockStart(card)?.minutes != nil { return nil }
        let due = state.dueDay
        let days = due.map { today.days(until: $0) }
        let urgency = urgency(daysUntilDue: days)
        let variety = variety(key: card.key, day: today)
        return Suggestion(card: card, due: due, daysUntilDue: days, importance: card.importance,
                          urgency: urgency, variety: variety,
                          score: score(importance: card.importance, urgency: urgency, variety: variety),
                          pinned: state.isRepeatingDue)
    }

    /// Suggestions in the carousel's order for `mode`, the first `limit` of them (0 means all).
    public static func ordered(_ all: [Suggestion], mode: Settings.Mode, limit: Int) -> [Suggestion] {
        // Positions are sorted, not the suggestions themselves: the same sort makes the same
        // comparisons and so the same order, without moving thousands of large values around
        // for the strip's five (that was a tenth of home at 100,000 cards); they are read in
        // place, as `sorted(byKey:)` reads its keys, so no comparison copies one.
        let sorted = all.withUnsafeBufferPointer { s in
            switch mode {
            case .smart: s.indices.sorted { smartOrder(s[$0], s[$1]) }
            case .linear: s.indices.sorted { linearOrder(s[$0], s[$1]) }
            }
        }
        return (limit > 0 ? sorted.prefix(limit) : sorted[...]).map { all[$0] }
    }

    static func smartOrder(_ a: Suggestion, _ b: Suggestion) -> Bool {
        if a.score != b.score { return a.score > b.score }
        return linearOrder(a, b)
    }

    /// Due date soonest first (undated last), then creation time, then title.
    static func linearOrder(_ a: Suggestion, _ b: Suggestion) -> Bool {
        switch (a.due, b.due) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        switch (a.card.created, b.card.created) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.card.key != b.card.key, a.card.id != nil, b.card.id != nil { return a.card.key < b.card.key }
        if a.card.title != b.card.title { return a.card.title < b.card.title }
        return a.card.path < b.card.path
    }
}
