import ArgumentParser
import CarouselCore

struct Timeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The day's cards that have a start time, in time order, with free gaps.",
        discussion: "Give a card a time with: carousel set <card> start 2026-11-23T09:30 and duration 45m.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The day to show (default today): \(DateInput.help).")
    var date: String?

    @Flag(help: "Show the seven days of the week holding DATE.")
    var week = false

    @Option(help: "The time for the now marker, HH:MM (default the clock).")
    var now: String?

    func validate() throws {
        if let date, DateInput.parse(date, today: Day(year: 2000, month: 1, day: 1)!) == nil {
            throw ValidationError("DATE must be \(DateInput.help); found \"\(date)\"")
        }
        if let now, Timeline.minutes(now) == nil { throw ValidationError("--now must be a time like 14:30, found \"\(now)\"") }
    }

    static func minutes(_ text: String) -> Int? {
        DateValue(text: "2000-01-01T" + text)?.minutes
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let focus = date.flatMap { DateInput.parse($0, today: ws.today, weekStart: ws.snapshot.settings.weekStart)?.day } ?? ws.today
            let nowMinutes = now.flatMap(Timeline.minutes) ?? ws.moment.minutes
            let days: [Day]
            if week {
                let start = Placement.weekStart(of: focus, weekStart: ws.snapshot.settings.weekStart)
                days = (0..<7).map { start.adding(days: $0) }
            } else {
                days = [focus]
            }
            let views = days.map { TimelineView.make(ws.snapshot, date: $0) }
            if options.json {
                if !week { return TimelineRender.json(views[0], now: views[0].date == ws.today ? nowMinutes : nil, numbers: ws.numbers).print() }
                return JSON.object([
                    ("from", .string(days[0].iso)), ("to", .string(days[6].iso)),
                    ("days", .array(views.map { TimelineRender.json($0, now: $0.date == ws.today ? nowMinutes : nil, numbers: ws.numbers) })),
                ]).print()
            }
            let t = Terminal.current
            var out: [String] = []
            for view in views {
                out += TimelineRender.lines(view, now: view.date == ws.today ? nowMinutes : nil, compact: week, t, numbers: ws.numbers)
            }
            if let problems = views.first?.problems, !problems.isEmpty {
                out += ["", "  " + t.yellow("Not on the timeline (their start cannot be read):")]
                out += problems.map { "    " + $0.headline }
            }
            out.append("")
            printLines(out)
        }
    }
}

enum TimelineRender {
    static func json(_ view: TimelineView, now: Int?, numbers: ShortNumbers? = nil) -> JSON {
        .object([
            ("date", .string(view.date.iso)),
            ("now", now.map { .string(TimelineView.clock($0)) } ?? .null),
            ("items", .array(view.items.map { item in
                .object((numbers.map { [("number", $0.number(for: item.card).map(JSON.int) ?? .null)] } ?? []) + [
                    ("slug", .string(item.card.slug)), ("title", .string(item.card.title)),
                    ("start", .string(TimelineView.clock(item.start))), ("end", .string(TimelineView.clock(item.end))),
                    ("duration_minutes", .int(item.durationMinutes)), ("overlaps", .array(item.overlaps.map(JSON.string))),
                    ("done", .bool(item.done)), ("problem", .str(item.durationProblem)),
                ])
            })),
            ("gaps", .array(view.gaps.map { g in
                .object([("start", .string(TimelineView.clock(g.start))), ("end", .string(TimelineView.clock(g.end))),
                         ("minutes", .int(g.minutes))])
            })),
            ("problems", .array(view.problems.map { .string($0.headline) })),
        ])
    }

    static func lines(_ view: TimelineView, now: Int?, compact: Bool, _ t: Terminal, numbers: ShortNumbers? = nil) -> [String] {
        var out = ["", "  " + t.bold(Words.longDate(view.date))]
        if view.items.isEmpty {
            out.append("  " + (compact ? t.dim("nothing scheduled") : "Nothing scheduled. The day is yours."))
            return out
        }
        let width = max(80, t.width)
        let titleWidth = min(40, width - 36)
        var nowShown = now == nil
        var reach = view.items[0].start
        func nowLine(_ m: Int) -> String { "  " + t.cyan("── now \(TimelineView.clock(m)) " + String(repeating: "─", count: 20)) }
        for item in view.items {
            if !compact, item.start > reach { out.append("  " + t.dim("             free \(TimelineView.length(item.start - reach))")) }
            if !nowShown, let now, now < item.start {
                out.append(nowLine(now))
                nowShown = true
            }
            let time = TimelineView.clock(item.start) + "–" + TimelineView.clock(item.end)
            let icon = item.card.icon.map { $0 + " " } ?? ""
            let number = item.done ? "" : numbers?.number(for: item.card).map { "\($0) " } ?? ""
            var text = "  " + time + "  " + t.category(item.card.category, "●") + " " + t.dim(number)
            let title = fit((item.done && !t.color ? "✓ " : "") + icon + item.card.title, titleWidth)
            text += (item.done ? t.strike(title) : title) + "  " + t.dim(fit(TimelineView.length(item.durationMinutes), 6))
            if !item.overlaps.isEmpty { text += t.yellow("⚠ overlaps " + item.overlaps.joined(separator: ", ")) }
            out.append(text)
            if let problem = item.durationProblem { out.append("               " + t.yellow(problem)) }
            reach = max(reach, item.end)
        }
        if !nowShown, let now { out.append(nowLine(now)) }
        return out
    }
}
