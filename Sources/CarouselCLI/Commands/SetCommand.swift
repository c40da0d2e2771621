import ArgumentParser
import CarouselCore

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change fields of cards: carousel set REF spoons=2 tags=home,plants due=friday (empty clears).",
        discussion: "Words with `=` are changes; the others choose the cards: `carousel set 3 5 due=eow`, `carousel set +garden category=home` (asks first when more than 3 match).")

    @OptionGroup var options: GlobalOptions
    @OptionGroup var bulk: BulkOptions

    @Argument(parsing: .allUnrecognized,
              help: "Cards (numbers, slugs, filters) and FIELD=VALUE pairs. Lists are comma-separated; an empty value clears the field.",
              completion: .custom(completeRefs))
    var words: [String] = []

    func validate() throws { try validateTerms(words, required: true) }

    func run() throws {
        try reporting {
            let isAssignment = { (w: String) in w.contains("=") && !FilterTerms.isTerm(w) }
            let parsed = try words.filter(isAssignment).map { (a: String) throws(CarouselError) -> FieldAssignment in try FieldAssignment.parse(a) }
            let refs = words.filter { !isAssignment($0) }
            if let first = words.firstIndex(where: isAssignment), let stray = words[first...].first(where: { !isAssignment($0) && !FilterTerms.isTerm($0) }) {
                throw CarouselError.usage("expected FIELD=VALUE after the first change, found \"\(stray)\"; put the cards first and quote values with spaces: title=\"Call Mum\"")
            }
            if parsed.isEmpty {
                // `set 4 due:fri`, as `task 4 modify due:fri` is typed: that word is a filter here.
                // Only for a key that is also a field (`due:fri`, not `due.before:fri` or `status:done`).
                if let term = refs.first(where: { FilterTerms.isTerm($0) && !$0.hasSuffix(":")
                    && FieldAssignment.knownFields.contains($0.prefix { $0 != ":" }.lowercased()) }) {
                    let (key, value) = (term.prefix { $0 != ":" }, term.drop { $0 != ":" }.dropFirst())
                    throw CarouselError.usage("say what to change with FIELD=VALUE: `\(term)` is a filter that chooses cards; "
                        + "did you mean \(key)=\(value)? For example: carousel set \(refs.first { $0 != term } ?? "3") \(key)=\(value)")
                }
                throw CarouselError.usage("say what to change, for example: carousel set \(refs.first ?? "3") spoons=2")
            }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            let selection = try ws.select(refs, openOnly: false)
            if selection.cards.isEmpty { return print(BulkOptions.noMatch) }
            guard try bulk.confirm(selection.cards, verb: "change them", ws: ws) else { return }
            let cards = try ws.set(selection.cards, parsed)
            if options.json {
                let out = try cards.map { (c: Card) throws(CarouselError) -> CardJSON.Document in CardJSON.full(try ws.open(c), today: ws.today) }
                return selection.single ? out[0].printJSON() : CardJSON.Documents(cards: out).printJSON()
            }
            print(Terminal.current.line(Said.updated(cards, parsed, before: selection.cards.count == 1 ? selection.cards[0] : nil)))
        }
    }
}
