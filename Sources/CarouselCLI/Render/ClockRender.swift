import CarouselCore

/// The time line of home and `today`: now, the next fixed thing and the day left.
enum ClockRender {
    /// "50m", "4h50m".
    static func length(_ minutes: Int) -> String { TimelineView.length(minutes) }

    static func lines(_ clock: DayClock, _ t: Terminal) -> [String] {
        let next = clock.nextWords.map { " Next: " + t.bold($0.title) + $0.rest } ?? " " + DayClock.nothingFixedWords
        return ["  " + clock.nowWords + next, t.dim("  " + clock.leftWords)]
    }

    struct Output: Encodable {
        let now: String
        let dayEnd: String
        let minutesLeft: Int
        @OrNull var next: Next?
        enum CodingKeys: String, CodingKey { case now, next, dayEnd = "day_end", minutesLeft = "minutes_left" }
    }

    struct Next: Encodable {
        let slug: String
        let title: String
        let kind: String
        let date: String
        let start: String
        let minutesUntil: Int
        enum CodingKeys: String, CodingKey { case slug, title, kind, date, start, minutesUntil = "minutes_until" }
    }

    static func json(_ clock: DayClock) -> Output {
        Output(now: TimelineView.clock(clock.now), dayEnd: TimelineView.clock(clock.dayEnd), minutesLeft: clock.minutesLeft,
               next: clock.next.map { Next(slug: $0.card.slug, title: $0.card.title, kind: $0.card.kind.rawValue,
                                           date: $0.day.iso, start: TimelineView.clock($0.start), minutesUntil: $0.minutesUntil) })
    }
}
