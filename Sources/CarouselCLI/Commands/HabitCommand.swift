import ArgumentParser
import CarouselCore

struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit", abstract: "Make a habit (`carousel habit add`), or pause one (`carousel habit pause`).", subcommands: [HabitAdd.self, HabitPauseCommand.self])
}

struct HabitAdd: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Start a new habit in habits/<slug>.md.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The habit's name, e.g. Brush teeth (quotes optional). Without one (and without --suggest), the suggested habits are offered.")
    var words: [String] = []

    var title: String? { words.isEmpty ? nil : words.joined(separator: " ") }

    @Option(help: "Start a suggested habit by its name (water, walk, read, …), without questions.")
    var suggest: String?

    @Option(name: .customLong("repeat"), help: "Which days it's for (default \"every day\"), e.g. \"every week on mon, wed, fri\".")
    var repeatRule: String?

    @Option(help: "How much per period (default 1), e.g. 2 or 10000.")
    var target: Double?

    @Option(help: "count (default), sec, min, hours, km, steps, kcal, g, ml, oz, or any one word you count in (pages, glasses).")
    var unit: String?

    @Option(help: "day (default), week or month: the span the target covers.")
    var period: String?

    func validate() throws {
        if title != nil, suggest != nil { throw ValidationError("give a title or --suggest NAME, not both") }
    }

    func run() throws {
        try reporting {
            // Choose first: the vault is not locked while a person reads the suggestions.
            var new: NewHabit
            if let title {
                new = NewHabit(title: title)
            } else if let suggest {
                new = try HabitSuggestions.find(suggest).newHabit
            } else {
                guard let picked = try HabitSuggestionMenu.offer(json: options.json) else { return }
                new = picked.newHabit
            }
            if let repeatRule { new.repeatRule = repeatRule }
            if let target { new.target = target }
            if let unit { new.unit = unit }
            if let period { new.period = period }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let habit = try ws.addHabit(new)
            if options.json { return try HabitJSON.full(HabitFile(vault: ws.vault, path: habit.path), today: ws.today).printJSON() }
            let t = Terminal.current
            let per = habit.period == .day ? "a day" : "a \(habit.period.rawValue)"
            print("Started " + t.bold(habit.title) + " (\(habit.path)) · \(HabitAmount.grouped(habit.target))"
                + (habit.unit == .count ? "" : " \(habit.unit.rawValue)") + " \(per) · \(habit.rule.summary)")
            print(t.dim("`carousel check \(habit.slug)` logs it."))
        }
    }
}
