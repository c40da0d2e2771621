import ArgumentParser
import CarouselCore

struct Board: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open cards by due date: overdue, today, this week, upcoming, someday.",
        discussion: "Upcoming is the 14 days after this week. `carousel move <card> <column>` moves one.")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let view = BoardView.make(ws.snapshot, today: ws.today)
            if options.json { return BoardRender.json(view, numbers: ws.numbers).print() }
            printLines(BoardRender.lines(view, Terminal.current, numbers: ws.numbers) + [""])
        }
    }
}

enum BoardRender {
    static func json(_ view: BoardView, numbers: ShortNumbers? = nil) -> JSON {
        func items(_ list: [BoardView.Item]) -> JSON {
            .array(list.map { item in
                var pairs: [(String, JSON)] = []
                if case let .object(p) = CardJSON.summary(item.card, today: view.date, numbers: numbers) { pairs = p }
                // A repeating card's due is its open occurrence (the summary's), never a passed one.
                if !item.card.isRepeating, let i = pairs.firstIndex(where: { $0.0 == "due" }) {
                    pairs[i].1 = .str(item.card.due?.description ?? item.due?.iso)
                }
                return .object(pairs)
            })
        }
        return .object([
            ("date", .string(view.date.iso)),
            ("end_of_week", .string(view.endOfWeek.iso)),
            ("end_of_upcoming", .string(view.endOfUpcoming.iso)),
            ("columns", .array(view.columns.map { .object([("name", .string($0.column.rawValue)), ("cards", items($0.items))]) })),
            ("later", items(view.later)),
        ])
    }

    static let empty: [BoardView.Column: String] = [
        .overdue: "Nothing overdue. Nice.",
        .today: "Nothing else due today.",
        .thisWeek: "Nothing more this week.",
        .upcoming: "Nothing in the next two weeks.",
        .someday: "No undated cards.",
    ]

    static func lines(_ view: BoardView, _ t: Terminal, numbers: ShortNumbers? = nil) -> [String] {
        let width = max(80, t.width)
        let titleWidth = min(50, width - 30)
        var out: [String] = []
        for (column, items) in view.columns {
            var head = column.title.uppercased() + "  " + t.dim("(\(items.count))")
            if column == .thisWeek { head += t.dim("  until \(Words.shortDate(view.endOfWeek))") }
            if column == .upcoming { head += t.dim("  until \(Words.shortDate(view.endOfUpcoming))") }
            out += ["", "  " + t.bold(head)]
            if items.isEmpty { out.append("    " + t.dim(empty[column] ?? "")) }
            for item in items {
                let number = numbers?.number(for: item.card).map(String.init) ?? ""
                out.append(line(item, today: view.date, titleWidth: titleWidth, overdue: column == .overdue, t, number: number))
            }
        }
        if !view.later.isEmpty {
            out += ["", "  " + t.dim("… and \(Words.plural(view.later.count, "card")) due later: `carousel calendar --month DATE` shows them")]
        }
        out += ["", "  " + t.dim("Move a card: carousel move <card> today|this_week|upcoming|someday")]
        return out
    }

    static func line(_ item: BoardView.Item, today: Day, titleWidth: Int, overdue: Bool, _ t: Terminal, number: String = "") -> String {
        let icon = item.card.icon.map { $0 + " " } ?? ""
        let when = Words.due(item.due, today: today)
        let status = item.card.isPulled(on: today) ? "  in today" : ""
        return "  " + String(repeating: " ", count: max(0, 3 - number.count)) + number + " " + t.category(item.card.category, "●") + " " + fit(icon + item.card.title, titleWidth) + "  "
            + (overdue ? t.yellow(when) : t.dim(when)) + t.dim(status)
    }
}
