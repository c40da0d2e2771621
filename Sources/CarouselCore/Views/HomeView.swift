/// Bare `carousel`: Today, the spoon bar, the carousel strip, and counts that point to the other
/// views so nothing is out of sight.
public struct HomeView: Sendable {
    public let today: TodayView
    public let carousel: [Suggestion]
    /// Overdue cards (`Occurrence.isOverdue`): the board's Overdue column.
    public let overdue: Int
    /// Open cards due today, in Today's list or not: the board's Today column.
    public let dueToday: Int
    /// Open cards with no due date: the board's Someday column.
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
        // The counts are the board's columns, so home and board always say the same.
        let board = BoardView.make(snapshot, today: today)
        let countdown = CountdownView.make(snapshot, today: today)
        let strip = Suggestions.rank(snapshot, today: today, mode: snapshot.settings.carousel, limit: stripLimit)
        return HomeView(today: todayView, carousel: strip, overdue: board.items(.overdue).count,
                        dueToday: board.items(.today).count, someday: board.items(.someday).count,
                        carouselTotal: all.count, upcomingEvents: countdown.events.filter { $0.daysUntil >= 0 }.count,
                        problems: snapshot.diagnostics.count, board: board, countdown: countdown,
                        scheduledToday: TimelineView.make(snapshot, date: today).items.count)
    }
}
