import ArgumentParser
import CarouselCore

struct Uncheck: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "uncheck", abstract: "Clear a habit's log for a day (an amount or a skip).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The habit: its slug, title, or the start of either.")
    var habit: String

    @Option(help: "The day to clear (default today): \(DateInput.help).")
    var date: String?

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let change = try ws.uncheck(habit, date: date)
            if options.json { return HabitJSON.change(change).printJSON() }
            let day = change.date == ws.today ? "today" : Words.shortDate(change.date)
            guard let before = change.before else {
                return print("Nothing logged for \(change.habit.title) \(day). Nothing changed.")
            }
            print("Cleared \(Terminal.current.bold(change.habit.title)) for \(day) (was \(before.text)).")
        }
    }
}
