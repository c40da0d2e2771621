/// A repeating card's series: its rule read from a fixed start (RFC 5545's DTSTART), which
/// occurrence is open, and whether the series is over.
///
/// The start never moves when `due` does: it is the card's `series_start`, else (a hand-made or
/// older card) the earliest of its `due` (or `start`, or `created`) and the dates in `completed`
/// and `skipped`. `due` is the open occurrence as Carousel (or the person) left it. Once that day
/// has passed without being done, the next occurrence on or after today takes its place: a
/// repeating card is never overdue, and missed occurrences still count towards `COUNT`.
public struct Series: Sendable {
    public let card: Card
    public let rule: RecurrenceRule
    /// The first day the rule is counted from.
    public let start: Day
    /// Dates already completed or skipped.
    public let taken: Set<Day>
    /// `except:` dates, never occurrences.
    public let except: Set<Day>
    /// `also:` dates, occurrences besides the rule's.
    public let also: [Day]

    /// Nil for a card that does not repeat (or whose rule does not parse). `today` is only used as
    /// the start of a card that has no date at all.
    public init?(_ card: Card, today: Day) {
        guard let text = card.repeatRule, let rule = try? RecurrenceRule.parse(text) else { return nil }
        self.card = card
        self.rule = rule
        self.start = Series.start(of: card) ?? today
        self.taken = Set(card.completed + card.skipped)
        self.except = Set(card.exceptDates)
        self.also = Array(Set(card.alsoDates).subtracting(card.exceptDates)).sorted()
    }

    /// Up to `limit` occurrences on or after `from`: the rule's dates (COUNT counts those, as
    /// RFC 5545 does) with the `also:` dates added and the `except:` dates taken out.
    public func occurrences(from: Day, limit: Int) -> [Day] {
        guard limit > 0 else { return [] }
        var out: [Day] = []
        var cursor = from
        var extra = also.filter { $0 >= from }[...]
        while out.count < limit {
            // With `also:` days still to merge, a batch of 16 bounds the days they may join.
            let asked = extra.isEmpty ? limit - out.count : max(limit - out.count, 16)
            let batch = rule.occurrences(anchor: start, from: cursor, limit: asked)
            let ruleDays = batch.filter { !except.contains($0) }
            let bound = batch.count < asked ? nil : batch.last
            var merged = ruleDays
            while let e = extra.first, bound.map({ e <= $0 }) ?? true { merged.append(e); extra = extra.dropFirst() }
            // The rule's days come in order, once each; only `also:` days need merging in.
            out += merged.count == ruleDays.count ? ruleDays : Array(Set(merged)).sorted()
            guard let bound, bound.year < 9999 else { break }
            cursor = bound.adding(days: 1)
        }
        return Array(out.prefix(limit))
    }

    /// The first occurrence after `day`, `except:` and `also:` included.
    public func occurrence(after day: Day) -> Day? {
        day.year < 9999 ? occurrences(from: day.adding(days: 1), limit: 1).first : nil
    }

    /// `series_start`, else the earliest of the card's first date (`due`, else `start`, else
    /// `created`) and its completed and skipped dates. Nil when the card has no date at all.
    public static func start(of card: Card) -> Day? {
        if let stored = card.seriesStart { return stored }
        let first = card.due?.day ?? card.start?.day ?? card.created?.day
        return ([first].compactMap { $0 } + card.completed + card.skipped).min()
    }

    /// Whether Carousel should write `series_start` on the card's next change: a fixed-date rule
    /// whose start is not stored yet.
    public var needsStoredStart: Bool { card.seriesStart == nil && !rule.afterCompletion }

    /// The open occurrence as of `today`, never before today; nil once the series is over (a
    /// `done` stamp, the last occurrence recorded or passed, or an after-done rule's end reached).
    public func pending(today: Day) -> Day? {
        if card.done != nil { return nil }
        if rule.afterCompletion {
            if case .count(let n) = rule.end, taken.count >= n { return nil }
            let day = max(card.due?.day ?? start, today)
            if case .until(let last) = rule.end, day > last { return nil }
            return day
        }
        if let due = card.due?.day, due >= today, !taken.contains(due), !except.contains(due) { return due }
        return firstOpen(onOrAfter: max(today, card.due?.day ?? today))
    }

    /// Whether the series is over as of `today`.
    public func isFinished(today: Day) -> Bool { pending(today: today) == nil }

    /// Whether `day` is the occurrence open on that day (what `skip` may record).
    public func isOpenOccurrence(_ day: Day) -> Bool { pending(today: day) == day }

    /// The occurrence that is open after `done` or `skip` records `today`; nil when that was
    /// the last one (the caller then stamps `done`).
    ///
    /// - Today is the open occurrence: the next one after it.
    /// - `due` has passed unrecorded and today is not an occurrence: `done` is that missed one,
    ///   late, so the upcoming occurrence stays open.
    /// - `due` is still ahead (done early): the one after `due`.
    /// Older missed occurrences are passed over, but still count towards `COUNT`.
    public func next(afterRecording today: Day) -> Day? {
        guard let open = pending(today: today) else { return nil }
        let recorded = taken.union([today])
        if !rule.afterCompletion, open > today, let due = card.due?.day, due < today, !taken.contains(due) {
            return open
        }
        if rule.afterCompletion {
            if case .count(let n) = rule.end, recorded.count >= n { return nil }
            guard let next = today.adding(rule.interval, rule.frequency) else { return nil }
            if case .until(let last) = rule.end, next > last { return nil }
            return next
        }
        var after = max(today, open)
        while let next = occurrence(after: after) {
            if !recorded.contains(next) { return next }
            after = next
        }
        return nil
    }

    /// The days of `from...to` the card appears on: the rule's dates from the start, the open
    /// `due`, and the completed and skipped dates. Dates between the last recorded one and `due`
    /// are left out: `done` ahead of time or a moved `due` covered them.
    public func days(from: Day, to: Day) -> [Day] {
        guard from <= to else { return [] }
        var set = Set<Day>()
        let due = card.due?.day
        if !rule.afterCompletion {
            let lastTaken = taken.max()
            for d in occurrences(from: from, limit: from.days(until: to) + 1) where d <= to {
                if let due, d < due, lastTaken.map({ d > $0 }) ?? true { continue }
                set.insert(d)
            }
        }
        if let due, due >= from, due <= to, !except.contains(due) { set.insert(due) }
        for d in taken where d >= from && d <= to { set.insert(d) }
        return set.sorted()
    }

    /// The first occurrence on or after `day` that is neither completed nor skipped.
    func firstOpen(onOrAfter day: Day) -> Day? {
        // Few recorded dates lie ahead of today, so a small batch almost always holds the answer.
        // The first is open unless it was done or skipped: ask for two, then for more.
        var batchSize = 2
        var cursor = day
        while true {
            defer { batchSize = 16 }
            let batch = occurrences(from: cursor, limit: batchSize)
            if let open = batch.first(where: { !taken.contains($0) }) { return open }
            guard batch.count == batchSize, let last = batch.last, last.year < 9999 else { return nil }
            cursor = last.adding(days: 1)
        }
    }
}
