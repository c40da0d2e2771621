extension Workspace {
    /// The cards whose front matter has a `remind:` field, in path order: the only ones
    /// `ReminderSources.cards` finds anything in, asked of the index instead of reading every
    /// card's file (`carousel remind` runs every minute).
    public func remindingCards() throws(CarouselError) -> [Card] {
        try index.remindingCards()
    }
}
