import CarouselCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The show-don't-tell walkthrough after `carousel init` on a terminal: it adds a card, pulls it
/// into today, shows the spoon bar, and points at the other views. Every step is a real command.
enum Tour {
    static func shouldRun(noTour: Bool, json: Bool) -> Bool {
        !noTour && !json && CommandLineRun.current.inputIsTerminal && CommandLineRun.current.output.isTerminal
    }

    static func run(vault: Vault, moment: Moment, environment: [String: String], here: String) throws {
        let t = Terminal.current
        func step(_ command: String, _ note: String) {
            print("")
            print("  " + t.cyan("$ carousel\(here) \(command)") + "   " + t.dim(note))
        }
        func pause() throws {
            writeOut(t.dim("  (Enter for the next step, q to stop) "))
            if readLine()?.lowercased().hasPrefix("q") == true { throw TourStop() }
        }
        do {
            print("\n  " + t.bold("A quick tour") + " — about a minute, and everything it does is a normal commit.")
            try pause()
            step("add \"Try Carousel for five minutes ~1\"", "# What do you want to do?")
            let ws = try Workspace(vault: vault, moment: moment, environment: environment, forWriting: true)
            var new = NewCard(title: "Try Carousel for five minutes")
            new.spoons = 1
            new.importance = 2
            new.due = moment.today.iso
            let card = try ws.add(new)
            print("  Added " + t.bold(card.title) + " (\(card.path)).")
            try pause()
            step("pull \(card.slug)", "# take it into today")
            _ = try ws.pull(card.slug)
            let view = TodayView.make(ws.snapshot, today: ws.today)
            for line in TodayRender.lines(view, t) { print("  " + line) }
            print("  " + t.dim("Spoons are the energy a card takes; the bar shows today against your budget."))
            try pause()
            step("habit add", "# a habit to build: pick a suggestion, or Enter to skip")
            for line in HabitSuggestionMenu.lines(t) { print("  " + line) }
            CommandLineRun.current.write("  ")
            if let picked = HabitSuggestionMenu.ask(t) {
                let habit = try ws.addHabit(picked.newHabit)
                print("  Started " + t.bold(habit.title) + " (\(habit.path)): \(picked.about). `carousel check \(habit.slug)` logs it.")
            }
            print("""

                  Other views are one word away:
                    \(t.bold("carousel suggest"))        what to do next, and why
                    \(t.bold("carousel list"))           every card; \(t.bold("carousel search WORD")) finds one
                    \(t.bold("carousel focus"))          a 25-minute focus timer
                  When you're done: \(t.bold("carousel done \(card.slug)"))
                  Don't want the tour card? \(t.bold("carousel rm \(card.slug)"))

                """)
        } catch is TourStop {
            print("\n  Tour stopped. Everything it made is still there, as normal commits.")
        }
    }

    struct TourStop: Error {}
}
