import Foundation

/// Reads an iCalendar file (RFC 5545): each VEVENT becomes an event card, each VTODO a task.
/// Folded lines, CRLF or LF line ends and escaped text are read; `UID` is the import key, so a
/// second run adds only what is new. What has no card form is listed in the plan's notes with
/// its line, never dropped silently.
public enum ICalendarImport {
    /// One content line after unfolding: `NAME;PARAM=V:VALUE`, with the line it starts on.
    struct Property {
        var name: String
        var params: [String: String]
        var value: String
        var line: Int
    }

    public static func parse(_ text: String, timeZone: TimeZone = .current) throws(ImportError) -> ImportPlan {
        let lines = unfold(text)
        guard lines.first(where: { !$0.text.isEmpty })?.text.uppercased() == "BEGIN:VCALENDAR" else {
            throw ImportError(line: 1, message: "this is not an iCalendar file (it does not start with BEGIN:VCALENDAR)")
        }
        var plan = ImportPlan()
        plan.updatesExisting = true
        var zones = Zones(local: timeZone)
        zones.defined = definedZones(lines, notes: &plan.notes)
        if let calendarZone = lines.lazy.compactMap({ property($0.text, line: $0.line) }).first(where: { $0.name == "X-WR-TIMEZONE" }) {
            zones.floating = zones.named(calendarZone.value)
        }
        plan.notes += unknownZoneNotes(lines, zones)
        var stack: [String] = []
        var props: [Property] = []
        var alarms: [[Property]] = []
        var begin = 0
        var overrides: [Override] = []
        // As calendar programs do, a line that cannot be read is skipped and said, and the rest
        // of the file comes in; only a file that is not iCalendar at all is refused (above).
        func close(_ name: String, line n: Int) {
            stack.removeLast()
            guard ["VEVENT", "VTODO"].contains(name) else { return }
            if props.contains(where: { $0.name == "RECURRENCE-ID" }) {
                overrides.append(Override(props: props, alarms: alarms, isEvent: name == "VEVENT", line: begin))
            } else {
                plan.items += items(props, alarms: alarms, isEvent: name == "VEVENT", line: begin, zones: zones, notes: &plan.notes)
            }
        }
        for (text, n) in lines where !text.isEmpty {
            guard let p = property(text, line: n) else {
                plan.notes.append("line \(n): this line has no \":\" between its name and value; skipped")
                continue
            }
            if p.name == "BEGIN" {
                stack.append(p.value.uppercased())
                if ["VEVENT", "VTODO"].contains(p.value.uppercased()) { props = []; alarms = []; begin = n }
                if p.value.uppercased() == "VALARM" { alarms.append([]) }
                continue
            }
            if p.name == "END" {
                let name = p.value.uppercased()
                guard stack.contains(name) else {
                    plan.notes.append("line \(n): END:\(p.value) closes nothing that is open; skipped")
                    continue
                }
                // Components left open inside it are closed here (a VALARM without its END).
                while let open = stack.last, open != name {
                    plan.notes.append("line \(n): BEGIN:\(open) was never closed; closed before END:\(p.value)")
                    close(open, line: n)
                }
                close(name, line: n)
                continue
            }
            switch stack.last {
            case "VEVENT", "VTODO": props.append(p)
            case "VALARM": if !alarms.isEmpty { alarms[alarms.count - 1].append(p) }
            default: break
            }
        }
        while let open = stack.last {
            plan.notes.append("line \(lines.last?.line ?? 1): BEGIN:\(open) is never closed; closed at the end of the file")
            close(open, line: lines.last?.line ?? 1)
        }
        for o in overrides { apply(o, to: &plan, zones: zones, all: overrides) }
        return plan
    }

    /// The cards of one component. A card has one rule, so each further `RRULE` becomes a card
    /// of its own (key `ics:UID#rrule2`, with the same `EXDATE`s); `RDATE`s of an event without
    /// a rule become one-off cards on those dates (key `ics:UID@rdate-DAY`).
    static func items(_ props: [Property], alarms: [[Property]], isEvent: Bool, line: Int, zones: Zones,
                      notes: inout [String]) -> [ImportedItem] {
        if let made = subDailyItems(props, alarms: alarms, isEvent: isEvent, line: line, zones: zones, notes: &notes) { return made }
        let rules = props.filter { $0.name == "RRULE" }
        let rdates = props.filter { $0.name == "RDATE" }
        // An RDATE at another time of day than the series' has no `also:` form (those are days):
        // like an RDATE of an event without a rule, it becomes a one-off card.
        let startTime = props.first { $0.name == "DTSTART" }.flatMap { reading($0.value, tzid: $0.params["TZID"], zones) }
        func ownTime(_ p: Property) -> Bool {
            guard !rules.isEmpty, let first = p.value.split(separator: ",").first,
                  let r = reading(String(first.split(separator: "/").first ?? first), tzid: p.params["TZID"], zones),
                  r.value.minutes != nil, let st = startTime else { return false }
            return moved(r, to: st.zone, zones).minutes != st.value.minutes
        }
        let timedRDates = rdates.filter(ownTime)
        let plain = props.filter { p in
            !((p.name == "RRULE" && p.line != rules.first?.line) || (p.name == "RDATE" && (rules.isEmpty || timedRDates.contains { $0.line == p.line })))
        }
        guard let main = item(plain, alarms: alarms, isEvent: isEvent, line: line, zones: zones, notes: &notes) else { return [] }
        var out = [main]
        for (i, rule) in rules.enumerated().dropFirst() {
            let own = props.filter { !["RRULE", "RDATE"].contains($0.name) } + [rule]
            guard var sibling = item(own, alarms: alarms, isEvent: isEvent, line: line, zones: zones, notes: &notes) else { continue }
            sibling.key = main.key + "#rrule\(i + 1)"
            // Its dates are its rule's: DTSTART belongs to the first card, so this one starts at
            // its own first occurrence (as its export's DTSTART says).
            if let text = sibling.repeatRule, let r = try? RecurrenceRule.parse(text), let due = sibling.due,
               let first = r.occurrences(anchor: due.day, from: due.day, limit: 1).first {
                if first != due.day { sibling.alsoDates.removeAll { $0 == due.day } }
                sibling.due = DateValue(day: first, minutes: due.minutes)
                sibling.extras = sibling.extras.map { $0.0 == "series_start" ? ("series_start", first.iso) : $0 }
            }
            out.append(sibling)
        }
        let single: ImportedItem = {
            var one = main
            one.repeatRule = nil
            one.exceptDates = []
            one.alsoDates = []
            one.extras.removeAll { $0.0 == "series_start" }
            return one
        }()
        if rules.isEmpty || !timedRDates.isEmpty {
            let zone = main.zone.flatMap(ZonedTime.zone(named:))
            for p in rules.isEmpty ? rdates : timedRDates {
                for part in p.value.split(separator: ",") {
                    guard let r = reading(String(part.split(separator: "/").first ?? part), tzid: p.params["TZID"], zones) else {
                        notes.append("line \(p.line): RDATE value \"\(part)\" cannot be read; skipped")
                        continue
                    }
                    let at = moved(r, to: zone, zones)
                    var one = single
                    one.due = at.minutes == nil ? DateValue(day: at.day, minutes: main.due?.minutes) : at
                    one.key = main.key + "@rdate-" + at.day.iso
                    if one.due != main.due || !rules.isEmpty { out.append(one) }
                }
            }
        }
        return out
    }

    static func item(_ props: [Property], alarms: [[Property]], isEvent: Bool, line: Int, zones: Zones,
                     notes: inout [String]) -> ImportedItem? {
        func first(_ name: String) -> Property? { props.first { $0.name == name } }
        let title = first("SUMMARY").map { unescape($0.value) }.flatMap { $0.isEmpty ? nil : $0 } ?? "(no title)"
        let uid = first("UID")?.value ?? "hash-" + ImportRules.hash(props.map { "\($0.name):\($0.value)" }.joined(separator: "\n"))
        var item = ImportedItem(key: "ics:" + uid, line: line, title: title)
        item.kind = isEvent ? .event : .task
        item.emoji = Icons.pick(for: title)
        item.body = first("DESCRIPTION").map { unescape($0.value) + "\n" } ?? ""
        item.tags = props.filter { $0.name == "CATEGORIES" }.flatMap { splitList($0.value) }.map(unescape)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let p = first("PRIORITY"), let n = Int(p.value), (1...9).contains(n) { item.importance = [5, 5, 4, 4, 3, 2, 2, 1, 1][n - 1] }
        if let p = first("CREATED") { item.created = date(p, zones) }
        if let p = first("LOCATION"), !p.value.isEmpty { item.extras.append(("location", unescape(p.value))) }
        // The card's zone is its start's (a task without one: its due's); every other time of
        // the card is read on that clock, so the card means one instant wherever it is read.
        let main = first("DTSTART") ?? (isEvent ? nil : first("DUE"))
        let zoneReading = main.flatMap { reading($0.value, tzid: $0.params["TZID"], zones) }
        let zone = zoneReading?.value.minutes == nil ? nil : zoneReading?.zone
        if let zone { item.zone = ZonedTime.name(zone) }
        let start = first("DTSTART").flatMap { date($0, in: zone, zones) }
        // Minutes from the start to the end, which an alarm RELATED=END counts from.
        var length = 0
        if isEvent {
            item.due = start
            if let s = start, let e = first("DTEND").flatMap({ date($0, in: zone, zones) }) {
                length = s.day.days(until: e.day) * 1440 + (e.minutes ?? 0) - (s.minutes ?? 0)
            } else if let d = first("DURATION"), let m = durationMinutes(d.value), m > 0 {
                length = m
            }
            // A timed event lasts its length; an all-day one more than a day lasts whole days
            // (`duration: 6d`, shown on each). An end before the start is no length at all.
            if let s = start, length > 0, s.minutes != nil || length > 1440 {
                item.extras.append(("duration", s.minutes == nil ? "\((length + 1439) / 1440)d" : minutesText(length)))
            }
        } else {
            item.due = first("DUE").flatMap { date($0, in: zone, zones) }
            if item.due == nil { item.due = start } else { item.start = start }
        }
        if first("STATUS")?.value.uppercased() == "COMPLETED" {
            item.done = first("COMPLETED").flatMap { date($0, zones) } ?? item.due ?? item.created ?? start
        }
        if let p = first("RRULE") {
            do {
                let rule = try RecurrenceRule.parse(untilOnClock(p.value, start: start, tzid: first("DTSTART")?.params["TZID"], zone: zone, zones))
                item.repeatRule = rule.normalized
                if let s = start { item.extras.append(("series_start", s.day.iso)) }
            } catch {
                notes.append("line \(p.line): \(title): RRULE \(p.value) cannot be read (\(error.message)); imported as a one-off on its first date")
            }
        }
        let except = props.filter { $0.name == "EXDATE" }.flatMap { days($0, in: zone, zones, notes: &notes) }
        let also = props.filter { $0.name == "RDATE" }.flatMap { days($0, in: zone, zones, notes: &notes) }
        if let text = item.repeatRule {
            item.exceptDates = Array(Set(except)).sorted()
            // DTSTART is always an occurrence (RFC 5545), even on a day its rule would not give.
            var extra = also
            if let s = start, let rule = try? RecurrenceRule.parse(text), !rule.afterCompletion,
               rule.occurrences(anchor: s.day, from: s.day, limit: 1).first != s.day, !except.contains(s.day) {
                extra.append(s.day)
            }
            item.alsoDates = Array(Set(extra)).sorted()
        } else if let p = props.first(where: { $0.name == "EXDATE" }) {
            notes.append("line \(p.line): \(title): EXDATE without an RRULE has no card form; skipped")
        }
        var reminds: [String] = []
        for alarm in alarms {
            guard let t = alarm.first(where: { $0.name == "TRIGGER" }) else { continue }
            if t.params["VALUE"]?.uppercased() == "DATE-TIME" || t.value.first?.isNumber == true {
                // An absolute trigger: that moment, on the card's clock.
                if let r = reading(t.value, tzid: t.params["TZID"], zones), r.value.minutes != nil {
                    reminds.append(moved(r, to: zone, zones).description)
                } else {
                    notes.append("line \(t.line): \(title): an alarm at TRIGGER \(t.value) cannot be read; skipped")
                }
                continue
            }
            let negative = t.value.hasPrefix("-")
            guard let m = durationMinutes(negative ? String(t.value.dropFirst()) : t.value) else {
                notes.append("line \(t.line): \(title): an alarm at TRIGGER \(t.value) has no card form; skipped")
                continue
            }
            // Minutes after the start (before it when negative); RELATED=END counts from the end.
            let fromStart = (negative ? -m : m) + (t.params["RELATED"]?.uppercased() == "END" && isEvent ? length : 0)
            reminds.append(fromStart <= 0 ? remindText(-fromStart) : remindText(fromStart) + " after")
        }
        if !reminds.isEmpty { item.extras.append(("remind", reminds.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", "))) }
        for p in props where !known.contains(p.name) && !p.name.hasPrefix("X-") {
            notes.append("line \(p.line): \(title): \(p.name) is not imported")
        }
        return item
    }

    static let known: Set<String> = ["UID", "SUMMARY", "DESCRIPTION", "CATEGORIES", "PRIORITY", "CREATED", "DTSTART", "DTEND",
                                     "DURATION", "DUE", "STATUS", "LOCATION", "COMPLETED", "RRULE", "EXDATE", "RDATE", "DTSTAMP",
                                     "LAST-MODIFIED", "SEQUENCE", "TRANSP", "CLASS", "PERCENT-COMPLETE", "RECURRENCE-ID"]

    // MARK: Lines

    /// Logical lines with the physical line each starts on: CRLF or LF, and a line starting with
    /// a space or tab continues the one before (RFC 5545 3.1).
    static func unfold(_ text: String) -> [(text: String, line: Int)] {
        var out: [(text: String, line: Int)] = []
        // "\r\n" is one Character in Swift, so the line ends are made plain "\n" first.
        let body = (text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for (i, raw) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if let f = line.first, f == " " || f == "\t", !out.isEmpty {
                out[out.count - 1].text += line.dropFirst()
            } else {
                out.append((line, i + 1))
            }
        }
        return out
    }

    /// `NAME;P=V;Q="a:b":VALUE` → name, parameters, value; nil without a colon.
    static func property(_ text: String, line: Int) -> Property? {
        var inQuotes = false
        var colon: String.Index?
        for i in text.indices {
            if text[i] == "\"" { inQuotes.toggle() } else if text[i] == ":" && !inQuotes { colon = i; break }
        }
        guard let colon else { return nil }
        let head = text[..<colon].split(separator: ";").map(String.init)
        var params: [String: String] = [:]
        for p in head.dropFirst() {
            let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { params[kv[0].uppercased()] = kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return Property(name: (head.first ?? "").uppercased(), params: params, value: String(text[text.index(after: colon)...]), line: line)
    }

    /// TEXT unescaping: `\\`, `\;`, `\,`, `\n`/`\N`.
    static func unescape(_ s: String) -> String {
        var out = "", escaped = false
        for ch in s {
            if escaped {
                out.append(ch == "n" || ch == "N" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// Splits a list value on commas that are not escaped.
    static func splitList(_ s: String) -> [String] {
        var parts: [String] = [], current = "", escaped = false
        for ch in s {
            if escaped { current.append(ch); escaped = false; continue }
            if ch == "\\" { current.append(ch); escaped = true; continue }
            if ch == "," { parts.append(current); current = "" } else { current.append(ch) }
        }
        parts.append(current)
        return parts
    }
}
