import Foundation

/// The sentences of the actions that make or sort cards and notes: `add`, `welcome` and the
/// check-in's note. Written once here, as in Said.swift, for the terminal and the page alike.
extension Said {
    /// `add`: the card, where its file is, its spoons and when it is due.
    public static func added(_ card: Card, today: Day) -> Said {
        Said([.text("Added "), .title(card.title), .text(" (\(card.path)) · " + Words.spoons(card.spoons) + " · "
            + Words.cardDue(card, today: today))])
    }

    /// The first line of `welcome someday|spread|pick`. With `listing`, the terminal lists the
    /// cards after it, so a sentence about them ends in a colon.
    public static func welcomed(_ outcome: WelcomeOutcome, way: String, listing: Bool = false) -> Said {
        guard outcome.message != nil else {
            if outcome.left.isEmpty { return Said([.text("Nothing is overdue, so there is nothing to sort out. Welcome back all the same.")]) }
            return Said([.text(way == "pick" ? "Today's spoons are all planned, so nothing was pulled. The overdue cards can wait."
                                : "No day in the coming weeks has room for these within the budget; nothing changed.")])
        }
        let cards = Words.plural(outcome.changed.count, "card")
        let end = listing ? ":" : "."
        switch way {
        case "someday": return Said([.text("Let \(cards) go to someday. They're in the carousel whenever you want them.")])
        case "spread": return Said([.text("Spread \(cards) over the coming days, within each day's spoons" + end)])
        default: return Said([.text("Pulled \(cards) into today. One thing at a time" + end)])
        }
    }

    /// Welcome back put away for today, nothing changed.
    public static let welcomeLater = Said([.text("Welcome back. The carousel is here whenever you are.")])

    /// The check-in's note for today saved (`checkin --note`, the page's note).
    public static func noteSaved(today: Day) -> Said {
        Said([.text("Saved your note for today in \(JournalDay.path(for: today)).")])
    }
}
