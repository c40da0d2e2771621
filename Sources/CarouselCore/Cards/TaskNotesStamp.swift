import Foundation

/// The stamps TaskNotes writes (`dateCreated`, `dateModified`): a local date-time with its
/// milliseconds and the offset of the clock it was read on, `2026-11-23T21:22:57.000+01:00`.
enum TaskNotesStamp {
    /// `stamp`, a reading of `zone`'s clock, as TaskNotes writes a moment (UTC too is `+00:00`).
    static func text(_ stamp: DateValue, zone: TimeZone = .current) -> String {
        let reading = DateValue(day: stamp.day, minutes: stamp.minutes ?? 0, seconds: stamp.seconds ?? 0)
        let offset = zone.secondsFromGMT(for: ZonedTime.instant(reading, in: zone)) / 60
        let sign = offset < 0 ? "-" : "+"
        return reading.description + ".000" + sign + DateValue.two(abs(offset) / 60) + ":" + DateValue.two(abs(offset) % 60)
    }
}
