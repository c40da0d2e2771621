/// One occurrence of a series changed on its own (RFC 5545 `RECURRENCE-ID`): the same `UID` as
/// the series, the original date in `RECURRENCE-ID`, and what it became.
///
/// The series skips the original day (`except:`). A cancelled occurrence is only that. A moved one
/// with the series' title and time of day comes back on its new day (`also:`); one whose title or
/// time changed becomes its own one-off card (import key `ics:UID@DAY`), so the calendar shows it
/// as the file says.
extension ICalendarImport {
    struct Override {
        var props: [Property]
        var alarms: [[Property]]
        var isEvent: Bool
        var line: Int
    }

    static func apply(_ o: Override, to plan: inout ImportPlan, zones: Zones, all: [Override] = []) {
        func first(_ name: String) -> Property? { o.props.first { $0.name == name } }
        let uid = first("UID")?.value ?? ""
        // The original day on the series' clock: the series' zone, whatever machine reads the file.
        let seriesZone = plan.items.first { $0.key == "ics:" + uid && $0.repeatRule != nil }?.zone.flatMap(ZonedTime.zone(named:))
        guard let rid = first("RECURRENCE-ID"), let original = date(rid, in: seriesZone, zones)?.day else {
            plan.notes.append("line \(o.line): RECURRENCE-ID \(first("RECURRENCE-ID")?.value ?? "") cannot be read; skipped")
            return
        }
        var props = o.props.filter { !["RRULE", "EXDATE", "RDATE"].contains($0.name) }
        if !props.contains(where: { $0.name == "DTSTART" }) { props.append(Property(name: "DTSTART", params: rid.params, value: rid.value, line: rid.line)) }
        guard var moved = item(props, alarms: o.alarms, isEvent: o.isEvent, line: o.line, zones: zones, notes: &plan.notes) else { return }
        // Compared with the series on the series' clock.
        if let z = seriesZone, let due = moved.due, let own = moved.zone.flatMap(ZonedTime.zone(named:)), own.identifier != z.identifier {
            moved.due = ZonedTime.convert(due, from: own, to: z)
            moved.zone = ZonedTime.name(z)
        }
        moved.key = "ics:\(uid)@\(original.iso)"
        let cancelled = first("STATUS")?.value.uppercased() == "CANCELLED"
        let future = rid.params["RANGE"]?.uppercased() == "THISANDFUTURE"
        guard let m = plan.items.firstIndex(where: { $0.key == "ics:" + uid && $0.repeatRule != nil }) else {
            if cancelled { return }
            plan.notes.append("line \(o.line): \(moved.title): the series this occurrence of \(original.iso) belongs to is not in the file; imported as a one-off")
            plan.items.append(moved)
            return
        }
        var series = plan.items[m]
        if future {
            split(&series, at: original, into: cancelled ? nil : moved, plan: &plan)
            plan.items[m] = series
            return
        }
        series.exceptDates = Array(Set(series.exceptDates + [original])).sorted()
        if !cancelled, let day = moved.due?.day {
            // A day holds one occurrence of a series: one moved onto a day that has one already
            // (another moved there, or the rule's own that no override replaces) is its own card.
            let replaced = Set(all.filter { $0.props.first { $0.name == "UID" }?.value == uid }.compactMap { other in
                other.props.first { $0.name == "RECURRENCE-ID" }.flatMap { date($0, in: seriesZone, zones)?.day }
            })
            let start = series.extras.first { $0.0 == "series_start" }.flatMap { Day(iso: $0.1) } ?? series.due?.day
            let ruleDay = series.repeatRule.flatMap { try? RecurrenceRule.parse($0) }.flatMap { r in
                start.map { r.occurrences(anchor: $0, from: day, limit: 1).first == day }
            } ?? false
            let occupied = series.alsoDates.contains(day) || (ruleDay && !replaced.contains(day) && !series.exceptDates.contains(day))
            if moved.title == series.title, moved.due?.minutes == series.due?.minutes, !occupied {
                series.alsoDates = Array(Set(series.alsoDates + [day])).sorted()
            } else {
                plan.items.append(moved)
            }
        }
        plan.items[m] = series
    }

    /// `RANGE=THISANDFUTURE`: the series ends the day before `original`, and (unless cancelled)
    /// what the override says goes on as a series of its own from its new start, with the same
    /// rule moved by as many days as the occurrence moved (`COUNT` shared out between the two).
    static func split(_ series: inout ImportedItem, at original: Day, into moved: ImportedItem?, plan: inout ImportPlan) {
        guard let text = series.repeatRule, var rule = try? RecurrenceRule.parse(text),
              let start = series.extras.first(where: { $0.0 == "series_start" }).flatMap({ Day(iso: $0.1) }) ?? series.due?.day else { return }
        let whole = rule
        var before = 0
        if case .count(let n) = rule.end {
            before = rule.occurrences(anchor: start, from: start, limit: n).filter { $0 < original }.count
            rule.end = .count(max(before, 1))
        } else {
            rule.end = .until(original.adding(days: -1))
        }
        series.repeatRule = rule.normalized
        let later = { (d: Day) in d >= original }
        let laterExcept = series.exceptDates.filter(later), laterAlso = series.alsoDates.filter(later)
        series.exceptDates.removeAll(where: later)
        series.alsoDates.removeAll(where: later)
        guard var next = moved, let day = next.due?.day else { return }
        var rest = whole
        if case .count(let n) = whole.end { rest.end = .count(max(n - before, 1)) }
        let shift = ((original.days(until: day) % 7) + 7) % 7
        if shift != 0, !rest.byDay.isEmpty {
            rest.byDay = rest.byDay.map { var w = $0; w.weekday = (w.weekday - 1 + shift) % 7 + 1; return w }
        }
        next.repeatRule = rest.normalized
        // Its own key, which the export sends back as its UID (`UID@from-DAY`).
        next.key = series.key + "@from-" + original.iso
        next.extras.removeAll { $0.0 == "series_start" }
        next.extras.append(("series_start", day.iso))
        next.exceptDates = laterExcept.map { $0.adding(days: original.days(until: day)) }
        next.alsoDates = laterAlso.map { $0.adding(days: original.days(until: day)) }
        plan.items.append(next)
    }
}
