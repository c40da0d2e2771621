extension Workspace {
    /// Home's and Today's clock at `now` (minutes after midnight): only the cards placed on
    /// today (and tomorrow, when the day ends after midnight) are read.
    public func clock(now: Int) throws(CarouselError) -> DayClock {
        let end = DayClock.dayEnd(settings.dayEnd)
        let cards = try snapshot(timedFrom: today, to: end > 1440 ? today.adding(days: 1) : today).cards
        return DayClock.make(cards, today: today, now: now, dayEndSetting: settings.dayEnd)
    }

    /// The cards placed today and tomorrow, where the next fixed things are (for the transition
    /// warning of `carousel remind`).
    public func cardsPlacedTodayAndTomorrow() throws(CarouselError) -> [Card] {
        try snapshot(placedFrom: today, to: today.adding(days: 1)).cards
    }
}
