/// Bare `carousel`: Today, the spoon bar, the carousel strip, and counts that point to the other
/// views so nothing is out of sight.
public struct HomeView: Sendable {
    public let today: TodayView
    public let carousel: [Suggestion]
    /// Cards not done whose due date has passed.
    public let overdue: Int
    /// Cards (not done, not in Today) due today.
    public let dueToday: Int
    /// Open cards with no due date.
    public let someday: Int
    /// Every open card in the carousel, before the strip's limit.
    public let carouselTotal: Int
    /// Events still to come.
    public let upcomingEvents: Int
    public let problems: Int
    /// The board's columns, for the home line "2 overdue · 3 this week".
    public let board: BoardView
    /// Events to come, for the home line "🎸 in 4 days".
    public let countdown: CountdownView
    /// Cards with a start time today, for the timeline line.
    public let scheduledToday: Int

    public static func make(_ snapshot: VaultSnapshot, today: Day, stripLimit: Int = 5) -> HomeView {
        let todayView = TodayView.make(snapshot, today: today)
        let all = Suggestions.rank(snapshot, today: today, mode: snapshot.settings.carousel, limit: 0)
        var overdue = 0, dueToday = 0, someday = 0, events = 0
        for card in snapshot.cards where !Occurrence.isDone(card, today: today) {
            let due = Occurrence.dueDay(of: card, today: today)
            if card.kind == .event {
                if let d = due, d >= today { events += 1 }
                continue
            }
            guard let d = due else {
                someday += 1
                continue
            }
            if d < today { overdue += 1 } else if d == today, !card.isPulled(on: today) { dueToday += 1 }
        }
        let strip = Suggestions.rank(snapshot, today: today, mode: snapshot.settings.carousel, limit: stripLimit)
        return HomeView(today: todayView, carousel: strip, overdue: overdue, dueToday: dueToday, someday: someday,
                        carouselTotal: all.count, upcomingEvents: events, problems: snapshot.diagnostics.count,
                        board: BoardView.make(snapshot, today: today), countdown: CountdownView.make(snapshot, today: today),
                        scheduledToday: TimelineView.make(snapshot, date: today).items.count)
    }
}
