import ArgumentParser
import CarouselCore

struct Checkin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkin", abstract: "How today went, the last 7 days of spoons, and a word of encouragement.",
        discussion: "`carousel checkin --note TEXT` saves the day's reflection in the journal.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "Save a reflection for today (one per day; a new note replaces the old).")
    var note: String?

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: note != nil)
            if note == nil { printDiagnostics(ws) } else { printNotices(ws) }
            if let note { try ws.saveReflection(note) }
            let (records, problems) = JournalHistory.records(vault: ws.vault, before: ws.today, days: 14)
            for p in problems { printError(p.description) }
            let lastActive = records.contains { $0.plannedCards > 0 || $0.doneCards > 0 }
                ? nil : JournalHistory.lastActive(vault: ws.vault, before: ws.today.adding(days: -14))
            // The day's cards only, not every card (`todaySnapshot`).
            let day = try ws.todaySnapshot()
            let view = CheckinView.make(today: TodayView.make(day, today: ws.today),
                                        history: records.map(CheckinView.DayRecord.init), budget: day.settings.budget,
                                        lastActiveBefore: lastActive, reflection: day.journal.reflection)
            // The same count as the board's Overdue column and home's "N overdue".
            let overdue = try ws.overdueCount()
            if options.json { return CheckinRender.json(view, overdue: overdue).printJSON() }
            let t = Terminal.current
            if note != nil { print(t.line(Said.noteSaved(today: ws.today))) }
            var lines = CheckinRender.lines(view, t)
            if overdue > 0 {
                lines += ["", "  " + t.dim("\(Words.plural(overdue, "card")) past \(overdue == 1 ? "its" : "their") due date; "
                    + "no rush, `carousel board` shows \(overdue == 1 ? "it" : "them").")]
            }
            printLines(lines + [""])
        }
    }
}

enum CheckinRender {
    struct Record: Encodable {
        let date: String
        let spoonsPlanned, spoonsDone, tasksPlanned, tasksDone: Int
        enum CodingKeys: String, CodingKey {
            case date, spoonsPlanned = "spoons_planned", spoonsDone = "spoons_done"
            case tasksPlanned = "tasks_planned", tasksDone = "tasks_done"
        }
    }

    struct Output: Encodable {
        let overdue: Int
        let date: String
        let tasksPlanned, tasksDone, spoonsPlanned, spoonsDone, budget: Int
        let week: [Record]
        let message, messageRule: String
        @OrNull var reflection: String?
        enum CodingKeys: String, CodingKey {
            case overdue, date, budget, week, message, reflection
            case tasksPlanned = "tasks_planned", tasksDone = "tasks_done", spoonsPlanned = "spoons_planned"
            case spoonsDone = "spoons_done", messageRule = "message_rule"
        }
    }

    static func record(_ r: CheckinView.DayRecord) -> Record {
        Record(date: r.date.iso, spoonsPlanned: r.spoonsPlanned, spoonsDone: r.spoonsDone, tasksPlanned: r.tasksPlanned, tasksDone: r.tasksDone)
    }

    static func json(_ v: CheckinView, overdue: Int) -> Output {
        Output(overdue: overdue, date: v.date.iso, tasksPlanned: v.today.tasksPlanned, tasksDone: v.today.tasksDone,
               spoonsPlanned: v.today.spoonsPlanned, spoonsDone: v.today.spoonsDone, budget: v.budget,
               week: v.week.map(record), message: v.rule.message, messageRule: v.rule.rawValue, reflection: v.reflection)
    }

    static func lines(_ v: CheckinView, _ t: Terminal) -> [String] {
        let d = v.today
        var out = ["", "  " + t.bold("CHECK-IN") + t.dim("  ·  " + Words.longDate(v.date)), ""]
        if d.tasksPlanned == 0 {
            out.append("  Nothing pulled into today yet. That's allowed.")
        } else {
            out.append("  You've completed \(d.tasksDone) of \(Words.plural(d.tasksPlanned, "task")) (\(d.spoonsDone) of \(d.spoonsPlanned) spoons).")
        }
        let width = max(80, t.width)
        let barWidth = min(40, width - 34)
        let scale = max(v.budget, v.week.map(\.spoonsPlanned).max() ?? 0, 1)
        out += ["", "  " + t.bold("LAST 7 DAYS") + t.dim("   █ done  ░ planned, not done  │ budget \(v.budget)")]
        for r in v.week {
            let done = Int((Double(r.spoonsDone) / Double(scale) * Double(barWidth)).rounded())
            let planned = max(done, Int((Double(r.spoonsPlanned) / Double(scale) * Double(barWidth)).rounded()))
            let budgetAt = Int((Double(v.budget) / Double(scale) * Double(barWidth)).rounded())
            var bar = ""
            for i in 0..<barWidth {
                if i < done { bar += "█" } else if i < planned { bar += "░" } else if i == budgetAt { bar += "│" } else { bar += " " }
            }
            let label = fit(Words.shortDate(r.date), 10)
            let numbers = r.active ? "\(r.spoonsDone) / \(r.spoonsPlanned)" : "–"
            let painted = t.green(String(bar.prefix(done))) + t.dim(String(bar.dropFirst(done)))
            out.append("  " + (r.date == v.date ? t.bold(label) : t.dim(label)) + " " + painted + " " + numbers)
        }
        out += ["", "  " + t.cyan(v.rule.message)]
        if let reflection = v.reflection { out += ["", "  " + t.dim("Today's note: ") + reflection] }
        return out
    }
}
