import CarouselCore
import Foundation

extension Add {
    /// `carousel add -`: one card per line of standard input, each read as quick capture (a
    /// line like `Call Mum tomorrow #family`), flags applying to every card; one commit.
    func addLines() throws {
        try reporting {
            let input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            let lines = TextLines.split(input).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            var batch: [NewCard] = []
            for line in lines {
                let capture = literal ? QuickCapture(title: line) : QuickCapture.parse(line, today: ws.today, weekStart: ws.settings.weekStart, words: due == nil)
                var new = NewCard(title: capture.title.trimmingCharacters(in: .whitespaces).isEmpty ? line : capture.title)
                new.spoons = spoons ?? capture.spoons
                new.importance = importance ?? capture.importance
                new.due = due ?? capture.due?.iso
                if due == nil, let minutes = capture.time {
                    new.start = DateValue(day: capture.due ?? ws.today, minutes: minutes).description
                }
                new.tags = tags.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? capture.tags
                new.category = category ?? capture.category
                new.parent = parent
                new.kind = kind
                new.emoji = emoji ?? Icons.pick(for: new.title)
                new.repeatRule = repeatRule ?? capture.repeatRule
                batch.append(new)
            }
            let cards = try ws.add(batch)
            if options.json {
                return AddedJSON(added: cards.map { CardJSON.summary($0, today: ws.today, numbers: ws.numbers) }).printJSON()
            }
            for card in cards { print("  + " + card.title + Terminal.current.dim("  (\(card.slug)) · " + Words.cardDue(card, today: ws.today))) }
            print("Added " + Words.plural(cards.count, "card") + " in one commit.")
        }
    }
}

/// `add --lines --json`.
struct AddedJSON: Encodable {
    let added: [CardJSON.Summary]
}
