import Foundation

/// Which reminders are due: a pure function of the cards, habits and settings, the device's
/// record of what was shown, and the time now. `carousel remind` reads the files and the record,
/// calls `Reminders.due`, prints what comes back and saves the new record.
public enum Reminders {
    public enum Kind: String, Sendable, Codable { case card, habit, checkin }

    /// One reminder to show.
    public struct Reminder: Equatable, Sendable {
        public let kind: Kind
        public let slug: String
        public let title: String
        public let at: DateValue
        /// Shown more than `lateAfter` minutes after its time (the machine slept, or no run).
        public let late: Bool
        /// Record key: card or habit, occurrence day and offset.
        public let key: String
    }

    /// A card with its parsed `remind:` values.
    public struct CardInput: Sendable {
        public let card: Card
        public let specs: [RemindSpec]
        public init(card: Card, specs: [RemindSpec]) { self.card = card; self.specs = specs }
    }

    /// A habit with its `remind:` times of day (minutes after midnight).
    public struct HabitInput: Sendable {
        public let habit: Habit
        public let times: [Int]
        public init(habit: Habit, times: [Int]) { self.habit = habit; self.times = times }
    }

    /// What `carousel remind` remembers on this device between runs.
    public struct Record: Codable, Equatable, Sendable {
        /// The last run, `YYYY-MM-DDTHH:MM`.
        public var lastRun: String?
        /// Key → the reminder's time, for every reminder shown (kept for `keepDays`).
        public var shown: [String: String]
        public init(lastRun: String? = nil, shown: [String: String] = [:]) { self.lastRun = lastRun; self.shown = shown }
        enum CodingKeys: String, CodingKey { case lastRun = "last_run", shown }
    }

    public struct Run: Equatable, Sendable {
        public let reminders: [Reminder]
        /// Missed reminders older than `replayDays`, counted rather than replayed.
        public let summarised: Int
        public let record: Record
    }

    /// A reminder shown this many minutes after its time is marked late.
    public static let lateAfter = 5
    /// Missed reminders older than this are summarised, not replayed.
    public static let replayDays = 7
    /// With no last run, this far back is looked at (so a first run still shows what is due now).
    public static let firstRunMinutes = 1

    /// `display` is this device's zone: a zoned card's (`tz:`, else `vaultZone`) occurrences are
    /// read on its own clock and moved to that one by the zone rules of their dates.
    public static func due(cards: [CardInput], habits: [HabitInput], checkin: Int?, record: Record,
                           now: DateValue, display: TimeZone = .current, vaultZone: TimeZone? = nil) -> Run {
        let nowM = absolute(now)
        let since = record.lastRun.flatMap { DateValue(text: $0) }.map(absolute) ?? (nowM - firstRunMinutes)
        let replayFrom = nowM - replayDays * 1440
        let fromDay = Day(dayNumber: (min(since, nowM) / 1440) - 1)
        // Offsets reach forward: a reminder 1w before an occurrence next week is due today.
        let maxOffset = cards.flatMap(\.specs).compactMap { if case .before(let m) = $0 { m } else { nil } }.max() ?? 0
        let toDay = Day(dayNumber: nowM / 1440 + maxOffset / 1440 + 1)
        var candidates: [Reminder] = []
        func add(_ kind: Kind, _ slug: String, _ title: String, _ at: DateValue, _ key: String) {
            candidates.append(Reminder(kind: kind, slug: slug, title: title, at: at, late: false, key: key))
        }
        for input in cards {
            let card = input.card
            guard !Occurrence.isDone(card, today: now.day) || card.isRepeating, !Occurrence.isFinished(card, today: now.day) else { continue }
            let zone = ZonedTime.zone(of: card, vaultZone: vaultZone).flatMap { $0.identifier == display.identifier ? nil : $0 }
            func local(_ v: DateValue) -> DateValue { zone.map { ZonedTime.convert(v, from: $0, to: display) } ?? v }
            for spec in input.specs {
                if case .at(let v) = spec {
                    add(.card, card.slug, card.title, local(DateValue(day: v.day, minutes: v.minutes)), "card:\(card.key)|-|\(spec.key)")
                }
            }
            let near = zone == nil ? 0 : 1
            for (day, anchor) in occurrences(card, from: fromDay.adding(days: -near), to: toDay.adding(days: near), today: now.day) {
                // The occurrence on this device's clock; a date without a time counts from 09:00 here.
                let at = (card.start ?? card.due)?.minutes == nil ? DateValue(day: day, minutes: anchor) : local(DateValue(day: day, minutes: anchor))
                for spec in input.specs {
                    let key = "card:\(card.key)|\(card.isRepeating ? day.iso : "-")|\(spec.key)"
                    switch spec {
                    case .before(let m): add(.card, card.slug, card.title, value(absolute(at) - m), key)
                    case .after(let m): add(.card, card.slug, card.title, value(absolute(at) + m), key)
                    case .timeOfDay(let m): add(.card, card.slug, card.title, DateValue(day: at.day, minutes: m), key)
                    case .at: break
                    }
                }
            }
        }
        var day = fromDay
        while day <= now.day {
            for input in habits where isOpen(input.habit, on: day) {
                for m in input.times {
                    let at = DateValue(day: day, minutes: m)
                    add(.habit, input.habit.slug, input.habit.title, at, "habit:\(input.habit.key)|\(day.iso)|\(at.timeText ?? "")")
                }
            }
            if let checkin {
                add(.checkin, "checkin", "How did today go? A few words are plenty: carousel checkin",
                    DateValue(day: day, minutes: checkin), "checkin|\(day.iso)")
            }
            day = day.adding(days: 1)
        }
        var seen = Set(record.shown.keys)
        var shown: [Reminder] = []
        var summarised = 0
        var newRecord = Record(lastRun: DateValue(day: now.day, minutes: now.minutes).description, shown: [:])
        for c in candidates.sorted(by: { ($0.at, $0.key) < ($1.at, $1.key) }) {
            let at = absolute(c.at)
            guard at <= nowM, at >= since || at >= nowM - firstRunMinutes, !seen.contains(c.key) else { continue }
            seen.insert(c.key)
            newRecord.shown[c.key] = c.at.description
            if at < replayFrom { summarised += 1; continue }
            shown.append(Reminder(kind: c.kind, slug: c.slug, title: c.title, at: c.at, late: nowM - at > lateAfter, key: c.key))
        }
        // Keep what was shown long enough that no later run can pick it up again.
        let keepFrom = min(since, nowM) - 2 * 1440
        for (key, at) in record.shown where newRecord.shown[key] == nil {
            if let v = DateValue(text: at), absolute(v) >= keepFrom - replayDays * 1440 { newRecord.shown[key] = at }
        }
        return Run(reminders: shown, summarised: summarised, record: newRecord)
    }

    /// A card's open occurrences in `from...to` with the minute its offsets count back from
    /// (its start's or due's time, else 09:00). Done cards, finished series and cards with no
    /// date have none.
    static func occurrences(_ card: Card, from: Day, to: Day, today: Day) -> [(Day, Int)] {
        let anchorValue = card.start ?? card.due
        let anchor = anchorValue?.minutes ?? RemindSpec.dateOnlyAnchor
        if card.isRepeating {
            guard let series = Series(card, today: today), !series.isFinished(today: today) else { return [] }
            return series.days(from: from, to: to).filter { !card.isDone(on: $0) }.map { ($0, anchor) }
        }
        guard card.done == nil, let day = anchorValue?.day else { return [] }
        return [(day, anchor)]
    }

    /// Whether a habit still wants doing on `day`: scheduled, running, not archived, not skipped,
    /// and the day's target not yet met.
    static func isOpen(_ h: Habit, on day: Day) -> Bool {
        guard !h.archived, h.isScheduled(on: day) else { return false }
        if let end = h.end, day > end { return false }
        if let entry = h.log[day], entry.isSkip || entry.isExcused { return false }
        if h.period != .day { return h.log[day] == nil }
        return h.amount(on: day) < h.target
    }

    static func absolute(_ v: DateValue) -> Int { v.day.dayNumber * 1440 + (v.minutes ?? 0) }
    static func value(_ minutes: Int) -> DateValue {
        let day = Int((Double(minutes) / 1440).rounded(.down))
        return DateValue(day: Day(dayNumber: day), minutes: minutes - day * 1440)
    }
}

extension Habit {
    /// The handle used in records: the id, or the path while there is none.
    var key: String { id ?? path }
}
