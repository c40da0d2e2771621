import Foundation

/// `carousel timeline`: the cards of a day that have a start time, in time order, with their
/// durations, the free gaps between them, overlaps, and a now marker.
public struct TimelineView: Sendable {
    public struct Item: Sendable {
        public let card: Card
        /// Minutes after midnight.
        public let start: Int
        public let durationMinutes: Int
        /// Set when `duration` is missing (the default is used) or cannot be read.
        public let durationProblem: String?
        public let done: Bool
        /// Slugs of the other items whose time overlaps this one.
        public var overlaps: [String]
        public var end: Int { start + durationMinutes }
    }

    public struct Gap: Sendable, Equatable {
        public let start: Int
        public let end: Int
        public var minutes: Int { end - start }
    }

    /// What `duration` defaults to when a card has a start time and no duration.
    public static let defaultDuration = 30

    public let date: Day
    public let items: [Item]
    /// Free time between the first start and the last end.
    public let gaps: [Gap]
    /// Cards whose `start` could not be read (from the parser's warnings).
    public let problems: [FileDiagnostic]

    /// Parses `30m`, `1h`, `1h30m`, `90` (minutes), `1.5h`, `45 min`, `2 hours`. Nil for anything else.
    public static func minutes(duration raw: String) -> Int? {
        let text = raw.lowercased().replacingOccurrences(of: " ", with: "")
        if let n = Int(text), n > 0 { return n }
        var total = 0.0
        var number = ""
        var unit = ""
        var parsedAny = false
        func flush() -> Bool {
            guard let value = Double(number), value >= 0 else { return false }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value * 60
            case "m", "min", "mins", "minute", "minutes": total += value
            case "d", "day", "days": total += value * 1440
            default: return false
            }
            parsedAny = true
            number = ""
            unit = ""
            return true
        }
        for ch in text {
            if ch.isNumber || ch == "." {
                if !unit.isEmpty { guard flush() else { return nil } }
                number.append(ch)
            } else if ch.isLetter {
                guard !number.isEmpty else { return nil }
                unit.append(ch)
            } else {
                return nil
            }
        }
        if !number.isEmpty || !unit.isEmpty { guard flush() else { return nil } }
        let result = Int(total.rounded())
        return parsedAny && result > 0 ? result : nil
    }

    /// When a card begins on the clock: its `start`, or for an event with no start time the
    /// time in its `due` (as calendars export an appointment: `due: 2026-11-27T09:30`).
    public static func clockStart(_ card: Card) -> DateValue? {
        if let start = card.start, start.minutes != nil { return start }
        if card.kind == .event, let due = card.due, due.minutes != nil { return due }
        return card.start
    }

    public static let durationHelp = "a length like 30m, 1h, 1h30m, 3d or 90 (minutes)"

    /// The timeline of `date`: one-off cards whose `start` has a time on that day, and repeating
    /// cards with a start time whose rule occurs that day (weekday routines).
    public static func make(_ snapshot: VaultSnapshot, date: Day) -> TimelineView {
        var items: [Item] = []
        // A zoned card is placed by its time on this device's clock.
        for card in ZonedTime.onThisClock(snapshot.cards) {
            guard let start = TimelineView.clockStart(card), let minutes = start.minutes else { continue }
            let onDay: Bool
            if card.isRepeating {
                onDay = Placement.days(of: card, from: date, to: date).contains(date)
            } else {
                onDay = start.day == date
            }
            guard onDay else { continue }
            var duration = defaultDuration
            var problem: String?
            if let text = card.duration {
                if let m = TimelineView.minutes(duration: text) { duration = m } else {
                    problem = "duration \"\(text)\" unreadable: use 30m, 1h or 1h30m; shown as \(defaultDuration)m"
                }
            }
            let done = card.isRepeating ? card.isDone(on: date) : card.done != nil
            items.append(Item(card: card, start: minutes, durationMinutes: duration, durationProblem: problem, done: done, overlaps: []))
        }
        items.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return a.card.title < b.card.title
        }
        for i in items.indices {
            items[i].overlaps = items.indices.filter { j in
                j != i && items[j].start < items[i].end && items[i].start < items[j].end
            }.map { items[$0].card.slug }
        }
        var gaps: [Gap] = []
        var reach = items.first?.end ?? 0
        for item in items.dropFirst() {
            if item.start > reach { gaps.append(Gap(start: reach, end: item.start)) }
            reach = max(reach, item.end)
        }
        // A card whose start cannot be read has no day to sit on: every timeline mentions it.
        let problems = snapshot.diagnostics.filter { $0.message.hasPrefix("start must") }
        return TimelineView(date: date, items: items, gaps: gaps, problems: problems)
    }

    /// `09:05`; minutes past midnight may exceed a day (an item running late) and wrap.
    public static func clock(_ minutes: Int) -> String {
        let m = ((minutes % 1440) + 1440) % 1440
        let h = m / 60, mm = m % 60
        return (h < 10 ? "0" : "") + "\(h):" + (mm < 10 ? "0" : "") + "\(mm)"
    }

    /// `1h30m`, `45m`, `2h`.
    public static func length(_ minutes: Int) -> String {
        let h = minutes / 60, m = minutes % 60
        if h == 0 { return "\(m)m" }
        return m == 0 ? "\(h)h" : "\(h)h\(m)m"
    }
}
