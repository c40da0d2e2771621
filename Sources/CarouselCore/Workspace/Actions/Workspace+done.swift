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
    /// `completed` and moves `due` to its next occurrence, never copying the card; after its
    /// last occurrence it gets its `done` stamp once (see `recordOccurrence`).
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
            // A zoned series counts the occurrence this device shows today by its own day.
            let day = Series(card, today: today).map(occurrenceDay) ?? today
            if Occurrence.isDone(card, today: day) {
                outcomes.append(.alreadyDone(card))
                continue
            }
            var file = try open(card)
            file.ensureID(moment.makeID)
            var next: Day?
            if let series = Series(card, today: today) {
                next = recordOccurrence(series, in: &file, field: "completed", on: day)
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

    /// Records `today` in `completed` or `skipped` and moves `due` to the next open occurrence.
    /// After the last one `due` stays on it and the card gets its `done` stamp. Writes
    /// `series_start` when it is not stored yet, so the rule's count never moves with `due`.
    /// Returns the new due day, nil when the series is over.
    /// `day` is the occurrence's own day (`occurrenceDay`), `today` unless the card is zoned.
    func recordOccurrence(_ series: Series, in file: inout CardFile, field: String, on day: Day? = nil) -> Day? {
        let today = day ?? self.today
        let card = series.card
        let list = field == "completed" ? card.completed : card.skipped
        if series.needsStoredStart { file.set("series_start", string: series.start.iso) }
        file.set(field, list: Set(list).union([today]).sorted().map(\.iso))
        let next = series.next(afterRecording: today)
        if let next {
            // A task TaskNotes wrote without a due date gets none (TaskNotes moves only the dates a
            // task has); its open occurrence is read from its lists.
            // An after-done rule counts from `due`, which it then needs.
            if card.due != nil || !file.speaksTaskNotes || series.rule.afterCompletion {
                file.set("due", string: next.iso + (card.due?.timeText.map { "T" + $0 } ?? ""))
            }
        } else {
            file.set("done", string: moment.stamp.description)
        }
        return next
    }

    /// Takes a completion back and commits "undone: <title>". Returns nil when it was not done.
    /// On a finished series it removes the `done` stamp and the last completed or skipped date,
    /// and reopens the last occurrence (due today when that day has passed, so it is not over
    /// again at once).
    public func undone(_ ref: String) throws(CarouselError) -> Card? {
        let card = try resolve(ref)
        var file = try open(card)
        if let series = Series(card, today: today) {
            let time = card.due?.timeText.map { "T" + $0 } ?? ""
            if series.isFinished(today: today) {
                let last = card.completed.contains(today) ? today : series.taken.max()
                if let last, card.completed.contains(last) {
                    let rest = card.completed.filter { $0 != last }
                    if rest.isEmpty { file.remove("completed") } else { file.set("completed", list: rest.map(\.iso)) }
                } else if let last {
                    let rest = card.skipped.filter { $0 != last }
                    if rest.isEmpty { file.remove("skipped") } else { file.set("skipped", list: rest.map(\.iso)) }
                }
                let reopened = max(card.due?.day ?? last ?? today, today)
                if card.due?.day != reopened { file.set("due", string: reopened.iso + time) }
                if card.done != nil { file.remove("done") }
            } else {
                guard card.completed.contains(today) else { return nil }
                let rest = card.completed.filter { $0 != today }
                if rest.isEmpty { file.remove("completed") } else { file.set("completed", list: rest.map(\.iso)) }
                file.set("due", string: today.iso + time)
            }
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
