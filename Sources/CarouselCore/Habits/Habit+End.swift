/// When a habit's run is over: its `end` field, or its rule's UNTIL or COUNT.
extension Habit {
    /// The last day the habit can be scheduled, nil when it never ends. COUNT counts from the
    /// anchor (`start`, else `created`, else the first logged day), skipped days included.
    public var lastDay: Day? {
        var last = end
        switch rule.end {
        case .never: break
        case .until(let until): last = min(last ?? until, until)
        case .count(let n):
            guard let anchor, !rule.afterCompletion else { break }
            if let final = rule.occurrences(anchor: anchor, from: anchor, limit: n).last { last = min(last ?? final, final) }
        }
        return last
    }

    /// Whether the habit's run is over by `day`: it is no longer scheduled, and the days after
    /// its end neither count for nor break a streak.
    public func hasEnded(by day: Day) -> Bool {
        guard let last = lastDay else { return false }
        return day > last
    }
}
