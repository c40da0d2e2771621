import ArgumentParser
import CarouselCore

struct Home: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: "Today, the spoon bar and the carousel strip (what bare `carousel` shows).")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            printDiagnostics(ws)
            let view = HomeView.make(ws.snapshot, today: ws.today)
            let mode = ws.snapshot.settings.carousel
            if options.json {
                JSON.object([
                    ("date", .string(ws.today.iso)),
                    ("today", TodayRender.json(view.today)),
                    ("carousel", SuggestRender.json(view.carousel, mode: mode, today: ws.today)),
                    ("counts", .object([
                        ("overdue", .int(view.overdue)), ("due_today", .int(view.dueToday)),
                        ("someday", .int(view.someday)), ("in_carousel", .int(view.carouselTotal)),
                        ("upcoming_events", .int(view.upcomingEvents)), ("problems", .int(view.problems)),
                    ])),
                ]).print()
                return
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold(Words.longDate(ws.today)), "", "  " + t.bold("TODAY")]
            out += TodayRender.lines(view.today, t)
            out += ["", "  " + t.bold("THE CAROUSEL") + t.dim("  ·  `carousel pull <name>` takes one into today")]
            out += SuggestRender.lines(view.carousel, mode: mode, today: ws.today, t).map { line in line }
            if view.carouselTotal > view.carousel.count {
                out.append(t.dim("  … and \(view.carouselTotal - view.carousel.count) more: `carousel suggest --limit 0`"))
            }
            var elsewhere: [String] = []
            if view.overdue > 0 { elsewhere.append("\(view.overdue) overdue on the board") }
            if view.dueToday > 0 { elsewhere.append("\(view.dueToday) due today, not pulled yet") }
            let habitsDue = HabitLoader.load(vault: ws.vault).habits.filter { h in
                h.isScheduled(on: ws.today) && !HabitStats.targetMet(h, on: ws.today) && !(h.log[ws.today]?.isSkip ?? false)
            }.count
            if habitsDue > 0 { elsewhere.append(Words.plural(habitsDue, "habit") + " due today") }
            if view.upcomingEvents > 0 { elsewhere.append(Words.plural(view.upcomingEvents, "countdown") + " coming up") }
            if view.someday > 0 { elsewhere.append("\(view.someday) someday") }
            if view.problems > 0 { elsewhere.append(t.yellow(Words.plural(view.problems, "file") + " need a look (see above)")) }
            if !elsewhere.isEmpty { out += ["", "  " + t.dim(elsewhere.joined(separator: " · "))] }
            out.append("")
            print(out.joined(separator: "\n"))
        }
    }
}
