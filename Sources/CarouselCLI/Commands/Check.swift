import ArgumentParser
import CarouselCore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Log a habit: adds AMOUNT (default 1) to the day.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The habit: its slug, title (quotes optional), or the start of either.")
    var habit: String

    // Collected this way so that "-2" reaches the habit's own check ("must be above 0")
    // instead of being read as an unknown option.
    @Argument(parsing: .allUnrecognized, help: "How much, e.g. 1, 2.5 or 25min (default 1).")
    var amount: [String] = []

    /// `check brush teeth` is the habit "brush teeth"; `check drink water 2` adds 2 to "drink
    /// water": the last word is the amount when it starts like a number, and `check read 4
    /// pages` takes the unit word with it.
    var typed: (habit: String, amount: String?) {
        guard let last = amount.last else { return (habit, nil) }
        let words = [habit] + amount
        func numeric(_ w: String) -> Bool { w.first.map { $0.isNumber || $0 == "-" || $0 == "." || $0 == "+" } ?? false }
        if numeric(last) {
            return (words.dropLast().joined(separator: " "), last)
        }
        if words.count >= 3, numeric(words[words.count - 2]), HabitUnit(rawValue: last) != nil {
            return (words.dropLast(2).joined(separator: " "), words.suffix(2).joined(separator: " "))
        }
        return (words.joined(separator: " "), nil)
    }

    @Option(help: "The day to log (default today): \(DateInput.help).")
    var date: String?

    @Flag(help: "Log it even on a day the habit isn't scheduled.")
    var anyway = false

    @Flag(help: "Log it on a day marked skipped, replacing the skip and its note.")
    var force = false

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let change = try ws.check(typed.habit, amount: typed.amount, date: date, anyway: anyway, force: force)
            let celebration = ws.celebration(for: change)
            if options.json { return HabitJSON.change(change, celebration: celebration).printJSON() }
            let t = Terminal.current
            print(t.line(Said.checked(change, today: ws.today)))
            CelebrationRender.show(celebration, ws: ws)
        }
    }
}
