import Foundation
import ArgumentParser
import CarouselCore

struct Board: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Open cards by due date: overdue, today, this week, upcoming, someday.",
        discussion: "Upcoming is the 14 days after this week. A column shows its first \(BoardView.shown) cards and counts the rest; `--all` shows every card. `carousel move <card> <column>` moves one.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many cards each column shows (its header counts them all); 0 shows every card. Default: \(BoardView.shown), or every card with --json.")
    var limit: Int?

    @Flag(help: "Show every card in every column (the same as --limit 0).")
    var all = false

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit is how many cards a column shows: 0 or more, not \(limit).") }
        if all, let limit, limit > 0 { throw ValidationError("--all shows every card; leave out --limit \(limit), or drop --all.") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            // The text lists no card due later, only how many there are.
            let view = try ws.board(limit: all ? 0 : limit ?? (options.json ? 0 : BoardView.shown), listingLater: options.json)
            if options.json {
                let numbers = ws.numbers(showing: (view.columns.map(\.items) + [view.later]).lazy.joined().map(\.card))
                return BoardRender.json(view, numbers: numbers, vaultZone: ws.settings.vaultZone).printJSON()
            }
            // The cards due later are counted, not listed, so they need no number.
            let numbers = ws.numbers(showing: view.columns.lazy.flatMap(\.items).map(\.card))
            // Written as they are made: a board of 60,000 cards is never held as text.
            var writer = LineWriter()
            BoardRender.render(view, Terminal.current, numbers: numbers) { writer.append($0) }
            writer.append("")
            writer.flush()
        }
    }
}

enum BoardRender {
    struct Output: Encodable {
        let date: String
        let endOfWeek: String
        let endOfUpcoming: String
        let columns: [Column]
        let later: [CardJSON.Summary]
        enum CodingKeys: String, CodingKey {
            case date, columns, later
            case endOfWeek = "end_of_week", endOfUpcoming = "end_of_upcoming"
        }
    }

    struct Column: Encodable {
        let name: String
        let cards: [CardJSON.Summary]
    }

    static func json(_ view: BoardView, numbers: ShortNumbers? = nil, vaultZone: TimeZone? = nil) -> Output {
        func items(_ list: [BoardView.Item]) -> [CardJSON.Summary] {
            list.map { item in
                var summary = CardJSON.summary(item.card, today: view.date, numbers: numbers, vaultZone: vaultZone)
                // A repeating card's due is its open occurrence (the summary's), never a passed
                // one; a zoned time stays as the summary gives it, on this device's clock.
                let zoned = item.card.due?.minutes != nil && ZonedTime.zone(of: item.card, vaultZone: vaultZone) != nil
                if !item.card.isRepeating, !zoned { summary.due = item.card.due?.description ?? item.due?.iso }
                return summary
            }
        }
        return Output(date: view.date.iso, endOfWeek: view.endOfWeek.iso, endOfUpcoming: view.endOfUpcoming.iso,
                      columns: view.columns.map { Column(name: $0.column.rawValue, cards: items($0.items)) },
                      later: items(view.later))
    }

    static let empty = BoardView.Column.emptySentence

    /// The board's lines, one at a time, to `emit`.
    static func render(_ view: BoardView, _ t: Terminal, numbers: ShortNumbers? = nil, emit: (String) -> Void) {
        let width = max(80, t.width)
        let titleWidth = min(50, width - 30)
        for (column, items) in view.columns {
            let total = view.total(.column(column))
            var head = column.title.uppercased() + "  " + t.dim("(\(total))")
            if column == .thisWeek { head += t.dim("  until \(Words.shortDate(view.endOfWeek))") }
            if column == .upcoming { head += t.dim("  until \(Words.shortDate(view.endOfUpcoming))") }
            emit("")
            emit("  " + t.bold(head))
            if items.isEmpty { emit("    " + t.dim(empty[column] ?? "")) }
            for item in items {
                let number = numbers?.number(for: item.card).map(String.init) ?? ""
                emit(line(item, today: view.date, titleWidth: titleWidth, overdue: column == .overdue, t, number: number, width: width))
            }
            if total > items.count {
                emit("    " + t.dim("… and \(total - items.count) more in \(column.title): `carousel board --all` shows every card"))
            }
        }
        if view.total(.later) > 0 {
            emit("")
            emit("  " + t.dim("… and \(Words.plural(view.total(.later), "card")) due later: `carousel calendar --month DATE` shows them"))
        }
        emit("")
        emit("  " + t.dim("Move a card: carousel move <card> today|this_week|upcoming|someday"))
    }

    static func line(_ item: BoardView.Item, today: Day, titleWidth: Int, overdue: Bool, _ t: Terminal, number: String = "",
                     width: Int = 80) -> String {
        let icon = item.card.icon.map { $0 + " " } ?? ""
        let when = Words.due(item.due, today: today)
        let status = item.card.isPulled(on: today) ? "  in today" : ""
        // The title gets what the line has left: 10 columns around it, the day and the status.
        let room = max(16, min(titleWidth, width - 10 - max(0, number.count - 3) - displayWidth(when) - displayWidth(status)))
        return "  " + String(repeating: " ", count: max(0, 3 - number.count)) + number + " " + t.category(item.card.category, "●") + " " + fit(icon + item.card.title, room) + "  "
            + (overdue ? t.yellow(when) : t.dim(when)) + t.dim(status)
    }
}

extension Board: QuickCommand {
    static let quickSpec = QuickWords.Spec(options: ["--limit"], flags: ["--all"])

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.limit = try words.value("--limit")
        c.all = words.has("--all")
        self = c
    }
}
