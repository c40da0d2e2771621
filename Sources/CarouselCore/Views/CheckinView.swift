/// `carousel checkin`: today's summary, a 7-day chart of spoons planned against done, and one
/// coaching message chosen by rules over the recent days.
///
/// Past days come from the journal's day records (`journal/YYYY/YYYY-MM-DD.md`), which keep the
/// snapshot each day ended with: a card planned on Monday and pulled again on Wednesday counts on
/// both days. Today comes from the cards themselves, so hand edits count at once.
public struct CheckinView: Sendable {
    public struct DayRecord: Sendable, Equatable {
        public let date: Day
        public let spoonsPlanned: Int
        public let spoonsDone: Int
        public let tasksPlanned: Int
        public let tasksDone: Int
        /// A day counts as active when anything was planned or done.
        public var active: Bool { tasksPlanned > 0 || tasksDone > 0 }

        public init(date: Day, spoonsPlanned: Int, spoonsDone: Int, tasksPlanned: Int, tasksDone: Int) {
            self.date = date
            self.spoonsPlanned = spoonsPlanned
            self.spoonsDone = spoonsDone
            self.tasksPlanned = tasksPlanned
            self.tasksDone = tasksDone
        }

        public init(_ journal: JournalDay) {
            self.init(date: journal.date, spoonsPlanned: journal.plannedSpoons, spoonsDone: journal.doneSpoons,
                      tasksPlanned: journal.plannedCards, tasksDone: journal.doneCards)
        }
    }

    /// The coaching rules, in the order they are tried; the first that holds speaks.
    public enum Rule: String, Sendable, CaseIterable {
        case overBudget = "over_budget"
        case lowCompletion = "low_completion"
        case welcomeBack = "welcome_back"
        case weekStreak = "week_streak"
        case busyToday = "busy_today"
        case fine = "default"

        public var message: String {
            switch self {
            case .overBudget:
                return "You've been consistently planning more than your spoon budget. That's a lot — maybe try scaling back a little tomorrow?"
            case .lowCompletion:
                return "Finishing fewer tasks than you planned isn't failure — it might mean your estimates need adjusting. Try pulling fewer cards tomorrow."
            case .welcomeBack:
                return "Welcome back! No pressure — maybe just pick one small thing from the carousel today."
            case .weekStreak:
                return "You've been at this for a whole week. That's genuinely impressive. Keep going."
            case .busyToday:
                return "That's a lot for one day. Remember — anything you don't finish just goes back to the carousel. No pressure."
            case .fine:
                return "You're doing fine. One thing at a time."
            }
        }
    }

    public let date: Day
    public let budget: Int
    /// Today's numbers (the last element of `week`).
    public let today: DayRecord
    /// Seven days ending today, oldest first.
    public let week: [DayRecord]
    public let rule: Rule
    public let reflection: String?

    /// Builds the view. `history` holds day records for days before today (any order, gaps are
    /// inactive days); `lastActiveBefore` is the most recent active day before the window, when
    /// the history does not reach back far enough to show one.
    public static func make(today: TodayView, history: [DayRecord], budget: Int, lastActiveBefore: Day? = nil,
                            reflection: String? = nil) -> CheckinView {
        let date = today.date
        let todayRecord = DayRecord(date: date, spoonsPlanned: today.spoonsPlanned, spoonsDone: today.spoonsDone,
                                    tasksPlanned: today.items.count, tasksDone: today.doneCount)
        var byDay: [Day: DayRecord] = [:]
        for r in history where r.date < date { byDay[r.date] = r }
        byDay[date] = todayRecord
        func record(_ d: Day) -> DayRecord { byDay[d] ?? DayRecord(date: d, spoonsPlanned: 0, spoonsDone: 0, tasksPlanned: 0, tasksDone: 0) }
        let week = (0..<7).reversed().map { record(date.adding(days: -$0)) }
        let lastActive = byDay.values.filter { $0.active && $0.date < date }.map(\.date).max() ?? lastActiveBefore
        let rule = choose(records: byDay, today: date, budget: budget, lastActive: lastActive,
                          cardsToday: today.items.count)
        return CheckinView(date: date, budget: budget, today: todayRecord, week: week, rule: rule, reflection: reflection)
    }

    /// The rules, with their thresholds:
    /// 1. over budget: over the 5 days before today (today is still going, so it is not judged),
    ///    the average planned spoons of the active days is above budget × 1.2;
    /// 2. low completion: over the same days, tasks done ÷ tasks planned is below 0.4;
    /// 3. welcome back: the last active day before today was more than 2 days ago;
    /// 4. week streak: 7 or more active days in a row, ending today (or yesterday when today has
    ///    nothing yet);
    /// 5. busy today: more than 8 cards in today;
    /// 6. otherwise the default.
    static func choose(records: [Day: DayRecord], today: Day, budget: Int, lastActive: Day?, cardsToday: Int) -> Rule {
        let window = (1...5).compactMap { records[today.adding(days: -$0)] }.filter(\.active)
        if !window.isEmpty {
            let average = Double(window.reduce(0) { $0 + $1.spoonsPlanned }) / Double(window.count)
            if average > Double(budget) * 1.2 { return .overBudget }
            let planned = window.reduce(0) { $0 + $1.tasksPlanned }
            let done = window.reduce(0) { $0 + $1.tasksDone }
            if planned > 0, Double(done) / Double(planned) < 0.4 { return .lowCompletion }
        }
        if let lastActive, lastActive.days(until: today) > 2 { return .welcomeBack }
        var day = records[today]?.active == true ? today : today.adding(days: -1)
        var streak = 0
        while records[day]?.active == true {
            streak += 1
            day = day.adding(days: -1)
        }
        if streak >= 7 { return .weekStreak }
        if cardsToday > 8 { return .busyToday }
        return .fine
    }
}
