import CarouselCore
import Foundation

extension Add {
    /// `carousel add -`: one card per line of standard input, each read as quick capture (a
    /// line like `Call Mum tomorrow #family`), flags applying to every card; one commit.
    func addLines() throws {
        try reporting {
            let input = String(decoding: CommandLineRun.current.readAll(), as: UTF8.self)
            // Each line with its number in the input, for an error that says which.
            let lines = TextLines.split(input).map { $0.trimmingCharacters(in: .whitespaces) }.enumerated()
                .filter { !$0.element.isEmpty }.map { (number: $0.offset + 1, text: $0.element) }
            let ws = try options.workspace(writing: true)
            printNotices(ws)
            var batch: [NewCard] = []
            for (number, line) in lines {
                let capture = literal ? QuickCapture(title: line) : QuickCapture.parse(line, today: ws.today, weekStart: ws.settings.weekStart, dayFirst: ws.settings.dayFirst, words: due == nil,
                                                                                                 now: options.captureMinutes)
                if let problem = capture.problems.first {
                    throw CarouselError.invalidValue(field: "add", message: "line \(number) of the input (\"\(line)\"): " + problem + "; use --literal to keep the lines as typed")
                }
                var new = withFlags(capture.newCard(today: ws.today))
                if capture.title.trimmingCharacters(in: .whitespaces).isEmpty {
                    new.title = line
                    new.emoji = emoji ?? Icons.pick(for: line)
                }
                batch.append(new)
            }
            let cards = try ws.add(batch)
            if options.json {
                return AddedJSON(added: cards.map { CardJSON.summary($0, today: ws.today, numbers: ws.numbers, vaultZone: ws.settings.vaultZone) }).printJSON()
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
