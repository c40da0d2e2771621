import Foundation

/// Time you can see: the time now, the next fixed thing today (a card with a start time, or an
/// event with a time) and how long until it, and how much of the day is left before `day_end`.
/// Minutes count from today's midnight, so a day that ends after midnight (`day_end: "01:00"`)
/// ends at 1500 and tomorrow's first hours belong to it.
public struct DayClock: Sendable {
    public struct Fixed: Sendable {
        public let card: Card
        public let day: Day
        /// Minutes after that day's midnight.
        public let start: Int
        public let minutesUntil: Int
    }

    public let date: Day
    /// Minutes after today's midnight.
    public let now: Int
    /// When the day ends, minutes after today's midnight (above 1440 when after midnight).
    public let dayEnd: Int
    /// The first fixed thing after `now`, nil when none is left.
    public let next: Fixed?

    public var minutesLeft: Int { max(0, dayEnd - now) }

    /// A `day_end` before this time of day is after midnight: a night owl's day.
    public static let morning = 5 * 60

    /// `day_end` (minutes after midnight, as in carousel.yaml) on today's clock.
    public static func dayEnd(_ setting: Int) -> Int { setting < morning ? setting + 1440 : setting }

    /// Whether `card` is fixed on `day`, and at what minute of it: a start time on that day
    /// (repeating cards on their occurrences, as on the timeline), else an event whose due time
    /// is on that day. Done cards are not fixed any more.
    public static func fixedStart(_ card: Card, on day: Day, today: Day) -> Int? {
        if let start = card.start, let minutes = start.minutes {
            let onDay = card.isRepeating ? Placement.days(of: card, from: day, to: day).contains(day) : start.day == day
            guard onDay, !card.isDone(on: day) else { return nil }
            return minutes
        }
        guard card.kind == .event, let due = card.due, let minutes = due.minutes, !card.isDone(on: day) else { return nil }
        let dueDay = card.isRepeating ? Occurrence.dueDay(of: card, today: today) : due.day
        return dueDay == day ? minutes : nil
    }

    /// The clock of `today` at `now` (minutes after midnight) over the cards placed on today
    /// and, when the day ends after midnight, tomorrow.
    public static func make(_ cards: [Card], today: Day, now: Int, dayEndSetting: Int) -> DayClock {
        let end = dayEnd(dayEndSetting)
        let days = end > 1440 ? [today, today.adding(days: 1)] : [today]
        var best: Fixed?
        // A zoned card fixes its time on this device's clock.
        for card in ZonedTime.onThisClock(cards) {
            for (offset, day) in days.enumerated() {
                guard let start = fixedStart(card, on: day, today: today) else { continue }
                let at = offset * 1440 + start
                // Today's are all today's; tomorrow's only until the day ends.
                guard at > now, offset == 0 || at < end else { continue }
                let fixed = Fixed(card: card, day: day, start: start, minutesUntil: at - now)
                if let b = best, (b.minutesUntil, b.card.title) <= (fixed.minutesUntil, card.title) { continue }
                best = fixed
            }
        }
        return DayClock(date: today, now: now, dayEnd: end, next: best)
    }
}
