import CarouselCore

/// The line under a card that has a `first_step:`, in Today, the carousel and `pick`.
enum FirstStepLine {
    /// "↳ first step: open the laptop", nil when the card has none.
    static func text(_ card: Card) -> String? {
        card.firstStep.map { "↳ " + Words.firstStep($0) }
    }
}
