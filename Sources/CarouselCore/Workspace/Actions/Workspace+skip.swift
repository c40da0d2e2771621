import Foundation

extension Workspace {
    /// Skips today's occurrence of a repeating card: records today in `skipped`, moves `due` to
    /// the next occurrence, and commits "skip: <title>" (with the note, which only the history
    /// keeps: `skipped` is a plain list of dates). Returns the new due date (nil: that was the
    /// last one). A day that is not the open occurrence is refused and nothing is recorded.
    public func skip(card ref: String, note: String? = nil) throws(CarouselError) -> (card: Card, next: Day?) {
        let card = try resolve(ref)
        guard let series = Series(card, today: today) else {
            throw .usage("\(card.title) doesn't repeat, so there is no occurrence to skip; `carousel drop` or `carousel set \(card.slug) due=…` moves it")
        }
        // A zoned occurrence is skipped on its own day (`occurrenceDay`).
        let today = occurrenceDay(series)
        if card.isDone(on: today) { throw .usage("\(card.title) is already done or skipped today; nothing changed") }
        guard let openDay = series.pending(today: today) else {
            throw .usage("\(card.title) has finished (its last occurrence is behind it), so there is nothing to skip; nothing changed")
        }
        guard openDay == today else {
            throw .usage("\(card.title) has no occurrence today (\(today.iso)); the next one is \(openDay.iso). Nothing was recorded")
        }
        var file = try open(card)
        file.ensureID(moment.makeID)
        let next = recordOccurrence(series, in: &file, field: "skipped", on: today)
        var writes = [FileWrite(path: file.path, text: file.text)]
        if card.isPulled(on: self.today) { writes.append(try journalWrite(changed: [file.card])) }
        let why = note?.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ") ?? ""
        try commit(writes, message: "skip: \(card.title)" + (why.isEmpty ? "" : " — \(why)"))
        return (file.card, next)
    }
}
