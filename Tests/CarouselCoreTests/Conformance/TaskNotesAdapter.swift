import Foundation
@testable import CarouselCore

/// The suite's operations, answered by Carousel's own code where it has an answer. Every answer
/// is an envelope (`ok` with `result`, or `ok: false` with `error`); nothing throws.
struct TaskNotesAdapter {
    let claim = (profiles: Set(["core-lite", "recurrence"]), capabilities: Set<String>())

    static let operations: Set<String> = [
        "meta.claim", "meta.has_capability", "meta.has_profile",
        "date.parse_utc", "date.parse_local", "date.validate", "date.get_part", "date.has_time",
        "date.is_same", "date.is_before", "date.resolve_operation_target", "date.day_in_timezone",
        "recurrence.complete", "recurrence.recalculate",
    ]

    /// The runner's today.
    static let today = Day(year: 2026, month: 2, day: 20)!

    func implements(_ operation: String) -> Bool { TaskNotesAdapter.operations.contains(operation) }

    func execute(_ operation: String, _ input: [String: Any]) -> [String: Any] {
        func ok(_ result: [String: Any]) -> [String: Any] { ["ok": true, "result": result] }
        func fail(_ error: String) -> [String: Any] { ["ok": false, "error": error] }
        switch operation {
        case "meta.claim":
            return ok(["implementation": "carousel", "version": "0.1.0", "spec_version": "0.1.0", "validation_modes": ["strict"],
                       "profiles": claim.profiles.sorted(), "capabilities": claim.capabilities.sorted()])
        case "meta.has_capability": return ok(["value": claim.capabilities.contains(input["capability"] as? String ?? "")])
        case "meta.has_profile": return ok(["value": Conformance.expand(claim.profiles).contains(input["profile"] as? String ?? "")])
        case "date.parse_utc", "date.parse_local", "date.validate", "date.get_part":
            guard let text = input["value"] as? String, let parsed = Written(text) else { return fail("Invalid date: \(input["value"] ?? "")") }
            switch operation {
            case "date.parse_utc": return ok(["date": parsed.utcDay.iso])
            case "date.parse_local":
                // A date-time with a zone is an instant; its day is read in UTC, the zone the suite runs in.
                let day = parsed.offsetMinutes == nil ? parsed.day : parsed.utcDay
                return ok(["localDate": day.iso, "isoDate": day.iso])
            case "date.validate": return ok(["value": text])
            default: return ok(["value": parsed.day.iso])
            }
        case "date.has_time":
            // The suite's rule is textual: a `T` followed by HH:MM anywhere.
            let text = input["value"] as? String ?? ""
            return ok(["value": text.range(of: "T[0-9]{2}:[0-9]{2}", options: .regularExpression) != nil])
        case "date.is_same", "date.is_before":
            guard let a = (input["a"] as? String).flatMap(Written.init), let b = (input["b"] as? String).flatMap(Written.init) else {
                return ok(["value": false])
            }
            return ok(["value": operation == "date.is_same" ? a.day == b.day : a.day < b.day])
        case "date.resolve_operation_target":
            if let text = input["explicitDate"] as? String {
                guard let w = Written(text) else { return fail("Invalid date: \(text)") }
                return ok(["value": w.day.iso])
            }
            for key in ["scheduled", "due"] {
                if let w = (input[key] as? String).flatMap(Written.init) { return ok(["value": w.day.iso]) }
            }
            // No date given: today, which the runner pins (it never reads the clock).
            return ok(["value": TaskNotesAdapter.today.iso])
        case "date.day_in_timezone":
            guard let zone = (input["timezone"] as? String).flatMap(TimeZone.init(identifier:)) else { return fail("Invalid timezone") }
            guard let text = input["instant"] as? String, let w = Written(text), let instant = w.instant else { return fail("Invalid instant") }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let c = calendar.dateComponents([.year, .month, .day], from: instant)
            guard let day = Day(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0) else { return fail("Invalid instant") }
            return ok(["value": day.iso])
        case "recurrence.complete", "recurrence.recalculate":
            return recurrence(operation == "recurrence.complete", input)
        default:
            return fail("unsupported operation \(operation)")
        }
    }
}

extension TaskNotesAdapter {
    /// Completing an instance (`recurrence.complete`) or finding the next one from a day
    /// (`recurrence.recalculate`), with Carousel's recurrence engine: the rule counts from
    /// DTSTART (the completion day for `recurrenceAnchor: completion` when completing, else
    /// `scheduled`, the rule's own DTSTART, `due` or `dateCreated`), and the next instance is the
    /// first one after that is neither completed nor skipped. `due` keeps its distance from
    /// `scheduled`.
    func recurrence(_ completing: Bool, _ input: [String: Any]) -> [String: Any] {
        func day(_ key: String) -> Day? { (input[key] as? String).flatMap(Written.init)?.day }
        func days(_ key: String) -> Set<Day> { Set((input[key] as? [String] ?? []).compactMap { Written($0)?.day }) }
        guard let text = input["recurrence"] as? String else { return ["ok": false, "error": "Expected a recurrence rule"] }
        let (ruleText, dtstart) = TaskNotesFields.splitRecurrence(text.hasPrefix("RRULE:") ? String(text.dropFirst(6)) : text)
        guard let rule = try? RecurrenceRule.parse(ruleText) else { return ["ok": false, "error": "Invalid recurrence: \(text)"] }
        let byCompletion = input["recurrenceAnchor"] as? String == "completion"
        var complete = days("completeInstances"), skipped = days("skippedInstances")
        let from: Day
        var start = day("scheduled") ?? dtstart ?? day("due") ?? day("dateCreated")
        if completing {
            guard let done = day("completionDate") else { return ["ok": false, "error": "Invalid completionDate"] }
            complete.insert(done)
            skipped.remove(done)
            if byCompletion { start = done }
            from = done.adding(days: 1)
        } else {
            guard let reference = day("referenceDate") else { return ["ok": false, "error": "Invalid referenceDate"] }
            if byCompletion { start = dtstart ?? start }
            from = reference
        }
        guard let anchor = start ?? day("completionDate") ?? day("referenceDate") else { return ["ok": false, "error": "Expected a start date"] }
        let compact = anchor.iso.replacingOccurrences(of: "-", with: "")
        var result: [String: Any] = [
            "completeInstances": complete.sorted().map(\.iso), "skippedInstances": skipped.sorted().map(\.iso),
            "updatedRecurrence": "DTSTART:\(compact);" + ruleText,
        ]
        let next = rule.occurrences(anchor: anchor, from: from, limit: 1000)
            .first { !skipped.contains($0) && (byCompletion || !complete.contains($0)) }
        if let next {
            result["nextScheduled"] = next.iso
            if let s = day("scheduled"), let d = day("due") { result["nextDue"] = next.adding(days: s.days(until: d)).iso }
        }
        return ["ok": true, "result": result]
    }
}

/// A date or date-time as TaskNotes writes one: `2026-02-20`, `2026-02-20T09:30`, with seconds,
/// fractions and a zone (`Z`, `+05:30`). The calendar day is read by Carousel's `DateValue`; the
/// zone, when there is one, gives the instant and so the UTC day.
struct Written {
    let day: Day
    let minutes: Int?
    let offsetMinutes: Int?
    let seconds: Int

    init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard t.count >= 10, let value = DateValue(text: t) else { return nil }
        day = value.day
        minutes = value.minutes
        var offset: Int?
        var secs = 0
        if t.count > 16 {
            let rest = t.dropFirst(16)
            if rest.hasPrefix(":") {
                let digits = rest.dropFirst().prefix(2)
                guard digits.count == 2, let s = Int(digits), s < 60 else { return nil }
                secs = s
            }
            if rest.hasSuffix("Z") || rest.hasSuffix("z") { offset = 0 }
            else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
                let zone = rest[rest.index(after: sign)...].replacingOccurrences(of: ":", with: "")
                guard zone.count == 4, let hh = Int(zone.prefix(2)), let mm = Int(zone.suffix(2)), hh < 24, mm < 60 else { return nil }
                offset = (rest[sign] == "-" ? -1 : 1) * (hh * 60 + mm)
            }
        }
        offsetMinutes = offset
        seconds = secs
    }

    /// The instant, for a date-time with a zone.
    var instant: Date? {
        guard let minutes, let offsetMinutes else { return nil }
        let epochDays = day.dayNumber - Day(year: 1970, month: 1, day: 1)!.dayNumber
        return Date(timeIntervalSince1970: TimeInterval(epochDays * 86_400 + (minutes - offsetMinutes) * 60 + seconds))
    }

    /// The day in UTC: the written day unless a zone moves the instant across midnight.
    var utcDay: Day {
        guard let minutes, let offsetMinutes else { return day }
        let utc = minutes - offsetMinutes
        return Day(dayNumber: day.dayNumber + (utc < 0 ? -1 : utc >= 1440 ? 1 : 0))
    }
}
