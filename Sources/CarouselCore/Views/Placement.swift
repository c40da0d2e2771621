import Foundation

/// Where cards land on dates: the days a card is due or occurs in a range, used by the calendar,
/// the timeline and the home counts.
public enum Placement {
    /// One card on one day.
    public struct Entry: Sendable, Equatable {
        /// One box per card, shared by all the days it is on.
        @usableFromInline let box: CardBox
        /// Inlinable, so that reading one field in another module copies that field, not the card.
        @inlinable public var card: Card { box.card }
        public let day: Day
        /// Done on that day: a completed or skipped occurrence, or a finished one-off card.
        public let done: Bool
        /// True when the day is an occurrence of a repeating card.
        public let occurrence: Bool

        public init(card: Card, day: Day, done: Bool, occurrence: Bool) {
            self.init(box: CardBox(card), day: day, done: done, occurrence: occurrence)
        }

        init(box: CardBox, day: Day, done: Bool, occurrence: Bool) {
            self.box = box
            self.day = day
            self.done = done
            self.occurrence = occurrence
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            a.day == b.day && a.done == b.done && a.occurrence == b.occurrence && (a.box === b.box || a.card == b.card)
        }
    }

    /// The day a repeating card's rule is counted from (`Series.start(of:)`).
    public static func anchor(of card: Card) -> Day? { Series.start(of: card) }

    /// The days of `from...to` on which the card appears. A one-off card appears on its `due`
    /// day (else its `start` day); an undated one never. A repeating card appears on every
    /// occurrence of its series (`Series.days`), plus the days it was completed or skipped.
    public static func days(of card: Card, from: Day, to: Day) -> [Day] {
        guard from <= to else { return [] }
        let extra = spanDays(of: card)
        if extra > 0 { return spread(card, extra: extra, from: from, to: to) }
        if card.isRepeating {
            guard Series.start(of: card) != nil, let series = Series(card, today: from) else { return [] }
            return series.days(from: from, to: to)
        }
        guard let day = card.due?.day ?? card.start?.day, day >= from, day <= to else { return [] }
        return [day]
    }

    /// How many days after its first an event lasts into: an all-day event of `duration: 6d` covers
    /// six days (five after the first), a timed one until the day its end falls on (an end at
    /// midnight ends the day before). Zero for a card that is not an event or has no duration.
    public static func spanDays(of card: Card) -> Int {
        guard card.kind == .event, let text = card.duration, let m = TimelineView.minutes(duration: text), m > 0 else { return 0 }
        guard let start = card.due?.minutes ?? card.start?.minutes else { return max(0, (m + 1439) / 1440 - 1) }
        return (start + m - 1) / 1440
    }

    /// The days of `from...to` a multi-day event covers: each occurrence (or its one date) and
    /// the `extra` days after it.
    static func spread(_ card: Card, extra: Int, from: Day, to: Day) -> [Day] {
        var plain = card
        plain.duration = nil
        var out = Set<Day>()
        for first in days(of: plain, from: from.adding(days: -extra), to: to) {
            for i in 0...extra {
                let d = first.adding(days: i)
                if d >= from, d <= to { out.insert(d) }
            }
        }
        return out.sorted()
    }

    /// Every card on every day of `from...to`, each day's cards in a stable order (time, then
    /// title). Days without cards are present with an empty list.
    public static func entries(_ cards: [Card], from: Day, to: Day) -> [(day: Day, entries: [Entry])] {
        entries(cards, from: from, to: to, limit: 0).map { ($0.day, $0.entries) }
    }

    /// The same, each day keeping only its first `limit` cards in that order when `limit` is
    /// above 0, with how many cards the day holds in all. The first cards are chosen without
    /// sorting the rest (a month at 100,000 cards holds 700 on a day).
    /// A zoned card is placed on `display`'s clock, this device's when nil (looked up only
    /// when a card has a zone of its own: loading it costs a millisecond).
    public static func entries(_ cards: [Card], from: Day, to: Day, limit: Int,
                               display: TimeZone? = nil) -> [(day: Day, entries: [Entry], count: Int)] {
        guard from <= to else { return [] }
        let display = cards.contains { $0.timeZone != nil } ? display ?? .current : nil
        let first = from.dayNumber, count = to.dayNumber - first + 1
        // Many cards (a month of 2,000 series) are placed on two cores, every other card on
        // each; each day's list is then joined and sorted, days shared out the same way. The
        // order is total (time, title, path), so it does not depend on who placed what.
        let parts = cards.count >= 256 && BothCores.available ? 2 : 1
        let placed = BothCores.map(parts) { part in
            var lists = [[Entry]](repeating: [], count: count)
            var i = part
            while i < cards.count {
                let card = cards[i]
                i += parts
                if let display, let zone = ZonedTime.zone(of: card), zone.identifier != display.identifier,
                   card.due?.minutes ?? card.start?.minutes != nil {
                    for (day, shown) in zonedDays(of: card, zone: zone, from: from, to: to, display: display) {
                        let done = card.isRepeating ? card.isDone(on: day) : card.done != nil
                        lists[shown.day.dayNumber - first].append(Entry(box: CardBox(shown.card), day: shown.day, done: done, occurrence: card.isRepeating))
                    }
                    continue
                }
                let days = days(of: card, from: from, to: to)
                guard !days.isEmpty else { continue }
                let box = CardBox(card)
                for day in days {
                    let done = card.isRepeating ? card.isDone(on: day) : card.done != nil
                    lists[day.dayNumber - first].append(Entry(box: box, day: day, done: done, occurrence: card.isRepeating))
                }
            }
            return lists
        }
        let sorted = BothCores.map(count, shared: parts > 1) { d in
            let all = placed.dropFirst().reduce(placed[0][d]) { $0 + $1[d] }
            return (entries: limit > 0 ? firstEntries(limit, of: all) : all.sorted(by: order), count: all.count)
        }
        return (0..<count).map { (from.adding(days: $0), sorted[$0].entries, sorted[$0].count) }
    }

    /// A zoned card's days of its own zone near `from...to`, each with the day and card (its
    /// `due`, `start` moved) the device's clock shows: by the zone rules of that date, so each
    /// occurrence keeps its instant across a change of the clocks in either place.
    static func zonedDays(of card: Card, zone: TimeZone, from: Day, to: Day, display: TimeZone) -> [(Day, (day: Day, card: Card))] {
        var out: [(Day, (day: Day, card: Card))] = []
        var plain = card
        plain.duration = nil
        let reach = spanDays(of: card) + 1
        for day in days(of: plain, from: from.adding(days: -reach), to: to.adding(days: 1)) {
            guard let m = card.due?.minutes ?? card.start?.minutes else { continue }
            let moved = ZonedTime.convert(DateValue(day: day, minutes: m), from: zone, to: display)
            // A multi-day event covers the days of this clock from its start to its end.
            var last = moved.day
            if card.kind == .event, let length = card.duration.flatMap({ TimelineView.minutes(duration: $0) }), length > 1 {
                let end = ZonedTime.reading(ZonedTime.instant(moved, in: display).addingTimeInterval(Double(length - 1) * 60), in: display)
                last = end.day
            }
            guard last >= from, moved.day <= to else { continue }
            var shown = card
            func move(_ v: DateValue?) -> DateValue? {
                guard let v else { return nil }
                guard let vm = v.minutes else { return card.isRepeating ? DateValue(day: moved.day) : v }
                return ZonedTime.convert(card.isRepeating ? DateValue(day: day, minutes: vm) : v, from: zone, to: display)
            }
            shown.due = move(card.due)
            shown.start = move(card.start)
            shown.timeZone = nil
            var d = max(moved.day, from)
            while d <= min(last, to) {
                out.append((day, (d, shown)))
                d = d.adding(days: 1)
            }
        }
        return out
    }

    /// The first `limit` entries of `all` in `order`, sorted: each entry is compared with the
    /// last of those kept so far, and only one that comes before it is put in its place.
    static func firstEntries(_ limit: Int, of all: [Entry]) -> [Entry] {
        guard all.count > limit else { return all.sorted(by: order) }
        var kept = all.prefix(limit).sorted(by: order)
        for e in all.dropFirst(limit) where order(e, kept[limit - 1]) {
            var lo = 0, hi = limit - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if order(e, kept[mid]) { hi = mid } else { lo = mid + 1 }
            }
            kept.removeLast()
            kept.insert(e, at: lo)
        }
        return kept
    }

    static func order(_ a: Entry, _ b: Entry) -> Bool {
        // Read through the boxes: no card is copied to be compared.
        let ta = a.box.card.due?.minutes ?? a.box.card.start?.minutes ?? -1
        let tb = b.box.card.due?.minutes ?? b.box.card.start?.minutes ?? -1
        if ta != tb { return ta < tb }
        if a.box.card.title != b.box.card.title { return a.box.card.title < b.box.card.title }
        return a.box.card.path < b.box.card.path
    }

    /// The first day of the week holding `day`, for a week starting on `weekStart` (1=Mon…7=Sun).
    public static func weekStart(of day: Day, weekStart: Int) -> Day {
        day.adding(days: -((day.weekday - weekStart + 7) % 7))
    }
}
