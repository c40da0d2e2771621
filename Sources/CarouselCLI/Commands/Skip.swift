import ArgumentParser
import CarouselCore

struct Skip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Skip a habit for a day, or today's occurrence of a repeating card.",
        discussion: "A skip with a --note (\"sick\", \"travelling\") doesn't count against your streak; a bare skip counts as missed.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "A habit (slug or title) or a repeating card (slug or id).")
    var ref: String

    @Option(help: "Why: a skip with a note leaves the day's 40% rule.")
    var note: String?

    @Option(help: "The day to skip (habits only; default today): \(DateInput.help).")
    var date: String?

    @Flag(help: "Skip a habit day that already has progress logged (or another note), replacing it.")
    var force = false

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let t = Terminal.current
            if try ws.findHabit(ref) != nil {
                let change = try ws.skip(habit: ref, note: note, date: date, force: force)
                if options.json { return HabitJSON.change(change).printJSON() }
                return print(t.line(Said.skipped(habit: change.habit.title, on: change.date, today: ws.today, noted: note != nil)))
            }
            if date != nil { throw CarouselError.usage("--date is for habits; a card skips today's occurrence") }
            let (card, next) = try ws.skip(card: ref, note: note)
            if options.json { return CardJSON.full(try ws.open(card), today: ws.today).printJSON() }
            print(t.line(Said.skipped(card: card.title, next: next)))
        }
    }
}
