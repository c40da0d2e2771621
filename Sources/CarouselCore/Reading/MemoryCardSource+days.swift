/// The cards of a day or a range of days, from memory.
extension MemoryCardSource {
    func cards(pulledOn day: Day) -> [Card] {
        cards.filter { $0.isPulled(on: day) }
    }

    func cards(placedFrom from: Day, through to: Day) -> [Card] {
        guard from.year >= 1000, to.year <= 9998 else { return cards }
        // An event that lasts days (`duration:`) and began up to a year before still covers the range.
        let spanFrom = from.adding(days: -366)
        return cards.filter { c in
            if c.repeatRule != nil { return true }
            if let d = c.due?.day, d >= from, d <= to { return true }
            if let s = c.start?.day, s >= from, s <= to { return true }
            if c.kind == .event, c.duration != nil, let d = c.due?.day, d >= spanFrom, d <= to { return true }
            return false
        }
    }

    func cards(timedFrom from: Day, through to: Day) -> [Card] {
        cards(placedFrom: from, through: to).filter(\.canBeFixed)
    }

    func cards(ofKind kind: CardKind) -> [Card] {
        cards.filter { $0.kind == kind }
    }
}
