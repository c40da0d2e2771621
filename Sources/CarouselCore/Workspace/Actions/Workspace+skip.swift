import Foundation

extension Workspace {
    /// Skips today's occurrence of a repeating card: records today in `skipped`, moves `due` to
    /// the next occurrence, and commits "skip: <title>" (with the note, which only the history
    /// keeps: `skipped` is a plain list of dates). Returns the new due date.
    public func skip(card ref: String, note: String? = nil) throws(CarouselError) -> (card: Card, next: Day?) {
        let card = try resolve(ref)
        guard let text = card.repeatRule, let rule = try? RecurrenceRule.parse(text) else {
            throw .usage("\(card.title) doesn't repeat, so there is no occurrence to skip; `carousel drop` or `carousel set \(card.slug) due=…` moves it")
        }
        if card.isDone(on: today) { throw .usage("\(card.title) is already done or skipped today; nothing changed") }
        var file = try open(card)
        file.ensureID(moment.makeID)
        file.set("skipped", list: Set(card.skipped).union([today]).sorted().map(\.iso))
        let anchor = card.due?.day ?? card.start?.day ?? card.created?.day ?? today
        let next = rule.afterCompletion ? rule.nextDue(anchor: anchor, after: today)
            : rule.nextDue(anchor: anchor, after: max(today, card.due?.day ?? today))
        if let next {
            file.set("due", string: next.iso + (card.due?.timeText.map { "T" + $0 } ?? ""))
        } else {
            file.set("done", string: moment.stamp.description)
        }
        var writes = [FileWrite(path: file.path, text: file.text)]
        if card.isPulled(on: today) { writes.append(try journalWrite(changed: [file.card])) }
        let why = note?.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: " ") ?? ""
        try commit(writes, message: "skip: \(card.title)" + (why.isEmpty ? "" : " — \(why)"))
        return (file.card, next)
    }
}
