import CarouselCore

extension GlobalOptions {
    /// The time of day quick capture reads `at 5` from: CAROUSEL_NOW's time when it is set, else
    /// the clock's when the day is the clock's too; nil when only the day is pinned (`--today`),
    /// so a pinned run never depends on the clock.
    var captureMinutes: Int? {
        if let env = environment["CAROUSEL_NOW"], let m = DateValue(text: env)?.minutes { return m }
        return pinnedDay == nil ? moment.minutes : nil
    }
}
