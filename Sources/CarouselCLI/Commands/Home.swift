import ArgumentParser
import CarouselCore

struct Home: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: "Today, the spoon bar and the carousel strip (what bare `carousel` shows).")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Show the carousel's scores and the formula behind them.")
    var why = false

    @OptionGroup var clock: ClockOption

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: false)
            let vault = ws.vault
            let habits = Background { HabitLoader.load(vault: vault).habits }
            printDiagnostics(ws)
            let view = try ws.home()
            let mode = ws.settings.carousel
            let numbers = ws.numbers(showing: view.today.items.map(\.card) + view.carousel.map(\.card))
            let dayClock = try ws.clock(now: clock.minutes(options, ws.moment))
            let welcome = try LastOpened.awaySince(ws.vault, today: ws.today, consume: true).map {
                WelcomeBack.make(overdue: try ws.overduePile(), awaySince: $0, today: ws.today)
            }
            if options.json {
                HomeJSON(date: ws.today.iso, today: TodayRender.json(view.today, numbers: numbers, vaultZone: ws.settings.vaultZone),
                         carousel: SuggestRender.json(view.carousel, mode: mode, today: ws.today, numbers: numbers),
                         counts: HomeJSON.Counts(view), clock: ClockRender.json(dayClock),
                         welcomeBack: welcome.map(WelcomeRender.json)).printJSON()
                return
            }
            let t = Terminal.current
            var out = ["", "  " + t.bold(Words.longDate(ws.today))] + ClockRender.lines(dayClock, t)
            if let welcome { out += WelcomeRender.homeLines(welcome, t) }
            out += ["", "  " + t.bold("TODAY")]
            out += TodayRender.lines(view.today, t, numbers: numbers, clock: dayClock)
            out += ["", "  " + t.bold("THE CAROUSEL") + t.dim("  ·  `carousel pull <number>` takes one into today")]
            if why && mode == .smart { out.append(t.dim("  " + SuggestRender.formula)) }
            out += SuggestRender.lines(view.carousel, mode: mode, today: ws.today, t, numbers: numbers, explain: why)
            if view.carouselTotal > view.carousel.count {
                out.append(t.dim("  … and \(view.carouselTotal - view.carousel.count) more: `carousel suggest --limit 0`"))
            }
            let active = habits.value.filter { !$0.archived }
            let scheduled = active.filter { $0.isScheduled(on: ws.today) }
            let left = scheduled.filter { h in !HabitStats.targetMet(h, on: ws.today) && !(h.log[ws.today]?.isSkip ?? false) }
            let counts = HomeLines.HabitCounts(total: active.count, scheduled: scheduled.count, left: left.count)
            out += HomeLines.views(view, settings: ws.settings, today: ws.today, habits: counts, t)
            out.append("")
            print(out.joined(separator: "\n"))
        }
    }
}

/// `home --json`: the day, the Today list, the carousel's first five and the counts the lines show.
struct HomeJSON: Encodable {
    let date: String
    let today: TodayRender.Output
    let carousel: SuggestRender.Output
    let counts: Counts
    let clock: ClockRender.Output
    @OrNull var welcomeBack: WelcomeRender.HomeOutput?

    enum CodingKeys: String, CodingKey { case date, today, carousel, counts, clock, welcomeBack = "welcome_back" }

    struct Counts: Encodable {
        let overdue, dueToday, someday, inCarousel, upcomingEvents, problems, thisWeek, upcoming, scheduledToday: Int
        @OrNull var nextEvent: NextEvent?

        enum CodingKeys: String, CodingKey {
            case overdue, someday, problems, upcoming
            case dueToday = "due_today", inCarousel = "in_carousel", upcomingEvents = "upcoming_events"
            case thisWeek = "this_week", scheduledToday = "scheduled_today", nextEvent = "next_event"
        }

        init(_ view: HomeView) {
            overdue = view.overdue; dueToday = view.dueToday; someday = view.someday
            inCarousel = view.carouselTotal; upcomingEvents = view.upcomingEvents; problems = view.problems
            thisWeek = view.count(.thisWeek); upcoming = view.count(.upcoming)
            scheduledToday = view.scheduledToday
            nextEvent = view.countdown.next.map { NextEvent(slug: $0.card.slug, title: $0.card.title, emoji: $0.card.emoji, daysUntil: $0.daysUntil) }
        }
    }

    struct NextEvent: Encodable {
        let slug: String
        let title: String
        @OrNull var emoji: String?
        let daysUntil: Int
        enum CodingKeys: String, CodingKey { case slug, title, emoji, daysUntil = "days_until" }
    }
}

extension Home: QuickCommand {
    static let quickSpec = QuickWords.Spec(flags: ["--why"]).adding(ClockOption.quickSpec)

    init(quick words: QuickWords) throws {
        var c = Self()
        c.options = try GlobalOptions(quick: words)
        c.why = words.has("--why")
        c.clock = try ClockOption(quick: words)
        self = c
    }
}
