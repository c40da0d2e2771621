import Foundation
/// RFC 5545 text for a vault's cards: dated tasks as VTODO, events as VEVENT (all-day, or at
/// their time with their duration), repeating
/// cards with RRULE and EXDATE, `remind:` as VALARM. Lines end in CRLF and fold at 75 octets.
public enum ICalendar {
    /// One card and what the file holds beyond `Card`.
    public struct Item: Sendable {
        public var card: Card
        public var body: String
        /// The `remind:` values as written, comma-separated: `30m`, `2h`, `1d`, `PT15M`, `09:00`, a date-time.
        public var remind: String?
        /// The UID the card came in with from a calendar (`import_key: ics:UID`), sent back out so
        /// the calendar that gets the file recognises its own events instead of adding them twice.
        public var uid: String?
        public var location: String?
        /// Whether `importance:` is written in the file; PRIORITY goes out only then.
        public var importanceSet: Bool
        /// For a card that is one changed occurrence of a calendar's series (`import_key:
        /// ics:UID@DAY`): the series' UID and the occurrence's original day. It goes out as that
        /// series' `RECURRENCE-ID` when the series is in the file too.
        public var occurrenceOf: (uid: String, day: Day)?

        public init(card: Card, body: String, remind: String? = nil, uid: String? = nil, location: String? = nil,
                    importanceSet: Bool = true) {
            self.card = card
            self.body = body
            self.remind = remind
            self.uid = uid
            self.location = location
            self.importanceSet = importanceSet
        }

        /// `ics:UID@YYYY-MM-DD` → (UID, that day); nil for any other key.
        public static func occurrence(importKey: String?) -> (uid: String, day: Day)? {
            guard let key = importKey, key.hasPrefix("ics:"), let at = key.lastIndex(of: "@"),
                  let day = Day(iso: String(key[key.index(after: at)...])) else { return nil }
            let uid = String(key[key.index(key.startIndex, offsetBy: 4)..<at])
            return uid.isEmpty ? nil : (uid, day)
        }

        /// The calendar's UID in an `import_key:` value: `ics:UID`, but not `ics:UID@YYYY-MM-DD`,
        /// one changed occurrence of a series made its own card (see `occurrenceOf`).
        public static func uid(importKey: String?) -> String? {
            guard let key = importKey, key.hasPrefix("ics:") else { return nil }
            let uid = String(key.dropFirst(4))
            if let at = uid.lastIndex(of: "@"), Day(iso: String(uid[uid.index(after: at)...])) != nil { return nil }
            return uid.isEmpty || uid.hasPrefix("hash-") ? nil : uid
        }
    }

    /// The calendar. Cards with neither a due date nor a repeat rule are left out (a calendar has
    /// nowhere to put them); `today` anchors repeating cards that have no `start` or `created`.
    /// `clock` is the zone of the stamps Carousel writes (`created:`, `done:`: the device's clock
    /// when they were written); DTSTAMP and COMPLETED convert them to UTC from there.
    public static func render(_ items: [Item], today: Day, clock: TimeZone = .current) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Carousel//Carousel planner//EN", "CALSCALE:GREGORIAN",
                     "X-WR-CALNAME:Carousel"]
        // Each zone a card's times are readings of, defined once before the components (RFC 5545
        // wants a VTIMEZONE for every TZID), with its rules from the earliest year it is used.
        var firstYear: [String: Int] = [:]
        for item in items {
            guard let name = item.card.timeZone, name != "UTC", item.card.due?.minutes ?? item.card.start?.minutes != nil else { continue }
            let year = [item.card.due?.day, item.card.start?.day, item.card.seriesStart].compactMap { $0?.year }.min() ?? today.year
            firstYear[name] = min(firstYear[name] ?? year, year)
        }
        for (name, year) in firstYear.sorted(by: { $0.key < $1.key }) {
            if let zone = ZonedTime.zone(named: name) { lines += ICalendarZone.vtimezone(zone, from: year - 1) }
        }
        // A changed occurrence goes out as its series' RECURRENCE-ID, and the series then lists
        // that day as an instance (no EXDATE), as calendar programs write it.
        var series: [String: Item] = [:]
        for item in items where item.card.isRepeating { if let uid = item.uid { series[uid] = item } }
        var moved: [String: Set<Day>] = [:]
        for item in items { if let o = item.occurrenceOf, series[o.uid] != nil { moved[o.uid, default: []].insert(o.day) } }
        for item in items.sorted(by: { $0.card.path < $1.card.path }) {
            let parent = item.occurrenceOf.flatMap { series[$0.uid] }
            lines += component(item, today: today, clock: clock, series: parent, movedDays: item.uid.flatMap { moved[$0] } ?? [])
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func component(_ item: Item, today: Day, clock: TimeZone, series: Item? = nil, movedDays: Set<Day> = []) -> [String] {
        let c = item.card
        // A zoned card's times go out as readings of its zone (TZID) or as UTC; floating ones float.
        let zone = c.timeZone.flatMap(ZonedTime.zone(named:))
        func dateValue(_ d: DateValue) -> String { ICalendar.dateValue(d, zone: zone) }
        let rule = c.repeatRule.flatMap { try? RecurrenceRule.parse($0) }
        guard c.due != nil || rule != nil else { return [] }
        let isEvent = c.kind == .event
        let name = isEvent ? "VEVENT" : "VTODO"
        var out = ["BEGIN:\(name)", "UID:\((series?.uid ?? item.uid).map(escapeUID) ?? uid(c))", "DTSTAMP:\(utc(c.created ?? DateValue(day: today), from: clock))",
                   "SUMMARY:\(escape(c.title))"]
        if let parent = series?.card, let day = item.occurrenceOf?.day {
            // The instance it replaces: its original day at the series' time, in the series' zone.
            let time = parent.due?.minutes ?? parent.start?.minutes
            out.append("RECURRENCE-ID" + ICalendar.dateValue(DateValue(day: day, minutes: time),
                                                             zone: parent.timeZone.flatMap(ZonedTime.zone(named:))))
        }
        if let rule {
            // RFC 5545 counts DTSTART as the first instance, so it must be a real occurrence:
            // the series' first one, counted from the start the views use (`Series.start`).
            let start = Series.start(of: c) ?? today
            let anchor = rule.afterCompletion ? (c.due?.day ?? start)
                : rule.occurrences(anchor: start, from: start, limit: 1).first ?? start
            // A card with a time of day repeats at that time (floating local time); EXDATE and
            // RDATE then carry the same time, as RFC 5545 wants them of DTSTART's type.
            // `start:` holds the time of a series added as "every weekday at 9:30".
            let time = c.due?.minutes ?? c.start?.minutes
            func at(_ d: Day) -> String { time.map { dateValue(DateValue(day: d, minutes: $0)) } ?? ";VALUE=DATE:\(d.basicISO)" }
            func list(_ days: [Day]) -> String {
                let values = days.map { String(at($0).drop { $0 != ":" }.dropFirst()) }
                let tzid = zone.map { ZonedTime.name($0) == "UTC" ? "" : ";TZID=" + ZonedTime.name($0) } ?? ""
                return (time == nil ? ";VALUE=DATE:" : tzid + ":") + values.joined(separator: ",")
            }
            out.append("DTSTART" + at(anchor))
            if isEvent, time == nil { out.append("DTEND;VALUE=DATE:\(anchor.adding(days: allDays(c)).basicISO)") }
            if isEvent, time != nil, let m = c.duration.flatMap({ TimelineView.minutes(duration: $0) }), m > 0 {
                out.append("DURATION:PT" + (m >= 60 ? "\(m / 60)H" : "") + (m % 60 > 0 ? "\(m % 60)M" : ""))
            }
            var rrule = rule.rrule
            if time != nil, case .until(let last) = rule.end {
                // UNTIL of DTSTART's type (RFC 5545): the end of the last day, in UTC for a zoned
                // series; a plain date would end a timed series at that day's midnight.
                let end = DateValue(day: last, minutes: 1439, seconds: 59)
                rrule = rrule.replacingOccurrences(of: "UNTIL=\(last.basicISO)", with: "UNTIL=" + (zone.map { utc(end, from: $0) } ?? "\(last.basicISO)T235959"))
            }
            out.append("RRULE:\(rrule)")
            let excluded = Set(c.skipped + c.exceptDates).subtracting(movedDays).sorted()
            if !excluded.isEmpty { out.append("EXDATE" + list(excluded)) }
            let extra = Set(c.alsoDates).subtracting(c.exceptDates).sorted()
            if !extra.isEmpty { out.append("RDATE" + list(extra)) }
        } else if var due = c.due {
            // A start time on the due day ("dinner fri 7pm") is the time it happens or is due.
            if due.minutes == nil, let start = c.start, start.day == due.day, let m = start.minutes { due = DateValue(day: due.day, minutes: m) }
            if isEvent, due.minutes != nil {
                out.append("DTSTART" + dateValue(due))
                if let m = c.duration.flatMap({ TimelineView.minutes(duration: $0) }), m > 0 {
                    out.append("DURATION:PT" + (m >= 60 ? "\(m / 60)H" : "") + (m % 60 > 0 ? "\(m % 60)M" : ""))
                }
            } else if isEvent {
                out.append("DTSTART;VALUE=DATE:\(due.day.basicISO)")
                out.append("DTEND;VALUE=DATE:\(due.day.adding(days: allDays(c)).basicISO)")
            } else {
                // A task's start, when it is before the due time, goes out as DTSTART of the same
                // value type as DUE (RFC 5545); a start that is only the due day's time is DUE's.
                if let start = c.start {
                    if let dm = due.minutes, let sm = start.minutes, start.day < due.day || (start.day == due.day && sm < dm) {
                        out.append("DTSTART" + dateValue(start))
                    }
                    if due.minutes == nil, start.day < due.day { out.append("DTSTART;VALUE=DATE:\(start.day.basicISO)") }
                }
                out.append("DUE" + dateValue(due))
            }
        }
        if !isEvent {
            if !c.isRepeating, let done = c.done {
                out.append("STATUS:COMPLETED")
                out.append("COMPLETED:\(utc(done, from: clock))")
            } else {
                out.append("STATUS:NEEDS-ACTION")
            }
        }
        if item.importanceSet { out.append("PRIORITY:\(priority(c.importance))") }
        if let location = item.location, !location.isEmpty { out.append("LOCATION:\(escape(location))") }
        let categories = (c.category.map { [$0] } ?? []) + c.tags
        if !categories.isEmpty { out.append("CATEGORIES:" + categories.map(escape).joined(separator: ",")) }
        let body = item.body.trimmingCharacters(in: .whitespacesAndNewlines)
        if !body.isEmpty { out.append("DESCRIPTION:\(escape(body))") }
        for spec in (item.remind ?? "").split(separator: ",").compactMap({ RemindSpec(String($0)) }) {
            let trigger: String
            switch spec {
            case .before, .after:
                let d = spec.icsDuration ?? "PT0M"
                let sign = { if case .after = spec { "" } else { "-" } }()
                trigger = isEvent || c.isRepeating ? "TRIGGER:\(sign)\(d)" : "TRIGGER;RELATED=END:\(sign)\(d)"
            case .at(let v):
                // A moment: a reading of the card's zone, else of the clock's, in UTC.
                trigger = "TRIGGER;VALUE=DATE-TIME:" + utc(v, from: zone ?? clock)
            case .timeOfDay(let m):
                // The time of day on the card's own day: after the start of an all-day date.
                guard (c.start ?? c.due)?.minutes == nil else { continue }
                trigger = isEvent || c.isRepeating ? "TRIGGER:PT\(m)M" : "TRIGGER;RELATED=END:PT\(m)M"
            }
            out += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(escape(c.title))", trigger, "END:VALARM"]
        }
        out.append("END:\(name)")
        return out
    }

    /// The days an all-day event lasts: its `duration:` in whole days (`6d`), at least one.
    static func allDays(_ c: Card) -> Int {
        max(1, (c.duration.flatMap { TimelineView.minutes(duration: $0) }.map { ($0 + 1439) / 1440 }) ?? 1)
    }

    /// Stable across exports and devices: the card id (its path when it has none yet).
    static func uid(_ c: Card) -> String { (c.id ?? c.path) + "@carousel" }

    /// A UID is written as it came, without its line breaks (it is one content line).
    static func escapeUID(_ uid: String) -> String { uid.filter { !$0.isNewline } }

    /// importance 5 → 1 (highest) … importance 1 → 9 (lowest).
    static func priority(_ importance: Int) -> Int { [9, 7, 5, 3, 1][min(max(importance, 1), 5) - 1] }

    /// `;VALUE=DATE:20261124`, `:20261124T093000` (floating), `;TZID=Europe/Berlin:20261124T093000`
    /// (a reading of that zone) or `:20261124T093000Z` (UTC).
    static func dateValue(_ d: DateValue, zone: TimeZone? = nil) -> String {
        guard let m = d.minutes else { return ";VALUE=DATE:\(d.day.basicISO)" }
        let text = "\(d.day.basicISO)T\(two(m / 60))\(two(m % 60))\(two(d.seconds ?? 0))"
        guard let zone else { return ":" + text }
        return ZonedTime.name(zone) == "UTC" ? ":\(text)Z" : ";TZID=\(ZonedTime.name(zone)):\(text)"
    }

    /// A date-time written as UTC, as DTSTAMP, COMPLETED and absolute triggers require: `d` is a
    /// reading of `zone`'s clock (a date alone is its midnight), moved by that date's rules.
    static func utc(_ d: DateValue, from zone: TimeZone) -> String {
        let reading = DateValue(day: d.day, minutes: d.minutes ?? 0, seconds: d.seconds)
        let u = ZonedTime.convert(reading, from: zone, to: TimeZone(identifier: "UTC") ?? zone)
        let m = u.minutes ?? 0
        return "\(u.day.basicISO)T\(two(m / 60))\(two(m % 60))\(two(u.seconds ?? 0))Z"
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `30m`, `2h`, `1d`, `1w` or an RFC 5545 duration like `PT15M` → `PT30M`, `PT2H`, `P1D`, `P1W`,
    /// read by the same parser as `carousel remind` (`RemindSpec`).
    public static func duration(_ text: String) -> String? {
        guard let spec = RemindSpec(text), case .before = spec else { return nil }
        return spec.icsDuration
    }

    /// TEXT escaping (RFC 5545 3.3.11).
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            case "\r": break
            default: out.append(ch)
            }
        }
        return out
    }

    /// Folds a content line so no physical line exceeds 75 octets, never splitting a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var out = ""
        var width = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let n = String(scalar).utf8.count
            if width + n > limit {
                out += "\r\n "
                width = 1
                limit = 75
            }
            out.unicodeScalars.append(scalar)
            width += n
        }
        return out
    }
}

import Foundation
