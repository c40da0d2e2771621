/// What `pick` says, in one place for the terminal and the page.
extension PickView {
    /// "6 spoons and 30 minutes", "1 spoon".
    public var room: String {
        Words.plural(spoonsLeft, "spoon") + (minutes.map { m in
            " and " + (before.map { "the " + Words.plural(m, "minute") + " before " + $0 } ?? Words.plural(m, "minute"))
        } ?? "")
    }

    /// One line saying why this card: its place among those that fit, and the carousel's reason.
    public func why(mode: Settings.Mode) -> String? {
        guard let choice, let place else { return nil }
        let length = choiceMinutes.map { " · about " + Words.plural($0, "minute") } ?? ""
        return "it comes \(place == 1 ? "first" : PickView.ordinal(place)) in the carousel's order of the "
            + "\(Words.plural(fitting, "card")) that fit \(room): \(choice.reason(mode: mode, today: date))\(length)."
    }

    /// "2nd", "3rd", "11th", "22nd".
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// The kind sentence for when there is nothing to offer; nil when a card was picked.
    public var message: String? {
        switch outcome {
        case .picked: return nil
        case .empty:
            return "The carousel is empty, so there is nothing to pick. Add something with `carousel add \"…\"`, or enjoy the quiet."
        case .nothingFits:
            if spoonsLeft == 0 {
                return "Today's spoons are all planned. Resting counts too; the carousel will still be here tomorrow."
            }
            return "Nothing in the carousel fits \(room) right now, and that's fine: resting counts too."
        case .allOffered:
            return "That's all \(Words.plural(fitting, "card")) that fit \(room). `carousel pick` starts again from the top, or take a break."
        }
    }
}

extension Suggestion {
    /// Why the carousel ranks this card where it does, in a person's words: "importance 3 · due
    /// tomorrow" (smart), "due tomorrow" (linear).
    public func reason(mode: Settings.Mode, today: Day) -> String {
        let due = Words.due(self.due, today: today)
        if mode == .linear { return due }
        return "importance \(importance) · \(due)" + (pinned ? " · repeats, due" : "")
    }
}
