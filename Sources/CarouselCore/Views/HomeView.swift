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
    /// How many cards each board column holds, for the home line "2 overdue · 3 this week".
    public let columnCounts: [BoardView.Column: Int]
    /// Events to come, for the home line "🎸 in 4 days".
    public let countdown: CountdownView
    /// Cards with a start time today, for the timeline line.
    public let scheduledToday: Int

    /// How many cards the board's `column` holds.
    public func count(_ column: BoardView.Column) -> Int { columnCounts[column] ?? 0 }

    public static func make(_ snapshot: VaultSnapshot, today: Day, stripLimit: Int = 5) -> HomeView {
        let all = Suggestions.rank(snapshot, today: today, mode: snapshot.settings.carousel, limit: 0)
        let strip = stripLimit > 0 && all.count > stripLimit ? Array(all.prefix(stripLimit)) : all
        return make(today: TodayView.make(snapshot, today: today), carousel: strip, carouselTotal: all.count,
                    columnCounts: BoardView.make(snapshot, today: today).counts,
                    countdown: CountdownView.make(snapshot, today: today),
                    scheduledToday: TimelineView.make(snapshot, date: today).items.count, problems: snapshot.diagnostics.count)
    }

    /// Home from its parts, each made by its own view over the cards it needs (`Workspace.home`
    /// asks the index for each part); the counts are the board's columns, so home and board
    /// always say the same.
    public static func make(today: TodayView, carousel: [Suggestion], carouselTotal: Int, columnCounts: [BoardView.Column: Int],
                            countdown: CountdownView, scheduledToday: Int, problems: Int) -> HomeView {
        HomeView(today: today, carousel: carousel, overdue: columnCounts[.overdue] ?? 0, dueToday: columnCounts[.today] ?? 0,
                 someday: columnCounts[.someday] ?? 0, carouselTotal: carouselTotal,
                 upcomingEvents: countdown.events.filter { $0.daysUntil >= 0 }.count, problems: problems,
                 columnCounts: columnCounts, countdown: countdown, scheduledToday: scheduledToday)
    }
}
