import Foundation

extension Workspace {
    /// `carousel calendar`: the view of `period` around `date` (`CalendarView.make`), over the
    /// cards that can land in it. With a `limit` above 0, the cards each day shows and each day's
    /// count are kept for the next command (`CardIndex.remember`); read back, only the cards shown
    /// are read and placed again, and each day keeps its count. Each day's cards are in one total
    /// order (time, title, path), so among any cards that include a day's first `limit`, those
    /// come first again.
    public func calendar(_ period: CalendarView.Period, around date: Day, limit: Int) throws(CarouselError) -> CalendarView {
        let (from, to) = CalendarView.range(period, around: date, weekStart: settings.weekStart)
        let key = calendarKey(period, from: from, to: to, limit: limit)
        if limit > 0, let kept = try index.rememberedCards(key), kept.numbers.count == from.days(until: to) + 1 {
            return CalendarView.make(zoned(kept.cards), period: period, date: date, limit: limit, counts: kept.numbers)
        }
        let view = CalendarView.make(try snapshot(placedFrom: from, to: to), period: period, date: date, limit: limit)
        if limit > 0 {
            var seen = Set<String>()
            let paths = view.days.flatMap { $0.entries.map(\.card.path) }.filter { seen.insert($0).inserted }
            index.remember(key, numbers: view.days.map(\.count), paths: paths)
        }
        return view
    }

    /// What `calendar` keeps its answer under. The cards are placed on this device's clock, and a
    /// card without its own zone is in the vault's.
    func calendarKey(_ period: CalendarView.Period, from: Day, to: Day, limit: Int) -> String {
        "calendar \(period.rawValue) \(from.iso) \(to.iso) \(limit) \(settings.vaultZone?.identifier ?? "-") \(ZonedTime.deviceZoneName)"
    }
}
