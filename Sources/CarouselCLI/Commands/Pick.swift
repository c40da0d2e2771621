import ArgumentParser
import CarouselCore

struct Pick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick one card for me: the carousel's best that fits the spoons and minutes left.",
        discussion: """
            Without --spoons, the spoons left today (the budget less what Today holds). A card fits
            --minutes when its `duration` is no longer (a card without one fits); without --minutes,
            the minutes until the next fixed thing today (an event or a card with a start time), if
            there is one. `--another` offers
            the next without repeating one today; `--take` pulls the card on offer into today.
            """)

    @OptionGroup var options: GlobalOptions
    @OptionGroup var clock: ClockOption

    @Option(help: "Spoons to spend (default: what is left of today's budget).")
    var spoons: Int?

    @Option(help: "Minutes there are; a card with a longer `duration` does not fit (default: the minutes until the next fixed thing today).")
    var minutes: Int?

    @Flag(help: "Offer the next card that fits, never one offered already today.")
    var another = false

    @Flag(help: "Pull the card on offer into today (one commit, as `pull` makes).")
    var take = false

    func validate() throws {
        if let spoons, spoons < 0 { throw ValidationError("--spoons must be 0 or more, found \(spoons)") }
        if let minutes, minutes < 1 { throw ValidationError("--minutes must be 1 or more, found \(minutes)") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: take)
            if options.json { printNotices(ws) } else { printDiagnostics(ws) }
            let mode = ws.settings.carousel
            let ranked = try ws.carousel(mode: mode, limit: 0).strip
            let left = try spoons ?? PickView.spoonsLeft(TodayView.make(ws.todaySnapshot(), today: ws.today))
            let next = minutes == nil ? try ws.clock(now: clock.minutes(options, ws.moment)).next : nil
            let view = PickView.make(ranked: ranked, date: ws.today, spoons: left, minutes: minutes, next: next,
                                     offered: PickRecord.offered(ws.vault, on: ws.today), another: another)
            // Best effort: a vault this account cannot write still gets its pick.
            try? PickRecord.save(view.offered, on: ws.today, ws.vault)
            var taken = false
            if take, let card = view.choice?.card { taken = !(try ws.pull([card])).isEmpty }
            let numbers = ws.numbers(showing: view.choice.map { [$0.card] } ?? [])
            if options.json { return PickRender.json(view, mode: mode, taken: taken, numbers: numbers, vaultZone: ws.settings.vaultZone).printJSON() }
            print(PickRender.lines(view, mode: mode, taken: taken, Terminal.current, numbers: numbers).joined(separator: "\n"))
        }
    }
}
