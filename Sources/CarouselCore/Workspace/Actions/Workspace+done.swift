/// What `done` did, so the view can say it plainly.
public enum DoneOutcome: Sendable {
    /// A one-off card is finished.
    case finished(Card)
    /// A repeating card's occurrence is recorded; `next` is its new due date (nil when the rule has ended).
    case occurrence(Card, next: Day?)
    /// It was already done; nothing was written.
    case alreadyDone(Card)
}

extension Workspace {
    /// Marks a card done and commits "done: <title>". A repeating card records today's date in
    /// `completed` and moves `due` to its next occurrence, never copying the card.
    public func done(_ ref: String) throws(CarouselError) -> DoneOutcome {
        try done([try resolve(ref)])[0]
    }

    /// Marks several cards done in one commit ("done: A, B and C"). Cards already done are
    /// reported as such and not written.
    public func done(_ cards: [Card]) throws(CarouselError) -> [DoneOutcome] {
        var outcomes: [DoneOutcome] = []
        var writes: [FileWrite] = []
        var changed: [Card] = []
        var pulled = false
        for card in cards {
            if Occurrence.isDone(card, today: today) {
                outcomes.append(.alreadyDone(card))
                continue
            }
            var file = try open(card)
            file.ensureID(moment.makeID)
            var next: Day?
            if let text = card.repeatRule, let rule = try? RecurrenceRule.parse(text) {
                file.set("completed", list: (Set(card.completed).union([today])).sorted().map(\.iso))
                let anchor = card.due?.day ?? card.start?.day ?? card.created?.day ?? today
                let after = max(today, card.due?.day ?? today)
                next = rule.afterCompletion ? rule.nextDue(anchor: anchor, after: today) : rule.nextDue(anchor: anchor, after: after)
                if let next {
                    let time = card.due?.timeText.map { "T" + $0 } ?? ""
                    file.set("due", string: next.iso + time)
                } else {
                    file.set("done", string: moment.stamp.description)
                }
            } else {
                file.set("done", string: moment.stamp.description)
            }
            writes.append(FileWrite(path: file.path, text: file.text))
            changed.append(file.card)
            pulled = pulled || card.isPulled(on: today)
            outcomes.append(card.isRepeating ? .occurrence(file.card, next: next) : .finished(file.card))
        }
        guard !writes.isEmpty else { return outcomes }
        if pulled { writes.append(try journalWrite(changed: changed)) }
        try commit(writes, message: "done: \(Workspace.titles(changed))")
        return outcomes
    }

    /// Takes a completion back and commits "undone: <title>". Returns nil when it was not done.
    public func undone(_ ref: String) throws(CarouselError) -> Card? {
        let card = try resolve(ref)
        var file = try open(card)
        if card.isRepeating {
            guard card.completed.contains(today) || card.done != nil else { return nil }
            let rest = card.completed.filter { $0 != today }
            if rest.isEmpty { file.remove("completed") } else { file.set("completed", list: rest.map(\.iso)) }
            if card.completed.contains(today) {
                let time = card.due?.timeText.map { "T" + $0 } ?? ""
                file.set("due", string: today.iso + time)
            }
            if card.done != nil { file.remove("done") }
        } else {
            guard card.done != nil else { return nil }
            file.remove("done")
        }
        file.ensureID(moment.makeID)
        var writes = [FileWrite(path: file.path, text: file.text)]
        if card.isPulled(on: today) { writes.append(try journalWrite(changed: [file.card])) }
        try commit(writes, message: "undone: \(card.title)")
        return file.card
    }
}
