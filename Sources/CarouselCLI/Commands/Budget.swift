import ArgumentParser
import CarouselCore

struct Budget: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "budget", abstract: "Change the daily spoon budget (5–20).")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "Spoons per day, 5–20.")
    var spoons: Int

    func validate() throws {
        guard (5...20).contains(spoons) else { throw ValidationError("the budget must be 5–20 spoons, found \(spoons)") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let changed = try ws.setBudget(spoons)
            let started = ws.settings.started
            let note = changed && Settings.guardrailApplies(started: started, today: ws.today) ? Settings.guardrailNote : nil
            if options.json {
                return Output(budget: spoons, changed: changed, note: note).printJSON()
            }
            let t = Terminal.current
            print(changed ? "Your daily budget is now \(spoons) spoons." : "Your daily budget is already \(spoons) spoons.")
            if let note { print(t.dim(note)) }
        }
    }
}

extension Budget {
    /// `budget --json`.
    struct Output: Encodable {
        let budget: Int
        let changed: Bool
        @OrNull var note: String?
    }
}
