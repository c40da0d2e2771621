/// Listing dates: RFC 5545 expansion for date-only rules, checked against python-dateutil.
///
/// `RecurrenceExpander` walks period by period; for rules without COUNT it starts at the period
/// that holds `from`, so a `from` far after the anchor costs nothing extra.
extension RecurrenceRule {
    /// The dates the rule lists for the anchor (DTSTART), in order, on or after `from`, at most
    /// `limit` of them. UNTIL and COUNT apply; COUNT counts from the anchor. An after-done rule
    /// lists just the anchor (its current due date).
    public func occurrences(anchor: Day, from: Day, limit: Int) -> [Day] {
        guard limit > 0 else { return [] }
        if afterCompletion { return anchor >= from ? [anchor] : [] }
        let expander = RecurrenceExpander(rule: self, anchor: anchor)
        var found: [Day] = []
        if case .count(let count) = end {
            var listed = 0
            expander.forEach(startingAt: anchor) { day in
                listed += 1
                if day >= from { found.append(day) }
                return listed < count && found.count < limit
            }
        } else {
            expander.forEach(startingAt: max(anchor, from)) { day in
                found.append(day)
                return found.count < limit
            }
        }
        return found
    }

    /// Whether `day` is one of the listed dates (for an after-done rule: whether it is the anchor).
    public func occurs(on day: Day, anchor: Day) -> Bool {
        if afterCompletion { return day == anchor }
        guard day >= anchor else { return false }
        switch end {
        case .never: break
        case .until(let last): if day > last { return false }
        case .count: return occurrences(anchor: anchor, from: day, limit: 1).first == day
        }
        return RecurrenceExpander(rule: self, anchor: anchor).lists(day)
    }

    /// After-done rules: the due date after completing on `after` (completion + interval units).
    /// Other rules: the first listed date strictly after `after`. Nil when the rule has ended.
    public func nextDue(anchor: Day, after: Day) -> Day? {
        if afterCompletion { return after.adding(interval, frequency) }
        guard after < Day(year: 9999, month: 12, day: 31)! else { return nil }
        return occurrences(anchor: anchor, from: after.adding(days: 1), limit: 1).first
    }

    /// Where a new series begins when it is written on `day` with no date of its own: the first
    /// day on or after `day` that the rule lists when read every period ("every 2 weeks on tue"
    /// added on a Sunday starts this Tuesday, and its fortnights count from there). Nil for an
    /// after-done rule or one that has already ended.
    public func naturalStart(onOrAfter day: Day) -> Day? {
        guard !afterCompletion else { return nil }
        var everyPeriod = self
        everyPeriod.interval = 1
        everyPeriod.end = .never
        guard let first = everyPeriod.occurrences(anchor: day, from: day, limit: 1).first else { return nil }
        if case .until(let last) = end, first > last { return nil }
        return first
    }

    /// The day a series written on `day` with no date of its own counts from: its natural start,
    /// or `day` itself when there is none. `add` stores it as `series_start` and `rule` previews
    /// from it, so the preview shows the dates the card will get.
    public func seriesStart(writtenOn day: Day) -> Day {
        naturalStart(onOrAfter: day) ?? day
    }
}
