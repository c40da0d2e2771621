/// The transition warning (`transition: 10m` in carousel.yaml): each fixed thing (an event with a
/// time, or a card with a start time) reminds that long before it, as though its file said
/// `remind: 10m`, with words that say what the reminder is for. A card that already reminds at
/// that offset reminds once (the two share one record key).
extension Reminders {
    /// `inputs` (the cards' own reminders) and a transition warning for each fixed card among
    /// `cards` that does not remind at that offset already; `inputs` alone without the setting.
    public static func withTransitions(_ inputs: [CardInput], cards: @autoclosure () throws -> [Card], minutes: Int?) rethrows -> [CardInput] {
        guard let minutes else { return inputs }
        let reminding = Set(inputs.filter { $0.specs.contains(.before(minutes: minutes)) }.map(\.card.key))
        return inputs + transitionInputs(try cards().filter { !reminding.contains($0.key) }, minutes: minutes)
    }

    public static func transitionInputs(_ cards: [Card], minutes: Int) -> [CardInput] {
        cards.compactMap { card in
            let fixed = card.start.map { $0.minutes != nil } ?? (card.kind == .event && card.due?.minutes != nil)
            guard fixed else { return nil }
            var worded = card
            worded.title = transitionWords(card.title, minutes: minutes)
            return CardInput(card: worded, specs: [.before(minutes: minutes)])
        }
    }

    /// "Dentist in 10 minutes: a good moment to start wrapping up".
    public static func transitionWords(_ title: String, minutes: Int) -> String {
        let when = minutes % 60 == 0 ? Words.plural(minutes / 60, "hour") : Words.plural(minutes, "minute")
        return "\(title) in \(when): a good moment to start wrapping up"
    }
}
