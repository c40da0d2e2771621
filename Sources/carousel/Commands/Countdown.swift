import ArgumentParser
import CarouselCore

struct Countdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Events coming up, and how many days until each.",
        discussion: "Add one with: carousel add \"Concert\" --kind event --emoji 🎸 --due 2026-12-05")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show past events too.")
    var past = false

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let view = CountdownView.make(ws.snapshot, today: ws.today, past: past)
            if options.json {
                return JSON.object([
                    ("date", .string(view.date.iso)),
                    ("events", .array(view.events.map { e in
                        .object([("number", ws.numbers.number(for: e.card).map(JSON.int) ?? .null), ("slug", .string(e.card.slug)), ("title", .string(e.card.title)), ("emoji", .str(e.card.emoji)),
                                 ("date", .string(e.date.iso)), ("days_until", .int(e.daysUntil))])
                    })),
                ]).print()
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold("COUNTDOWN")]
            if view.events.isEmpty {
                out.append("  Nothing on the horizon yet. Something to look forward to? "
                           + t.dim("carousel add \"…\" --kind event --emoji 🎉 --due DATE"))
            }
            let titleWidth = min(44, max(80, t.width) - 36)
            let numbers = view.events.map { ws.numbers.number(for: $0.card).map(String.init) ?? "" }
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
