extension Workspace {
    /// Completes one named occurrence of a repeating card, ahead of its day or after it was
    /// missed, and commits "done: TITLE for DATE": the day goes into `completed` (TaskNotes'
    /// `complete_instances` names occurrences so), and `due` becomes the open occurrence again.
    /// After-done rules have no named occurrences.
    public func done(_ ref: String, instance input: String) throws(CarouselError) -> (card: Card, day: Day, next: Day?) {
        let card = try resolve(ref)
        guard let day = DateInput.parse(input, today: today, settings: settings)?.day else {
            throw .invalidValue(field: "--instance", message: DateInput.refusal(input))
        }
        guard let series = Series(card, today: today), !series.rule.afterCompletion else {
            throw .usage("\(card.title) has no dated occurrences (\(card.isRepeating ? "it repeats after each done" : "it does not repeat")), so --instance has nothing to name; `carousel done \(card.slug)` finishes it")
        }
        guard !series.taken.contains(day) else {
            throw .usage("\(card.title) already has \(day.iso) completed or skipped; nothing changed")
        }
        guard series.occurrences(from: day, limit: 1).first == day else {
            let coming = series.occurrences(from: today, limit: 8).filter { !series.taken.contains($0) }.prefix(3).map(\.iso).joined(separator: ", ")
            throw .usage("\(day.iso) is not an occurrence of \(card.title); the next ones are \(coming)")
        }
        var file = try open(card)
        file.ensureID(moment.makeID)
        if series.needsStoredStart { file.set("series_start", string: series.start.iso) }
        file.set("completed", list: Set(card.completed).union([day]).sorted().map(\.iso))
        let next = Series(file.card, today: today)?.pending(today: today)
        if let next {
            if card.due?.day != next { file.set("due", string: next.iso + (card.due?.timeText.map { "T" + $0 } ?? "")) }
        } else {
            file.set("done", string: moment.stamp.description)
        }
        try commit([FileWrite(path: file.path, text: file.text)], message: "done: \(card.title) for \(day.iso)")
        return (file.card, day, next)
    }
}
