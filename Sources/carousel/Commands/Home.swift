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
                    ("today", TodayRender.json(view.today, numbers: ws.numbers)),
                    ("carousel", SuggestRender.json(view.carousel, mode: mode, today: ws.today, numbers: ws.numbers)),
                    ("counts", .object([
                        ("overdue", .int(view.overdue)), ("due_today", .int(view.dueToday)),
                        ("someday", .int(view.someday)), ("in_carousel", .int(view.carouselTotal)),
                        ("upcoming_events", .int(view.upcomingEvents)), ("problems", .int(view.problems)),
                        ("this_week", .int(view.board.items(.thisWeek).count)),
                        ("upcoming", .int(view.board.items(.upcoming).count)),
                        ("scheduled_today", .int(view.scheduledToday)),
                        ("next_event", view.countdown.next.map { e in
                            .object([("slug", .string(e.card.slug)), ("title", .string(e.card.title)),
                                     ("emoji", .str(e.card.emoji)), ("days_until", .int(e.daysUntil))])
                        } ?? .null),
                    ])),
                ]).print()
                return
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold(Words.longDate(ws.today)), "", "  " + t.bold("TODAY")]
            out += TodayRender.lines(view.today, t, numbers: ws.numbers)
            out += ["", "  " + t.bold("THE CAROUSEL") + t.dim("  ·  `carousel pull <number>` takes one into today")]
            out += SuggestRender.lines(view.carousel, mode: mode, today: ws.today, t, numbers: ws.numbers)
            if view.carouselTotal > view.carousel.count {
                out.append(t.dim("  … and \(view.carouselTotal - view.carousel.count) more: `carousel suggest --limit 0`"))
            }
            let habitsDue = HabitLoader.load(vault: ws.vault).habits.filter { h in
                h.isScheduled(on: ws.today) && !HabitStats.targetMet(h, on: ws.today) && !(h.log[ws.today]?.isSkip ?? false)
            }.count
            out += HomeLines.views(view, settings: ws.snapshot.settings, today: ws.today, habitsDue: habitsDue, t)
            out.append("")
            print(out.joined(separator: "\n"))
        }
    }
}
