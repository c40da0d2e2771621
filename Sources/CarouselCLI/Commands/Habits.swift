import ArgumentParser
import CarouselCore

struct Habits: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habits",
        abstract: "Today's habits, your streak of days that count (40% rule), strength and a heatmap.",
        aliases: ["streaks"])

    @OptionGroup var options: GlobalOptions

    @Option(help: "Weeks of heatmap before this one (default 12).")
    var weeks = 12

    func validate() throws {
        guard (1...104).contains(weeks) else { throw ValidationError("--weeks must be 1–104, found \(weeks)") }
    }

    func run() throws {
        try reporting {
            let vault = try options.locateVault()
            let (habits, problems) = HabitLoader.load(vault: vault)
            for p in problems { printError(p.description) }
            let view = HabitsView.make(habits: habits, today: options.moment.today, weeks: weeks)
            if options.json { return HabitsRender.json(view).printJSON() }
            print(HabitsRender.lines(view, Terminal.current).joined(separator: "\n"))
        }
    }
}

extension Habits: QuickCommand {
    static let quickSpec = QuickWords.Spec(options: ["--weeks"])

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.weeks = try words.value("--weeks") ?? 12
        self = c
    }
}
