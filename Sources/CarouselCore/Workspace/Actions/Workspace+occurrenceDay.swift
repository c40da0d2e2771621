import Foundation

extension Workspace {
    /// The day, on a series' own clock, of the occurrence this device shows today. A card with a
    /// time in another zone (`tz: Europe/Berlin`, due at 00:30) can fall on another day there than
    /// here: seen from New York on the evening of 23 November, its occurrence of 24 November at
    /// 00:30 in Berlin is today's. `done` and `skip` record that day, as the series counts it, and
    /// not the device's. A floating card, or one in this device's zone, is recorded on `today`.
    func occurrenceDay(_ series: Series) -> Day {
        let card = series.card
        let vaultZone = settings.vaultZone, today = self.today
        guard let zone = ZonedTime.zone(of: card, vaultZone: vaultZone), zone.identifier != TimeZone.current.identifier,
              card.due?.minutes ?? card.start?.minutes != nil else { return today }
        let shown = { (d: Day) in ZonedTime.local(card, on: d, vaultZone: vaultZone)?.day == today }
        if shown(today) { return today }
        for d in [today.adding(days: 1), today.adding(days: -1)] where shown(d) && series.days(from: d, to: d).contains(d) {
            return d
        }
        return today
    }
}
