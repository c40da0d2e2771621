import Foundation

/// Dates, times and durations of an iCalendar file. A time keeps the zone the file gives it
/// (`TZID`, `Z`, or the calendar's `X-WR-TIMEZONE` for floating times), so what is imported does
/// not depend on the zone of the machine that imports it.
extension ICalendarImport {
    /// A date or date-time as the file wrote it: the wall-clock reading and the zone it is a
    /// reading of (nil: floating, or a date).
    struct Reading {
        var value: DateValue
        var zone: TimeZone?
    }

    /// The value on the vault's clock (`zones.local`): for the stamps a card keeps (`created`,
    /// `done`), which are moments, not appointments.
    static func date(_ p: Property, _ zones: Zones) -> DateValue? {
        reading(p.value, tzid: p.params["TZID"], zones).map { r in
            r.zone.map { ZonedTime.convert(r.value, from: $0, to: zones.local) } ?? r.value
        }
    }

    /// The value as a reading of `zone`'s clock (nil: floating, kept as written).
    static func date(_ p: Property, in zone: TimeZone?, _ zones: Zones) -> DateValue? {
        reading(p.value, tzid: p.params["TZID"], zones).map { moved($0, to: zone, zones) }
    }

    static func moved(_ r: Reading, to zone: TimeZone?, _ zones: Zones) -> DateValue {
        guard r.value.minutes != nil else { return r.value }
        switch (r.zone, zone) {
        case let (from?, to?): return ZonedTime.convert(r.value, from: from, to: to)
        case let (from?, nil): return ZonedTime.convert(r.value, from: from, to: zones.local)
        case (nil, _): return r.value
        }
    }

    /// `20261124` (or `VALUE=DATE`) → a day; `20261124T093000` → that reading, floating (or of
    /// `X-WR-TIMEZONE`); `…Z` → a reading of UTC; `TZID=Europe/Berlin` (or a Windows name, or an
    /// id ending in an Olson name) → a reading of that zone. A TZID only the file's VTIMEZONE
    /// defines is converted to UTC by that definition; one nobody defines is read as floating.
    static func reading(_ raw: String, tzid: String?, _ zones: Zones) -> Reading? {
        let s = raw.trimmingCharacters(in: .whitespaces)
        let digits = s.prefix(8)
        guard digits.count == 8, let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
              let d = Int(digits.suffix(2)), let day = Day(year: y, month: m, day: d) else { return nil }
        guard s.count > 8 else { return Reading(value: DateValue(day: day), zone: nil) }
        let time = s.dropFirst(9)
        guard s.dropFirst(8).first == "T", time.count >= 6, let hh = Int(time.prefix(2)), let mm = Int(time.dropFirst(2).prefix(2)),
              let ss = Int(time.dropFirst(4).prefix(2)), hh < 24, mm < 60, ss < 61 else { return nil }
        let value = DateValue(day: day, minutes: hh * 60 + mm)
        if time.hasSuffix("Z") { return Reading(value: value, zone: TimeZone(identifier: "UTC")) }
        guard let id = tzid else { return Reading(value: value, zone: zones.floating) }
        if let zone = zones.named(id) { return Reading(value: value, zone: zone) }
        if let zone = zones.defined[id], let offset = zone.offset(at: day, minutes: hh * 60 + mm) {
            // Wall time in a zone only the file defines: to UTC by that zone's offset then.
            let utc = day.dayNumber * 1440 + hh * 60 + mm - offset
            let dayNumber = utc >= 0 ? utc / 1440 : (utc - 1439) / 1440, rest = utc - dayNumber * 1440
            return Reading(value: DateValue(day: Day(dayNumber: dayNumber), minutes: rest), zone: TimeZone(identifier: "UTC"))
        }
        return Reading(value: value, zone: nil)
    }

    /// The days of an EXDATE or RDATE line (a comma-separated list), as days of `zone`'s clock
    /// (the series' own); a PERIOD (`start/end`) counts by its start.
    static func days(_ p: Property, in zone: TimeZone?, _ zones: Zones, notes: inout [String]) -> [Day] {
        var out: [Day] = []
        for part in p.value.split(separator: ",") {
            let first = String(part.split(separator: "/").first ?? part)
            if let r = reading(first, tzid: p.params["TZID"], zones) {
                out.append(moved(r, to: zone, zones).day)
            } else {
                notes.append("line \(p.line): \(p.name) value \"\(part)\" cannot be read; skipped")
            }
        }
        return out
    }

    /// `PT1H30M`, `P1D`, `P2W`, `PT15M` → minutes; nil when it is not a duration.
    static func durationMinutes(_ text: String) -> Int? {
        var s = Substring(text.uppercased())
        if s.first == "+" { s = s.dropFirst() }
        guard s.first == "P" else { return nil }
        s = s.dropFirst()
        var total = 0, number = "", inTime = false, any = false
        for ch in s {
            if ch == "T" { inTime = true; continue }
            if ch.isNumber { number.append(ch); continue }
            guard let n = Int(number) else { return nil }
            number = ""
            any = true
            switch (ch, inTime) {
            case ("W", false): total += n * 7 * 1440
            case ("D", false): total += n * 1440
            case ("H", true): total += n * 60
            case ("M", true): total += n
            case ("S", true): total += n / 60
            default: return nil
            }
        }
        return any && number.isEmpty ? total : nil
    }

    /// An offset as `remind:` reads it: `1d`, `2h`, `90m`, `0m`.
    static func remindText(_ m: Int) -> String {
        if m > 0, m % 1440 == 0 { return "\(m / 1440)d" }
        if m > 0, m % 60 == 0 { return "\(m / 60)h" }
        return "\(m)m"
    }

    /// 90 → `1h30m`, 1440 → `1d`, 15 → `15m`.
    static func minutesText(_ m: Int) -> String {
        if m > 0, m % 1440 == 0 { return "\(m / 1440)d" }
        if m >= 60 { return "\(m / 60)h" + (m % 60 == 0 ? "" : "\(m % 60)m") }
        return "\(m)m"
    }
}
