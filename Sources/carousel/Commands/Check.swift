import ArgumentParser
import CarouselCore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Log a habit: adds AMOUNT (default 1) to the day.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The habit: its slug, title, or the start of either.")
    var habit: String

    // Collected this way so that "-2" reaches the habit's own check ("must be above 0")
    // instead of being read as an unknown option.
    @Argument(parsing: .allUnrecognized, help: "How much, e.g. 1, 2.5 or 25min (default 1).")
    var amount: [String] = []

    @Option(help: "The day to log (default today): \(DateInput.help).")
    var date: String?

    @Flag(help: "Log it even on a day the habit isn't scheduled.")
    var anyway = false

    func validate() throws {
        if amount.count > 1 { throw ValidationError("give one AMOUNT, like 2 or 25min; found \(amount.joined(separator: " "))") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let change = try ws.check(habit, amount: amount.first, date: date, anyway: anyway)
            let celebration = ws.celebration(for: change)
            if options.json { return HabitJSON.change(change, celebration: celebration).printJSON() }
            let t = Terminal.current
            let h = change.habit
            let progress = HabitStats.progress(h, on: change.date)
            let when = change.date == ws.today ? "" : " on " + Words.shortDate(change.date)
            let done = progress >= h.target
            print((done ? t.green("✓") : "○") + " " + t.bold(h.title) + when + ": " + HabitAmount.progressText(progress, h)
                + (h.period == .day ? "" : " this \(h.period.rawValue)") + (done ? ". Nicely done." : ". Keep going."))
            CelebrationRender.show(celebration, ws: ws)
        }
    }
}
