import CarouselCore

/// `league --json`: this week's standings, your tier and the weeks behind it.
struct LeagueJSON: Encodable {
    let date: String
    let weekStart: String
    let tier: String
    let members: [Member]
    let history: [Week]
    let problems: [String]

    enum CodingKeys: String, CodingKey { case date, tier, members, history, problems, weekStart = "week_start" }

    struct Member: Encodable {
        let rank: Int
        let name: String
        let you: Bool
        let xp, qualifyingDays, focusMinutes, joined: Int
        enum CodingKeys: String, CodingKey {
            case rank, name, you, xp, joined
            case qualifyingDays = "qualifying_days", focusMinutes = "focus_minutes"
        }
    }

    struct Week: Encodable {
        let weekStart: String
        let rank, of: Int
        let tier: String
        enum CodingKeys: String, CodingKey { case rank, of, tier, weekStart = "week_start" }
    }

    /// `league add NAME URL --json`.
    struct Joined: Encodable {
        let name, url: String
        let fetched: Bool
    }

    init(_ report: LeagueReport) {
        date = report.date.iso
        weekStart = report.weekStart.iso
        tier = report.tier.name
        members = report.entries.map { e in
            Member(rank: e.rank, name: e.name, you: e.isYou, xp: e.xp, qualifyingDays: e.qualifyingDays,
                   focusMinutes: e.focusMinutes, joined: Int(e.joined))
        }
        history = report.history.map { Week(weekStart: $0.week.iso, rank: $0.rank, of: $0.of, tier: $0.tier.name) }
        problems = report.problems
    }
}
