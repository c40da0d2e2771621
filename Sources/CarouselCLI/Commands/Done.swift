import ArgumentParser
import CarouselCore

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark cards done (a repeating card: today's occurrence).",
        discussion: "`carousel done 3 5 call-mum` finishes three cards in one commit; `carousel done +errands due.before:today` finishes what matches (asks first when more than 3 do).")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var bulk: BulkOptions

    @Argument(parsing: .allUnrecognized, help: refsHelp, completion: .custom(completeRefs))
    var refs: [String] = []

    @Option(help: "Complete this occurrence of one repeating card instead of today's (ahead of its day, or one that was missed): \(DateInput.help).")
    var instance: String?

    func validate() throws {
        try validateTerms(refs, required: true, options: ["--yes", "--instance"])
        if instance != nil, refs.count != 1 { throw ValidationError("--instance names an occurrence of one card; give one card") }
    }

    func run() throws {
        try reporting {
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            if let instance {
                let (card, day, next) = try ws.done(refs[0], instance: instance)
                if options.json { return CardJSON.full(try ws.open(card), today: ws.today).printJSON() }
                return print(Terminal.current.line(Said.done(card.title, instance: day, next: next)))
            }
            let selection = try ws.select(refs, openOnly: true)
            if selection.cards.isEmpty { return print(BulkOptions.noMatch) }
            guard try bulk.confirm(selection.cards, verb: "mark them done", ws: ws) else { return }
            let outcomes = try ws.done(selection.cards)
            if options.json {
                let cards = try outcomes.map { (o: DoneOutcome) throws(CarouselError) -> CardJSON.Document in CardJSON.full(try ws.open(o.card), today: ws.today) }
                return selection.single ? cards[0].printJSON() : CardJSON.Documents(cards: cards).printJSON()
            }
            let t = Terminal.current
            for outcome in outcomes { print(t.line(Said.done(outcome, today: ws.today))) }
        }
    }
}

extension DoneOutcome {
    var card: Card {
        switch self {
        case let .finished(c), let .occurrence(c, _), let .alreadyDone(c): return c
        }
    }
}
