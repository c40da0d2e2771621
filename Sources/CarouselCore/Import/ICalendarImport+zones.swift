import Foundation

/// Time zones an iCalendar file defines itself (`VTIMEZONE`), for a `TZID` that is not an Olson
/// name: Outlook's "W. Europe Standard Time", or an id a program made up. Each `STANDARD` or
/// `DAYLIGHT` part says from when (`DTSTART`, repeated by its `RRULE` or listed by `RDATE`) the
/// clock is `TZOFFSETTO` from UTC; the part that began last before a time gives its offset.
extension ICalendarImport {
    /// The local zone of the vault and the zones the file defines, by TZID.
    struct Zones {
        var local: TimeZone
        var defined: [String: DefinedZone] = [:]
        /// The calendar's `X-WR-TIMEZONE`: the zone of its floating times.
        var floating: TimeZone?

        /// The zone a TZID names: an Olson or Windows name, or an id that ends in an Olson name
        /// (`/mozilla.org/20050126_1/Europe/Berlin`).
        func named(_ id: String) -> TimeZone? {
            if let zone = ZonedTime.zone(named: id) { return zone }
            let parts = id.split(separator: "/")
            for n in stride(from: min(3, parts.count - 1), through: 2, by: -1) where n >= 2 {
                if let zone = TimeZone(identifier: parts.suffix(n).joined(separator: "/")) { return zone }
            }
            return nil
        }
    }

    struct DefinedZone {
        struct Part {
            var onset: Day
            var minutes: Int
            var offset: Int
            var rule: RecurrenceRule?
            var dates: [Day] = []
        }
        var parts: [Part] = []

        /// Minutes east of UTC for a wall-clock time in this zone.
        func offset(at day: Day, minutes: Int) -> Int? {
            let moment = day.dayNumber * 1440 + minutes
            var best: (moment: Int, offset: Int)?
            for part in parts {
                var onsets = [part.onset] + part.dates
                if let rule = part.rule {
                    onsets += rule.occurrences(anchor: part.onset, from: max(part.onset, day.adding(days: -400)), limit: 30)
                }
                for d in onsets {
                    let m = d.dayNumber * 1440 + part.minutes
                    if m <= moment, m > best?.moment ?? Int.min { best = (m, part.offset) }
                }
            }
            // Before every onset: the earliest part's offset.
            return best?.offset ?? parts.min { $0.onset < $1.onset }?.offset
        }
    }

    /// Reads every `VTIMEZONE` block of the file; a part it cannot read is listed in `notes`.
    static func definedZones(_ lines: [(text: String, line: Int)], notes: inout [String]) -> [String: DefinedZone] {
        var zones: [String: DefinedZone] = [:]
        var tzid: String?
        var zone = DefinedZone()
        var part: [Property]?
        for (text, n) in lines {
            guard let p = property(text, line: n) else { continue }
            let value = p.value.uppercased()
            switch (p.name, value) {
            case ("BEGIN", "VTIMEZONE"): tzid = nil; zone = DefinedZone()
            case ("END", "VTIMEZONE"): if let id = tzid, !zone.parts.isEmpty { zones[id] = zone }
            case ("BEGIN", "STANDARD"), ("BEGIN", "DAYLIGHT"): part = []
            case ("END", "STANDARD"), ("END", "DAYLIGHT"):
                if let props = part {
                    if let read = zonePart(props) { zone.parts.append(read) } else {
                        notes.append("line \(n): the \(value) part of VTIMEZONE \(tzid ?? "?") cannot be read (it needs DTSTART and TZOFFSETTO); skipped")
                    }
                }
                part = nil
            case ("TZID", _) where part == nil: tzid = p.value
            default: part?.append(p)
            }
        }
        return zones
    }

    static func zonePart(_ props: [Property]) -> DefinedZone.Part? {
        guard let start = props.first(where: { $0.name == "DTSTART" }).flatMap({ floating($0.value) }),
              let offset = props.first(where: { $0.name == "TZOFFSETTO" }).flatMap({ offsetMinutes($0.value) }) else { return nil }
        var part = DefinedZone.Part(onset: start.day, minutes: start.minutes ?? 0, offset: offset)
        if let r = props.first(where: { $0.name == "RRULE" }) { part.rule = try? RecurrenceRule.parse(r.value) }
        part.dates = props.filter { $0.name == "RDATE" }.flatMap { $0.value.split(separator: ",") }.compactMap { floating(String($0))?.day }
        return part
    }

    /// A date or date-time as written, with no zone.
    static func floating(_ raw: String) -> DateValue? {
        reading(raw.replacingOccurrences(of: "Z", with: ""), tzid: nil, Zones(local: TimeZone(identifier: "UTC") ?? .current))?.value
    }

    /// `+0100` → 60, `-0500` → -300, `+053000` → 330.
    static func offsetMinutes(_ text: String) -> Int? {
        let s = text.trimmingCharacters(in: .whitespaces)
        guard let sign = s.first, sign == "+" || sign == "-", s.count >= 5, let hh = Int(s.dropFirst().prefix(2)),
              let mm = Int(s.dropFirst(3).prefix(2)) else { return nil }
        return (sign == "-" ? -1 : 1) * (hh * 60 + mm)
    }

    /// Notes for each TZID that is neither an Olson name nor defined in the file, once per id.
    static func unknownZoneNotes(_ lines: [(text: String, line: Int)], _ zones: Zones) -> [String] {
        var seen = Set<String>(), notes: [String] = []
        for (text, n) in lines {
            guard let p = property(text, line: n), let id = p.params["TZID"], !seen.contains(id),
                  zones.named(id) == nil, zones.defined[id] == nil else { continue }
            seen.insert(id)
            notes.append("line \(n): TZID \(id) is not a time zone name and the file has no VTIMEZONE for it; its times are read as floating times")
        }
        return notes
    }
}
