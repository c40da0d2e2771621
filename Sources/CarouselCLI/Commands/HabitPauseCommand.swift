import ArgumentParser
import CarouselCore

struct HabitPauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause a habit for a while: not scheduled, not reminded, and its streak kept.",
        discussion: "`carousel habit pause stretch --until 2026-12-01` from today, or afterwards `--from 2026-11-18 --to 2026-11-22` for days already gone.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The habit (its name or slug; quotes optional).")
    var words: [String] = []

    @Option(help: "The last paused day, from today: \(DateInput.help).")
    var until: String?

    @Option(help: "The first paused day (with --to), e.g. for days already gone.")
    var from: String?

    @Option(help: "The last paused day (with --from).")
    var to: String?

    func validate() throws {
        if words.isEmpty { throw ValidationError("name the habit to pause, e.g. `carousel habit pause stretch --until friday`") }
        switch (until, from, to) {
        case (_?, nil, nil), (nil, _?, _?): break
        default: throw ValidationError("give --until DATE, or --from DATE --to DATE")
        }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let (habit, pause) = try ws.pauseHabit(words.joined(separator: " "), from: from, to: until ?? to ?? "")
            if options.json { return HabitJSON.full(try HabitFile(vault: ws.vault, path: habit.path), today: ws.today).printJSON() }
            print("Paused " + Terminal.current.bold(habit.title) + " from " + Words.shortDate(pause.from) + " to " + Words.shortDate(pause.to)
                + ". It isn't scheduled or reminded then, and its streak waits for you.")
        }
    }
}
