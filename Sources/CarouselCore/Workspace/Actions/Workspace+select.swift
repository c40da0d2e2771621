/// The cards a bulk command (`done`, `rm`, `set`, `pull`) acts on.
public struct Selection: Sendable {
    public var cards: [Card]
    /// True when exactly one REF and no filter term was given: the command answers about that card.
    public var single: Bool
}

extension Workspace {
    /// Reads REFs and filter terms (`3 5 call-mum`, `+home due.before:eow`). REFs must all
    /// resolve; filter terms narrow them, or, with no REF, choose among all cards. With no REF and
    /// no `status:`, `openOnly` keeps open cards (what `done` and `pull` can act on).
    public func select(_ words: [String], openOnly: Bool) throws(CarouselError) -> Selection {
        let terms = try FilterTerms.parse(words, dates: dateWords)
        guard !terms.words.isEmpty || terms.hasTerms else {
            throw .usage("say which card: its number, its slug, or a filter such as +home or due.before:eow")
        }
        var filter = terms.filter
        var cards: [Card]
        var single = terms.words.count == 1
        if terms.words.isEmpty {
            if openOnly && !terms.hasStatus { filter.status = .open }
            cards = try self.cards(filter)
        } else {
            let named = try refs(terms.words)
            cards = named.cards
            if named.byTitle { single = true }
            if terms.hasTerms { cards = cards.filter { filter.matches($0, today: today) } }
            if let most = filter.most { cards = Array(cards.prefix(most)) }
        }
        return Selection(cards: cards, single: single && !terms.hasTerms)
    }

    /// The cards `words` name, each a REF (`done 3 5 call-mum`). When one of them names no card
    /// or several, and the words together are one card's title (`done water the plants`,
    /// typed without quotes), that card.
    func refs(_ words: [String]) throws(CarouselError) -> (cards: [Card], byTitle: Bool) {
        var cards: [Card] = []
        do throws(CarouselError) {
            for word in words {
                let card = try resolve(word)
                if !cards.contains(where: { $0.path == card.path }) { cards.append(card) }
            }
        } catch {
            switch error {
            case .unknownCard, .ambiguousCard:
                guard words.count > 1, let titled = try? resolve(words.joined(separator: " ")) else { throw error }
                return ([titled], true)
            default: throw error
            }
        }
        return (cards, false)
    }

    /// "Call Mum", "Call Mum and Pack bag", "Call Mum, Pack bag and Book dentist", "5 cards (Call Mum, Pack bag, …)".
    static func titles(_ cards: [Card]) -> String {
        let names = cards.map(\.title)
        switch names.count {
        case 0: return "nothing"
        case 1: return names[0]
        case 2, 3: return names.dropLast().joined(separator: ", ") + " and " + names.last!
        default: return "\(names.count) cards (" + names.prefix(3).joined(separator: ", ") + ", …)"
        }
    }
}
