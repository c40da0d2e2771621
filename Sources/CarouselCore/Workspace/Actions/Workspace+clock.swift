extension Workspace {
    /// Home's and Today's clock at `now` (minutes after midnight): only the cards placed on
    /// today (and tomorrow, when the day ends after midnight) are read.
    public func clock(now: Int) throws(CarouselError) -> DayClock {
        let end = DayClock.dayEnd(settings.dayEnd)
        let cards = try snapshot(placedFrom: today, to: end > 1440 ? today.adding(days: 1) : today).cards
        return DayClock.make(cards, today: today, now: now, dayEndSetting: settings.dayEnd)
    }
}
