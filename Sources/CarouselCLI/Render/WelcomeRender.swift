import CarouselCore

/// Text and JSON for home's welcome back and the three ways on.
enum WelcomeRender {
    /// Home's opening lines after days away.
    static func homeLines(_ welcome: WelcomeBack, _ t: Terminal) -> [String] {
        var out = ["", "  " + t.bold(welcome.message)]
        let width = welcome.ways.map(\.command.count).max() ?? 0
        for way in welcome.ways {
            out.append("    " + way.command + String(repeating: " ", count: width - way.command.count + 2) + t.dim(way.says))
        }
        return out
    }

    static func lines(_ outcome: WelcomeOutcome, way: String, today: Day, _ t: Terminal) -> [String] {
        let first = t.line(Said.welcomed(outcome, way: way, listing: true))
        guard outcome.message != nil else { return [first] }
        var out = [first]
        if way != "someday" {
            for (card, due) in outcome.changed {
                out.append("  " + t.bold(card.title) + (way == "spread" ? t.dim("  " + Words.due(due, today: today)) : ""))
            }
        }
        if !outcome.left.isEmpty {
            out.append(t.dim("\(Words.plural(outcome.left.count, "overdue card")) left as \(outcome.left.count == 1 ? "it was" : "they were")."))
        }
        return out
    }

    struct Output: Encodable {
        let way: String
        let changed: [Changed]
        let left: Int
        @OrNull var commit: String?
    }

    struct Changed: Encodable {
        let slug: String
        let title: String
        @OrNull var due: String?
    }

    static func json(_ outcome: WelcomeOutcome, way: String) -> Output {
        Output(way: way, changed: outcome.changed.map { Changed(slug: $0.card.slug, title: $0.card.title, due: $0.due?.iso) },
               left: outcome.left.count, commit: outcome.message)
    }

    /// home --json's `welcome_back`.
    struct HomeOutput: Encodable {
        let awaySince: String
        let daysAway: Int
        let slid: Int
        let overdue: Int
        let message: String
        let ways: [String]
        enum CodingKeys: String, CodingKey {
            case slid, overdue, message, ways
            case awaySince = "away_since", daysAway = "days_away"
        }
    }

    static func json(_ welcome: WelcomeBack) -> HomeOutput {
        HomeOutput(awaySince: welcome.awaySince.iso, daysAway: welcome.daysAway, slid: welcome.slid, overdue: welcome.overdue,
                   message: welcome.message, ways: welcome.ways.map(\.command))
    }
}
