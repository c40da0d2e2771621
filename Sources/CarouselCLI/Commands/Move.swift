import ArgumentParser
import CarouselCore

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a card to a board column by setting its due date.",
        discussion: """
        today: due today · this_week: due on the last day of this week · upcoming: due in 7 days · \
        someday: no due date. Overdue is where cards go by themselves.
        """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The card: its slug, id, or the start of either.")
    var ref: String

    @Argument(help: "today, this_week, upcoming or someday.")
    var column: String

    func validate() throws {
        guard BoardView.Column(name: column) != nil else {
            throw ValidationError("unknown column \"\(column)\"; the columns are today, this_week, upcoming and someday")
        }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            guard let target = BoardView.Column(name: column) else { return }
            let wasDue = try ws.resolve(ref).due?.day
            let outcome = try ws.move(ref, to: target)
            if options.json {
                return Output(moved: outcome.changed, column: target.rawValue,
                              card: CardJSON.summary(outcome.card, today: ws.today, numbers: ws.numbers, vaultZone: ws.settings.vaultZone)).printJSON()
            }
            let t = Terminal.current
            print(t.line(Said.moved(outcome, today: ws.today, wasDue: wasDue)))
        }
    }
}

extension Move {
    /// `move --json`.
    struct Output: Encodable {
        let moved: Bool
        let column: String
        let card: CardJSON.Summary
    }
}
