/// The weekly league: everyone's XP for a week (Monday to Sunday), ranked, and the ladder.
public enum Tier: Int, Sendable, CaseIterable, Comparable {
    case hilltop, baseCamp, montBlanc, k2, everest

    public var name: String {
        switch self {
        case .hilltop: return "Hilltop"
        case .baseCamp: return "Base Camp"
        case .montBlanc: return "Mont Blanc"
        case .k2: return "K2"
        case .everest: return "Everest"
        }
    }

    public init?(name: String) {
        guard let t = Tier.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        self = t
    }

    /// New vaults start here.
    public static let start = Tier.baseCamp

    /// Ranks 1–12 go up, 13–15 stay, 16 and below go down; the ends of the ladder hold.
    public func after(rank: Int) -> Tier {
        if rank <= 12 { return Tier(rawValue: min(rawValue + 1, Tier.everest.rawValue)) ?? self }
        if rank <= 15 { return self }
        return Tier(rawValue: max(rawValue - 1, 0)) ?? self
    }

    public static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
}

/// One person's week in the league.
public struct LeagueEntry: Sendable, Equatable {
    public var name: String
    public var isYou: Bool
    public var xp: Int
    public var qualifyingDays: Int
    public var focusMinutes: Int
    /// Seconds since the epoch of the vault's first commit.
    public var joined: Int64
    public var rank = 0

    public init(name: String, isYou: Bool, xp: Int, qualifyingDays: Int, focusMinutes: Int, joined: Int64) {
        self.name = name
        self.isYou = isYou
        self.xp = xp
        self.qualifyingDays = qualifyingDays
        self.focusMinutes = focusMinutes
        self.joined = joined
    }
}

public enum League {
    /// Ranks by XP, then qualifying days, then focus minutes (more is better), then who joined
    /// first, then name, so every device ranks the same people the same way.
    public static func rank(_ entries: [LeagueEntry]) -> [LeagueEntry] {
        let sorted = entries.sorted { a, b in
            if a.xp != b.xp { return a.xp > b.xp }
            if a.qualifyingDays != b.qualifyingDays { return a.qualifyingDays > b.qualifyingDays }
            if a.focusMinutes != b.focusMinutes { return a.focusMinutes > b.focusMinutes }
            if a.joined != b.joined { return a.joined < b.joined }
            return a.name < b.name
        }
        return sorted.enumerated().map { i, e in
            var e = e
            e.rank = i + 1
            return e
        }
    }

    /// Everyone's week from their vault's cards, habits and journal, with the same XP rules.
    public static func entry(name: String, isYou: Bool, cards: [Card], habits: [Habit], journal: [Day: JournalActivity],
                             weekStart: Day, joined: Int64) -> LeagueEntry {
        let end = weekStart.adding(days: 6)
        let view = ProgressView.make(cards: cards, habits: habits, journal: journal, today: end, weeks: 1)
        let week = view.weeks.last ?? XPWeek(start: weekStart)
        let minutes = journal.filter { $0.key >= weekStart && $0.key <= end }
            .reduce(0) { $0 + $1.value.focusMinutes.reduce(0, +) }
        return LeagueEntry(name: name, isYou: isYou, xp: week.xp, qualifyingDays: week.qualifyingDays,
                           focusMinutes: minutes, joined: joined)
    }
}
