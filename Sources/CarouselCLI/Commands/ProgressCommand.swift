import ArgumentParser
import CarouselCore

struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress", abstract: "Your XP, week by week, worked out from the vault.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many weeks to list, this one included (default 8).")
    var weeks = 8

    func validate() throws {
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks must be 1–520, found \(weeks)") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let (habits, problems) = ws.habits()
            for p in problems { printError(p.description) }
            let view = ProgressView.make(cards: ws.snapshot.cards, habits: habits, journal: JournalActivity.load(vault: ws.vault),
                                         today: ws.today, weeks: weeks)
            if options.json {
                return Output(date: view.date.iso, total: view.total, thisWeek: view.thisWeek.xp,
                              weeks: view.weeks.reversed().map(Week.init)).printJSON()
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold("PROGRESS") + t.dim("  ·  XP from your vault"), "",
                       "  This week: " + t.bold("\(view.thisWeek.xp) XP") + t.dim("  ·  all time \(view.total) XP"), ""]
            let top = max(1, view.weeks.map(\.xp).max() ?? 1)
            for w in view.weeks.reversed() {
                let bar = String(repeating: "█", count: Int((Double(w.xp) / Double(top) * 24).rounded()))
                out.append("  " + t.dim("week of ") + fit("\(w.start.day) \(Words.months[w.start.month - 1])", 7)
                    + fit("\(w.xp)", 6) + t.green(bar))
            }
            let w = view.thisWeek
            let done = [Words.plural(w.habitCompletions, "habit"), Words.plural(w.taskCompletions, "task"),
                        Words.plural(w.qualifyingDays, "day") + " that counted"]
            let extra = [Words.plural(w.reflections, "reflection"), Words.plural(w.focusSessions, "focus session")]
            out += ["", "  " + t.dim("this week: " + done.joined(separator: ", ")),
                    "  " + t.dim("           " + extra.joined(separator: ", ")), ""]
            print(out.joined(separator: "\n"))
        }
    }

    /// `progress --json`.
    struct Output: Encodable {
        let date: String
        let total, thisWeek: Int
        let weeks: [Week]
        enum CodingKeys: String, CodingKey { case date, total, weeks, thisWeek = "this_week" }
    }

    struct Week: Encodable {
        let start, end: String
        let xp, habitCompletions, taskCompletions, qualifyingDays, reflections, focusSessions: Int
        enum CodingKeys: String, CodingKey {
            case start, end, xp, reflections
            case habitCompletions = "habit_completions", taskCompletions = "task_completions"
            case qualifyingDays = "qualifying_days", focusSessions = "focus_sessions"
        }

        init(_ w: XPWeek) {
            start = w.start.iso; end = w.end.iso; xp = w.xp; habitCompletions = w.habitCompletions
            taskCompletions = w.taskCompletions; qualifyingDays = w.qualifyingDays; reflections = w.reflections
            focusSessions = w.focusSessions
        }
    }
}
