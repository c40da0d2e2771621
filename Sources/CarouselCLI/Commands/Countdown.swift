import ArgumentParser
import CarouselCore

struct Countdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "countdown",
        abstract: "Events coming up, and how many days until each.",
        discussion: "Add one with: carousel add \"Concert\" --kind event --emoji 🎸 --due 2026-12-05")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show past events too.")
    var past = false

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            // The countdown shows events only: the other cards are never read.
            let view = CountdownView.make(try ws.snapshot(kind: .event), today: ws.today, past: past)
            let shown = ws.numbers(showing: view.events.map(\.card))
            if options.json {
                return Output(date: view.date.iso, events: view.events.map { e in
                    Event(number: ShortNumber.of(e.card, shown), slug: e.card.slug, title: e.card.title, emoji: e.card.emoji,
                          date: e.date.iso, daysUntil: e.daysUntil)
                }).printJSON()
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold("COUNTDOWN")]
            if view.events.isEmpty {
                out.append("  Nothing on the horizon yet. Something to look forward to? "
                           + t.dim("carousel add \"…\" --kind event --emoji 🎉 --due DATE"))
            }
            let titleWidth = min(44, max(80, t.width) - 36)
            let numbers = view.events.map { shown.number(for: $0.card).map(String.init) ?? "" }
            let numberWidth = numbers.map(\.count).max() ?? 0
            for (i, e) in view.events.enumerated() {
                let emoji = fit(e.card.emoji ?? "·", 2)
                let number = numberWidth == 0 ? "" : String(repeating: " ", count: numberWidth - numbers[i].count) + numbers[i] + " "
                let line = "  " + number + emoji + "  " + fit(e.card.title, titleWidth) + "  " + fit(Words.shortDate(e.date), 10) + "  "
                out.append(e.daysUntil < 0 ? t.dim(line + phrase(e.daysUntil)) : line + t.bold(phrase(e.daysUntil)))
            }
            if view.hiddenPast > 0 { out += ["", "  " + t.dim("\(Words.plural(view.hiddenPast, "past event")) hidden · --past shows them")] }
            out.append("")
            printLines(out)
        }
    }

    /// "today", "tomorrow", "in 12 days", "yesterday", "3 days ago".
    static func phrase(_ n: Int) -> String {
        switch n {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case ..<0: return "\(-n) days ago"
        default: return "in \(n) days"
        }
    }
    func phrase(_ n: Int) -> String { Countdown.phrase(n) }
}

extension Countdown {
    /// `countdown --json`.
    struct Output: Encodable {
        let date: String
        let events: [Event]
    }

    struct Event: Encodable {
        let number: ShortNumber?
        let slug, title: String
        @OrNull var emoji: String?
        let date: String
        let daysUntil: Int
        enum CodingKeys: String, CodingKey { case number, slug, title, emoji, date, daysUntil = "days_until" }
    }
}

extension Countdown: QuickCommand {
    static let quickSpec = QuickWords.Spec(flags: ["--past"])

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.past = words.has("--past")
        self = c
    }
}
