/// What one of the three ways on (`carousel welcome …`) did.
public struct WelcomeOutcome: Sendable {
    /// The cards changed, each with its new due day (nil: someday, or pulled into today as it was).
    public let changed: [(card: Card, due: Day?)]
    /// Overdue cards left as they were (`spread`: no day within the budget; `pick`: not among the three).
    public let left: [Card]
    /// The commit's message, nil when nothing changed.
    public let message: String?
}

extension Workspace {
    /// The pile after days away: the board's Overdue column.
    public func overduePile() throws(CarouselError) -> [Card] {
        try board().items(.overdue).map(\.card)
    }

    /// Lets every overdue card go to someday: `due` removed (and a start time on that day with
    /// it), one commit "welcome back: N to someday".
    public func welcomeSomeday() throws(CarouselError) -> WelcomeOutcome {
        let pile = WelcomeBack.ordered(try overduePile(), today: today)
        guard !pile.isEmpty else { return WelcomeOutcome(changed: [], left: [], message: nil) }
        var writes: [FileWrite] = []
        for card in pile {
            var file = try open(card)
            if let start = card.start, start.day == card.due?.day { file.remove("start") }
            file.remove("due")
            file.ensureID(moment.makeID)
            writes.append(FileWrite(path: file.path, text: file.text))
        }
        let message = "welcome back: \(Workspace.titles(pile)) to someday"
        try commit(writes, message: message)
        return WelcomeOutcome(changed: pile.map { ($0, nil) }, left: [], message: message)
    }

    /// Spreads the overdue cards over the days from today, most important first, never above a
    /// day's spoon budget with what is already due that day (`WelcomeBack.spread`); one commit.
    /// A time of day on `due` is kept, and a start time on the old due day moves with it.
    public func welcomeSpread() throws(CarouselError) -> WelcomeOutcome {
        let pile = try overduePile()
        guard !pile.isEmpty else { return WelcomeOutcome(changed: [], left: [], message: nil) }
        let days = max(31, pile.count + 31)
        let last = today.adding(days: days - 1)
        var seen = Set<String>()
        let planned = (try todaySnapshot().cards + snapshot(placedFrom: today, to: last).cards).filter { seen.insert($0.path).inserted }
        let plan = WelcomeBack.spread(pile, load: WelcomeBack.load(planned, from: today, to: last, today: today),
                                      budget: settings.budget, from: today, days: days, today: today)
        guard !plan.isEmpty else { return WelcomeOutcome(changed: [], left: pile, message: nil) }
        var writes: [FileWrite] = []
        for (card, day) in plan {
            var file = try open(card)
            if let start = card.start, let minutes = start.minutes, start.day == card.due?.day {
                file.set("start", string: DateValue(day: day, minutes: minutes).description)
            }
            file.set("due", string: day.iso + (card.due?.timeText.map { "T" + $0 } ?? ""))
            file.ensureID(moment.makeID)
            writes.append(FileWrite(path: file.path, text: file.text))
        }
        let spanned = Set(plan.map(\.day)).count
        let message = "welcome back: spread \(Workspace.titles(plan.map(\.card))) over \(spanned == 1 ? "1 day" : "\(spanned) days")"
        try commit(writes, message: message)
        let placed = Set(plan.map(\.card.path))
        return WelcomeOutcome(changed: plan.map { ($0.card, $0.day) }, left: pile.filter { !placed.contains($0.path) }, message: message)
    }

    /// Pulls the first `count` overdue cards in the carousel's order that fit today's spoons
    /// left into today (one commit, as `pull` makes); the rest stay where they are.
    public func welcomePick(count: Int = 3) throws(CarouselError) -> WelcomeOutcome {
        let pile = try overduePile()
        let ranked = Suggestions.ordered(pile.compactMap { Suggestions.suggestion(for: $0, today: today) }, mode: settings.carousel, limit: 0)
        var left = PickView.spoonsLeft(TodayView.make(try todaySnapshot(), today: today))
        var chosen: [Card] = []
        for s in ranked where chosen.count < count && PickView.fits(s.card, spoons: left, minutes: nil) {
            chosen.append(s.card)
            left -= s.card.spoons
        }
        guard !chosen.isEmpty else { return WelcomeOutcome(changed: [], left: pile, message: nil) }
        let pulled = try pull(chosen)
        let taken = Set(chosen.map(\.path))
        return WelcomeOutcome(changed: pulled.map { ($0, Occurrence.dueDay(of: $0, today: today)) },
                              left: pile.filter { !taken.contains($0.path) },
                              message: pulled.isEmpty ? nil : "pull into today: \(Workspace.titles(pulled))")
    }
}
