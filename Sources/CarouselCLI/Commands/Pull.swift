import ArgumentParser
import CarouselCore

struct Pull: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Pull cards from the carousel into today.",
        discussion: "`carousel pull 3 5` or `carousel pull +errands due:today` (asks first when more than 3 match).")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var bulk: BulkOptions

    @Argument(parsing: .allUnrecognized, help: refsHelp, completion: .custom(completeRefs))
    var refs: [String] = []

    func validate() throws { try validateTerms(refs, required: true) }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            var selection = try ws.select(refs, openOnly: true)
            if selection.cards.isEmpty { return print(BulkOptions.noMatch) }
            if !selection.single {
                let already = selection.cards.filter { $0.isPulled(on: ws.today) }
                selection.cards.removeAll { $0.isPulled(on: ws.today) }
                if selection.cards.isEmpty {
                    return print("Already in today: " + already.map(\.title).joined(separator: ", ") + ". Nothing changed.")
                }
            }
            guard try bulk.confirm(selection.cards, verb: "pull them into today", ws: ws) else { return }
            let pulled = try ws.pull(selection.cards)
            let view = TodayView.make(try ws.todaySnapshot(), today: ws.today)
            if options.json { return TodayRender.json(view, numbers: ws.numbers, vaultZone: ws.settings.vaultZone).printJSON() }
            let t = Terminal.current
            if pulled.isEmpty {
                print(t.line(Said.alreadyInToday(selection.cards.map(\.title))))
            } else {
                print(t.line(Said.pulled(pulled.map(\.title))))
            }
            print("  " + TodayRender.spoonBar(view, t))
            if view.overloaded { print("  " + t.yellow(TodayRender.overloaded)) }
        }
    }
}
