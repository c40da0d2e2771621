/// Coming back after days away: what home says, and the three calm ways on (`carousel welcome
/// someday|spread|pick`). The pile is the board's Overdue column (`Occurrence.isOverdue`).
public struct WelcomeBack: Sendable {
    /// The last day the vault was opened before today.
    public let awaySince: Day
    public let today: Day
    /// Overdue cards whose due day came while the person was away.
    public let slid: Int
    /// Overdue cards in all (the pile the three ways act on).
    public let overdue: Int

    public var daysAway: Int { awaySince.days(until: today) }

    public static func make(overdue: [Card], awaySince: Day, today: Day) -> WelcomeBack {
        let slid = overdue.filter { card in Occurrence.dueDay(of: card, today: today).map { $0 > awaySince } ?? false }.count
        return WelcomeBack(awaySince: awaySince, today: today, slid: slid, overdue: overdue.count)
    }

    /// "Welcome back. 14 cards slid past their dates while you were away."
    public var message: String {
        var text = "Welcome back."
        if slid > 0 {
            text += " " + (slid == 1 ? "1 card slid past its date" : "\(slid) cards slid past their dates") + " while you were away."
        } else {
            text += " Nothing slid past its date while you were away."
        }
        let older = overdue - slid
        if older > 0 { text += " " + (older == 1 ? "1 more was" : "\(older) more were") + " already waiting." }
        if overdue == 0 { text += " No pressure: maybe just pick one small thing from the carousel today." }
        return text
    }

    /// The three ways on, each one command and one commit; none when nothing is overdue.
    public var ways: [(command: String, says: String)] {
        guard overdue > 0 else { return [] }
        return [("carousel welcome someday", "let them all go to someday (no due date)"),
                ("carousel welcome spread", "spread them over the coming days, within each day's spoons"),
                ("carousel welcome pick", "pull three into today and let the rest wait")]
    }

    // MARK: - The ways on

    /// The pile, most important first, then the longest overdue, then by title.
    public static func ordered(_ pile: [Card], today: Day) -> [Card] {
        pile.sorted { a, b in
            if a.importance != b.importance { return a.importance > b.importance }
            let da = Occurrence.dueDay(of: a, today: today), db = Occurrence.dueDay(of: b, today: today)
            if da != db, let da, let db { return da < db }
            if a.title != b.title { return a.title < b.title }
            return a.path < b.path
        }
    }

    /// Spoons already planned on each day from `from` to `to`: open cards due that day (and a
    /// repeating card's occurrences), and on `today` the cards in Today's list as well.
    public static func load(_ cards: [Card], from: Day, to: Day, today: Day) -> [Day: Int] {
        var load: [Day: Int] = [:]
        for card in cards where card.kind != .event {
            var days = Set(Placement.days(of: card, from: from, to: to).filter { !card.isDone(on: $0) })
            if !card.isRepeating { days = Occurrence.isDone(card, today: today) ? [] : days }
            if card.isPulled(on: today), !Occurrence.isDone(card, today: today), today >= from, today <= to { days.insert(today) }
            for day in days { load[day, default: 0] += card.spoons }
        }
        return load
    }

    /// New due days for `pile`, most important first, each on the first day from `from` whose
    /// planned spoons stay within `budget` with it. A card that finds no such day within
    /// `days` days is left out (the caller says so): a day's budget is never exceeded.
    public static func spread(_ pile: [Card], load: [Day: Int], budget: Int, from: Day, days: Int, today: Day) -> [(card: Card, day: Day)] {
        var planned = load
        var out: [(card: Card, day: Day)] = []
        for card in ordered(pile, today: today) {
            for offset in 0..<days {
                let day = from.adding(days: offset)
                if planned[day, default: 0] + card.spoons <= budget {
                    planned[day, default: 0] += card.spoons
                    out.append((card, day))
                    break
                }
            }
        }
        return out
    }
}
