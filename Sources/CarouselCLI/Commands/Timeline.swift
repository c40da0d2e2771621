import ArgumentParser
import CarouselCore

struct Timeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
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
            throw ValidationError("DATE: " + DateInput.refusal(date))
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
            let focus = date.flatMap { DateInput.parse($0, today: ws.today, settings: ws.settings)?.day } ?? ws.today
            let nowMinutes = now.flatMap(Timeline.minutes) ?? ws.moment.minutes
            let days: [Day]
            if week {
                let start = Placement.weekStart(of: focus, weekStart: ws.settings.weekStart)
                days = (0..<7).map { start.adding(days: $0) }
            } else {
                days = [focus]
            }
            let shown = try ws.snapshot(timedFrom: days[0], to: days[days.count - 1])
            let views = days.map { TimelineView.make(shown, date: $0) }
            let numbers = ws.numbers(showing: views.flatMap { $0.items.map(\.card) })
            if options.json {
                if !week { return TimelineRender.json(views[0], now: views[0].date == ws.today ? nowMinutes : nil, numbers: numbers).printJSON() }
                return TimelineRender.Week(from: days[0].iso, to: days[6].iso,
                                           days: views.map { TimelineRender.json($0, now: $0.date == ws.today ? nowMinutes : nil, numbers: numbers) }).printJSON()
            }
            let t = Terminal.current
            var out: [String] = []
            for view in views {
                out += TimelineRender.lines(view, now: view.date == ws.today ? nowMinutes : nil, compact: week, t, numbers: numbers)
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
    struct Output: Encodable {
        let date: String
        @OrNull var now: String?
        let items: [Item]
        let gaps: [Gap]
        let problems: [String]
    }

    struct Item: Encodable {
        let number: ShortNumber?
        let slug, title, start, end: String
        let durationMinutes: Int
        let overlaps: [String]
        let done: Bool
        @OrNull var problem: String?
        enum CodingKeys: String, CodingKey {
            case number, slug, title, start, end, overlaps, done, problem, durationMinutes = "duration_minutes"
        }
    }

    struct Gap: Encodable {
        let start, end: String
        let minutes: Int
    }

    /// `timeline --week --json`.
    struct Week: Encodable {
        let from, to: String
        let days: [Output]
    }

    static func json(_ view: TimelineView, now: Int?, numbers: ShortNumbers? = nil) -> Output {
        Output(date: view.date.iso, now: now.map(TimelineView.clock), items: view.items.map { item in
            Item(number: ShortNumber.of(item.card, numbers), slug: item.card.slug, title: item.card.title,
                 start: TimelineView.clock(item.start), end: TimelineView.clock(item.end), durationMinutes: item.durationMinutes,
                 overlaps: item.overlaps, done: item.done, problem: item.durationProblem)
        }, gaps: view.gaps.map { Gap(start: TimelineView.clock($0.start), end: TimelineView.clock($0.end), minutes: $0.minutes) },
        problems: view.problems.map(\.headline))
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

extension Timeline: QuickCommand {
    static let quickSpec = QuickWords.Spec(options: ["--now"], flags: ["--week"], bare: 1)

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.date = words.bare.first
        c.week = words.has("--week")
        c.now = words.text("--now")
        self = c
    }
}
