import Foundation

/// Rules that repeat more than once a day (`FREQ=HOURLY`, `MINUTELY`, `SECONDLY` in whole
/// minutes, or a day rule with `BYHOUR`/`BYMINUTE`), and `UNTIL` read on the series' clock.
///
/// A card repeats whole days at one time of day, so such a rule becomes one day-level series
/// per time of day it happens at: `FREQ=HOURLY;INTERVAL=6` from 08:00 is four daily series at
/// 08:00, 14:00, 20:00 and 02:00; `FREQ=HOURLY;INTERVAL=5` repeats its pattern every five days,
/// so it is 24 series of `FREQ=DAILY;INTERVAL=5`. The day parts of the rule (`BYDAY`, `BYMONTH`,
/// `BYMONTHDAY`) stay on every series; `COUNT` and `UNTIL` become each series' last day. The
/// first series keeps the calendar's UID as its key, the others `UID#at-HHMM` (`UID#at-HHMM+N`
/// when the pattern spans days). Each `EXDATE` goes to the series of its time of day.
extension ICalendarImport {
    /// At most this many series for one rule (every five minutes of a day is 288).
    static let maxSubDailySeries = 288

    /// The cards of a component whose first `RRULE` repeats within a day; nil when it does not,
    /// or when the rule cannot be read this way (then it is read as before, with a note).
    static func subDailyItems(_ props: [Property], alarms: [[Property]], isEvent: Bool, line: Int, zones: Zones,
                              notes: inout [String]) -> [ImportedItem]? {
        guard let rule = props.first(where: { $0.name == "RRULE" }),
              let dtstart = props.first(where: { $0.name == "DTSTART" }) else { return nil }
        let parts = ruleParts(rule.value)
        func value(_ key: String) -> String? { parts.first { $0.key == key }?.value }
        func ints(_ key: String) -> [Int]? { value(key).map { $0.split(separator: ",").compactMap { Int($0) } } }
        let unitMinutes: Int?? = ["HOURLY": 60, "MINUTELY": 1, "SECONDLY": Optional<Int>.none][value("FREQ") ?? ""]
        let timeKeys: Set<String> = ["BYHOUR", "BYMINUTE", "BYSECOND"]
        guard unitMinutes != nil || parts.contains(where: { timeKeys.contains($0.key) }) else { return nil }
        let title = props.first { $0.name == "SUMMARY" }.map { unescape($0.value) } ?? "(no title)"
        func refuse(_ why: String) -> [ImportedItem]? {
            notes.append("line \(rule.line): \(title): RRULE \(rule.value) \(why)")
            return nil
        }
        guard let start = reading(dtstart.value, tzid: dtstart.params["TZID"], zones), let t0 = start.value.minutes else {
            return refuse("repeats within a day, which needs a DTSTART with a time")
        }
        if let s = ints("BYSECOND"), s.contains(where: { $0 != 0 }) { return refuse("repeats at seconds (BYSECOND), which a card has no form for") }
        let interval = Int(value("INTERVAL") ?? "1") ?? 1
        let hours = ints("BYHOUR"), minutes = ints("BYMINUTE")
        var phases: [(offset: Int, minutes: Int)] = []
        var dayFreq = value("FREQ") ?? "DAILY", dayInterval = interval
        var dropped = Set(["FREQ", "INTERVAL", "COUNT", "UNTIL"]).union(timeKeys)
        if let unit = unitMinutes {
            // HOURLY, MINUTELY, or SECONDLY in whole minutes: the pattern of one period of days.
            let step = unit.map { $0 * interval } ?? (interval % 60 == 0 ? interval / 60 : 0)
            guard step > 0 else { return refuse("repeats every few seconds, which a card has no form for") }
            if let p = parts.first(where: { ["BYSETPOS", "BYYEARDAY", "BYWEEKNO"].contains($0.key) }) {
                return refuse("uses \(p.key) with FREQ=\(value("FREQ") ?? ""), which has no card form")
            }
            let span = lcm(step, 1440)
            guard span / step <= maxSubDailySeries else { return refuse("repeats in more than \(maxSubDailySeries) places a day") }
            for k in 0..<(span / step) {
                let m = t0 + k * step
                phases.append((m / 1440, m % 1440))
            }
            phases = phases.filter { p in
                (hours.map { $0.contains(p.minutes / 60) } ?? true) && (minutes.map { $0.contains(p.minutes % 60) } ?? true)
            }
            dayFreq = "DAILY"
            dayInterval = span / 1440
            // A weekday in an hourly rule is a filter, as in a daily one.
            dropped.insert("WKST")
        } else {
            let hs = hours ?? [t0 / 60], ms = minutes ?? [t0 % 60]
            phases = hs.flatMap { h in ms.map { (0, h * 60 + $0) } }.filter { $0.1 < 1440 }
        }
        phases = Array(Set(phases.map { "\($0.offset)/\($0.minutes)" })).compactMap { key -> (Int, Int)? in
            let two = key.split(separator: "/").compactMap { Int($0) }
            return two.count == 2 ? (two[0], two[1]) : nil
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        guard !phases.isEmpty else { return refuse("gives no time of day") }
        let dayText = (["FREQ=\(dayFreq)"] + (dayInterval > 1 ? ["INTERVAL=\(dayInterval)"] : [])
                       + parts.filter { !dropped.contains($0.key) }.map { "\($0.key)=\($0.value)" }).joined(separator: ";")
        guard let dayRule = try? RecurrenceRule.parse(dayText) else { return refuse("has day parts Carousel cannot read") }
        // Each time of day: the first day it happens on, never before DTSTART.
        var series: [(first: Day, minutes: Int, offset: Int)] = []
        for p in phases {
            let anchor = start.value.day.adding(days: p.offset)
            let from = p.offset == 0 && p.minutes < t0 ? anchor.adding(days: 1) : anchor
            if let first = dayRule.occurrences(anchor: anchor, from: from, limit: 1).first { series.append((first, p.minutes, p.offset)) }
        }
        // The last moment of the rule, on the series' clock.
        var last: (day: Day, minutes: Int)?
        if let u = value("UNTIL"), let r = reading(u, tzid: u.hasSuffix("Z") ? nil : dtstart.params["TZID"], zones) {
            let v = moved(r, to: start.zone, zones)
            last = (v.day, v.minutes ?? 1439)
        } else if let c = Int(value("COUNT") ?? ""), c > 0 {
            var all: [(Day, Int)] = []
            for s in series { all += dayRule.occurrences(anchor: s.first, from: s.first, limit: c).map { ($0, s.minutes) } }
            all.sort { ($0.0, $0.1) < ($1.0, $1.1) }
            if let end = all.prefix(c).last { last = (end.0, end.1) }
        }
        var out: [ImportedItem] = []
        var emitted = 0
        for (i, s) in series.enumerated() {
            var text = dayText
            if let last {
                let lastDay = s.minutes <= last.minutes ? last.day : last.day.adding(days: -1)
                if lastDay < s.first { continue }
                text += ";UNTIL=\(lastDay.basicISO)"
            }
            var own = props.filter { !["RRULE", "DTSTART", "EXDATE"].contains($0.name) && (i == 0 || $0.name != "RDATE") }
            let at = DateValue(day: s.first, minutes: s.minutes)
            // On DTSTART's own clock; a zone only the file defines was read as UTC.
            var params = dtstart.params
            let inUTC = start.zone?.identifier == "UTC" && (params["TZID"].map { zones.named($0) == nil } ?? true)
            if inUTC { params["TZID"] = nil }
            let basic = String(ICalendar.dateValue(at).dropFirst())
            own.append(Property(name: "DTSTART", params: params, value: basic + (inUTC ? "Z" : ""), line: dtstart.line))
            own.append(Property(name: "RRULE", params: [:], value: text, line: rule.line))
            for ex in props where ex.name == "EXDATE" {
                let kept = ex.value.split(separator: ",").filter { part in
                    guard let r = reading(String(part), tzid: ex.params["TZID"], zones) else { return false }
                    let v = moved(r, to: start.zone, zones)
                    return v.minutes == nil || v.minutes == s.minutes
                }
                if !kept.isEmpty { own.append(Property(name: "EXDATE", params: ex.params, value: kept.joined(separator: ","), line: ex.line)) }
            }
            var made = items(own, alarms: alarms, isEvent: isEvent, line: line, zones: zones, notes: &notes)
            if i > 0 {
                let suffix = "#at-" + String(basic.suffix(6).prefix(4)) + (s.offset > 0 ? "+\(s.offset)" : "")
                for j in made.indices { made[j].key += suffix }
            }
            out += made
            emitted += 1
        }
        if out.isEmpty { return refuse("gives no occurrence") }
        notes.append("line \(rule.line): \(title): RRULE \(rule.value) repeats within a day; imported as \(emitted) series, one for each time of day")
        return out
    }

    /// An `UNTIL` with a time, as the last day of a series at `start`'s time on `zone`'s clock:
    /// `UNTIL=20261201T030000Z` ends a 22:00 New York series on 30 November.
    /// A `COUNT` below 1 (`COUNT=-1`, which some programs write beside `UNTIL`) counts nothing,
    /// as calendar programs read it: the rule goes on without it.
    static func untilOnClock(_ rule: String, start: DateValue?, tzid: String?, zone: TimeZone?, _ zones: Zones) -> String {
        var parts = ruleParts(rule)
        if parts.contains(where: { $0.key == "COUNT" && (Int($0.value) ?? 1) < 1 }) {
            parts.removeAll { $0.key == "COUNT" }
            if !parts.contains(where: { $0.key == "UNTIL" && $0.value.count > 8 }) {
                return parts.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
            }
        }
        guard let u = parts.first(where: { $0.key == "UNTIL" })?.value, u.count > 8,
              let r = reading(u, tzid: u.hasSuffix("Z") ? nil : tzid, zones) else { return rule }
        let v = moved(r, to: zone, zones)
        var day = v.day
        if let m = start?.minutes, let um = v.minutes, m > um { day = day.adding(days: -1) }
        return parts.map { $0.key == "UNTIL" ? "UNTIL=\(day.basicISO)" : "\($0.key)=\($0.value)" }.joined(separator: ";")
    }

    /// `FREQ=DAILY;COUNT=3` → its parts, keys upper-cased.
    static func ruleParts(_ text: String) -> [(key: String, value: String)] {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        return body.split(separator: ";").compactMap { part in
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { return nil }
            return (kv[0].trimmingCharacters(in: .whitespaces).uppercased(), kv[1].trimmingCharacters(in: .whitespaces).uppercased())
        }
    }

    static func lcm(_ a: Int, _ b: Int) -> Int {
        var x = a, y = b
        while y != 0 { (x, y) = (y, x % y) }
        return a / x * b
    }
}
