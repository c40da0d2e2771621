import ArgumentParser

/// The card a one-card command (`show`, `edit`, `drop`, `undone`) acts on, typed as words: the
/// quotes are optional, so `show pay the phone bill` names the card titled so.
struct OneCard: ParsableArguments {
    @Argument(help: "The card: its number, slug, id, the start of either, or its title (quotes optional).", completion: .custom(completeRefs))
    var words: [String]

    /// The words as one REF.
    var ref: String { words.joined(separator: " ") }
}
