import CarouselCore
import Foundation

/// Quick capture on the page: the same reading as `carousel add`, and on Today (`where=today`)
/// the card is put in Today's list in the same commit. The answer says what was understood (the
/// time too, with no file name), and a title that is already an open card's, but for case, spaces
/// and punctuation, is asked about first (`anyway=1` adds it all the same).
extension ActionsController {
    func add(_ form: Form) throws -> String {
        let text = try need(form, "text")
        let intoToday = form["where"] == "today", anyway = form["anyway"] == "1"
        let open = anyway ? [] : (try? shared.store.state().snapshot.cards) ?? []
        return try shared.store.change { ws in
            // The same reading as `carousel add`, from the same time of day.
            let store = shared.store
            let now = store.pinnedNow?.minutes ?? (store.pinnedDay == nil ? store.moment.minutes : nil)
            let capture = QuickCapture.parse(text, today: ws.today, weekStart: ws.settings.weekStart, dayFirst: ws.settings.dayFirst, words: true,
                                             now: now)
            guard !capture.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ActionError(status: .badRequest, message: "\"\(text)\" leaves no title once dates and markers are read")
            }
            if let problem = capture.problems.first {
                throw ActionError(status: .badRequest, message: problem)
            }
            var new = capture.newCard(today: ws.today)
            if intoToday { new.today = ws.today }
            let key = Self.sameTitle(new.title)
            if let twin = open.first(where: { !$0.isDone(on: ws.today) && Self.sameTitle($0.title) == key }) {
                throw ActionError(status: .conflict, message: "“\(twin.title)” is open already. Add “\(new.title)” as well?", ask: "anyway")
            }
            let card = try ws.add(new)
            let said = Self.added(card, today: ws.today)
            return capture.understoodLine(card: card, typed: text).map { $0 + "\n" + said } ?? said
        }
    }

    /// "Added “Buy milk” to Today · 1 spoon · due tomorrow at 17:00".
    static func added(_ card: Card, today: Day) -> String {
        // A time typed with the date is the card's start ("tomorrow 17:00": due the 24th, starts at 17:00).
        let time = (card.due?.minutes ?? card.start?.minutes).map { String(format: " at %02d:%02d", $0 / 60, $0 % 60) } ?? ""
        let due = Words.cardDue(card, today: today)
        return "Added “\(card.title)”" + (card.isPulled(on: today) ? " to Today" : "") + " · " + Words.spoons(card.spoons)
            + " · " + due + (due.hasPrefix("due ") ? time : "")
    }

    /// A title as a person would read it: no case, and letters and digits only, one space between words.
    static func sameTitle(_ title: String) -> String {
        title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: " ")
    }
}
