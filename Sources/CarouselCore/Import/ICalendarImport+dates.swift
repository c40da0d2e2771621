import Foundation

/// Dates, times and durations of an iCalendar file, in the vault's local time.
extension ICalendarImport {
    /// `20261124` (or `VALUE=DATE`) → a day; `20261124T093000` → that local time (floating);
    /// `…Z` → converted from UTC; `TZID=Europe/Berlin` → converted from that zone. A TZID that
    /// is not an Olson name is converted by the file's VTIMEZONE of that id, else read as local time.
    static func date(_ p: Property, _ zones: Zones) -> DateValue? {
        value(p.value, tzid: p.params["TZID"], zones)
    }

    static func value(_ raw: String, tzid: String?, _ zones: Zones) -> DateValue? {
        let local = zones.local
        let s = raw.trimmingCharacters(in: .whitespaces)
        let digits = s.prefix(8)
        guard digits.count == 8, let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
              let d = Int(digits.suffix(2)), let day = Day(year: y, month: m, day: d) else { return nil }
        guard s.count > 8 else { return DateValue(day: day) }
        let time = s.dropFirst(9)
        guard s.dropFirst(8).first == "T", time.count >= 6, let hh = Int(time.prefix(2)), let mm = Int(time.dropFirst(2).prefix(2)),
              let ss = Int(time.dropFirst(4).prefix(2)), hh < 24, mm < 60, ss < 61 else { return nil }
        var source: TimeZone? = time.hasSuffix("Z") ? TimeZone(identifier: "UTC") : tzid.flatMap { TimeZone(identifier: $0) }
        var components = DateComponents(year: y, month: m, day: d, hour: hh, minute: mm)
        if source == nil, !time.hasSuffix("Z"), let id = tzid, let zone = zones.defined[id],
           let offset = zone.offset(at: day, minutes: hh * 60 + mm) {
            // Wall time in a zone the file defines: to UTC by that zone's offset then.
            let utc = day.dayNumber * 1440 + hh * 60 + mm - offset
            let dayNumber = utc >= 0 ? utc / 1440 : (utc - 1439) / 1440, rest = utc - dayNumber * 1440
            let utcDay = Day(dayNumber: dayNumber)
            components = DateComponents(year: utcDay.year, month: utcDay.month, day: utcDay.day, hour: rest / 60, minute: rest % 60)
            source = TimeZone(identifier: "UTC")
        }
        guard let source, source.identifier != local.identifier else {
            return DateValue(day: day, minutes: hh * 60 + mm)
        }
        var from = Calendar(identifier: .gregorian)
        from.timeZone = source
        guard let instant = from.date(from: components) else { return nil }
        var to = Calendar(identifier: .gregorian)
        to.timeZone = local
        let c = to.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        guard let localDay = Day(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0) else { return nil }
        return DateValue(day: localDay, minutes: (c.hour ?? 0) * 60 + (c.minute ?? 0))
    }

    /// The days of an EXDATE or RDATE line (a comma-separated list; periods are not supported).
    static func days(_ p: Property, _ zones: Zones, notes: inout [String]) -> [Day] {
        var out: [Day] = []
        for part in p.value.split(separator: ",") {
            if let v = value(String(part), tzid: p.params["TZID"], zones) {
                out.append(v.day)
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

    /// 90 → `1h30m`, 1440 → `1d`, 15 → `15m`.
    static func minutesText(_ m: Int) -> String {
        if m > 0, m % 1440 == 0 { return "\(m / 1440)d" }
        if m >= 60 { return "\(m / 60)h" + (m % 60 == 0 ? "" : "\(m % 60)m") }
        return "\(m)m"
    }
}
