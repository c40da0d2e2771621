/// TaskNotes' keys for the roles Carousel has (its specification's default mapping, in both the
/// camelCase and snake_case spellings it reads): a file written by TaskNotes reads as the card
/// it describes. Carousel's own key wins when both are there. Values TaskNotes writes that
/// Carousel cannot read (a status or priority of its own) are warnings, never errors: the card
/// still shows.
enum TaskNotesFields {
    /// Carousel's role → TaskNotes' keys for it, the first the one TaskNotes writes by default.
    static let keys: [String: [String]] = [
        "completed": ["complete_instances", "completeInstances"],
        "skipped": ["skipped_instances", "skippedInstances"],
        "created": ["dateCreated", "date_created"],
        "start": ["scheduled"],
        "blocked_by": ["blockedBy"],
    ]

    /// TaskNotes' default priorities for Carousel's importance (read back by
    /// `VaultLayout.importanceOfPriority`: none 1, low 2, normal 3, high 5).
    static func priority(ofImportance n: Int) -> String {
        switch n {
        case ...1: return "none"
        case 2: return "low"
        case 3: return "normal"
        default: return "high"
        }
    }

    /// A card file's text with its `dateModified:` (or `date_modified:`) set to `stamp`, as
    /// TaskNotes does on every change (with its offset, `TaskNotesStamp`); the text as it was
    /// when it has neither.
    static func touchingModified(_ text: String, stamp: DateValue) -> String {
        let renamed = VaultLayout.active.property("dateModified")
        guard text.contains("\n\(renamed):") || text.contains("\ndate_modified:"),
              var document = try? FrontMatterDocument(text: text) else { return text }
        let key = document.lineRange(of: renamed) != nil ? renamed : "date_modified"
        guard document.lineRange(of: key) != nil else { return text }
        let value = TaskNotesStamp.text(stamp)
        let style = document.firstLine(of: key).map(YAMLRender.style(ofLine:)) ?? .plain
        document.set(key, renderedLines: [YAMLRender.line(key, string: value, style: style)])
        return document.text
    }

    /// Whether a rule is a plain interval (no BY… parts), which
    /// Carousel can count from the day it was done ("2 weeks after done").
    static func canCountFromDone(_ rule: RecurrenceRule) -> Bool {
        !rule.rrule.contains("BY") && !rule.rrule.contains("WKST")
            && (try? RecurrenceRule.parse({ var r = rule; r.afterCompletion = true; return r.normalized }())) != nil
    }

    /// `DTSTART:20260101;FREQ=WEEKLY;BYDAY=FR` → the rule without its start, and the start day.
    static func splitRecurrence(_ text: String) -> (rule: String, start: Day?) {
        var start: Day?
        var parts: [String] = []
        for part in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if part.uppercased().hasPrefix("DTSTART") {
                let value = part.split(separator: ":").last.map(String.init) ?? ""
                let digits = Array(value.prefix(8))
                if digits.count == 8, let day = Day(iso: String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8])) { start = day }
            } else if !part.isEmpty {
                parts.append(part)
            }
        }
        return (parts.joined(separator: ";"), start)
    }
}

extension CardParser {
    /// Reads TaskNotes' keys into `card` (after Carousel's own keys, which win).
    static func applyTaskNotes<Field: CardFieldValue>(_ fields: [Field], to card: inout Card, layout: VaultLayout, warnings: inout [FileDiagnostic],
                                                      diag: Diagnose) {
        let own = Set(fields.map(\.key))
        func first(_ role: String) -> Field? {
            guard !own.contains(role) else { return nil }
            return TaskNotesFields.keys[role]?.lazy.compactMap { k in fields.first { $0.key == k } }.first
        }
        func days(_ f: Field) -> [Day] {
            if f.isNull { return [] }
            let items = f.listItems?.map(\.text) ?? [f.text]
            var result: [Day] = []
            for item in items {
                if let d = item.flatMap({ DateValue(text: $0)?.day }) { result.append(d) } else {
                    warnings.append(diag(f.line, f.column, "\(f.key) must list dates like 2026-11-20; \"\(item ?? "a nested value")\" is left out", .warning))
                }
            }
            return Array(Set(result)).sorted()
        }
        func date(_ f: Field) -> DateValue? {
            guard !f.isNull, let text = f.text else { return nil }
            guard let v = DateValue(text: text) else {
                warnings.append(diag(f.line, f.column, "\(f.key) is not a date Carousel reads (\"\(text)\"); left as it is", .warning))
                return nil
            }
            return v
        }
        if let f = first("completed") { card.completed = days(f) }
        if let f = first("skipped") { card.skipped = days(f) }
        if let f = first("created"), let d = date(f) { card.created = d }
        if let f = first("start"), let d = date(f) { card.start = d }
        if !own.contains("importance"), let f = fields.first(where: { $0.key == "priority" }), let p = f.text, !f.isNull {
            if let n = layout.importanceOfPriority[p.lowercased()] { card.importance = n } else {
                warnings.append(diag(f.line, f.column, "priority \"\(p)\" is not one of \(layout.priorities.joined(separator: ", ")); importance stays \(card.importance)", .warning))
            }
        }
        if !own.contains("repeat"), let f = fields.first(where: { $0.key == "recurrence" }), let text = f.text, !text.isEmpty {
            let (rule, start) = TaskNotesFields.splitRecurrence(text)
            if var parsed = try? RecurrenceRule.parse(rule) {
                card.repeatRule = rule
                if card.seriesStart == nil { card.seriesStart = start }
                // `recurrence_anchor: completion`: the next one counts from the day it was done.
                if let anchor = fields.first(where: { ["recurrence_anchor", "recurrenceAnchor"].contains($0.key) }),
                   anchor.text?.lowercased() == "completion" {
                    if TaskNotesFields.canCountFromDone(parsed) {
                        parsed.afterCompletion = true
                        card.repeatRule = parsed.normalized
                    } else {
                        warnings.append(diag(anchor.line, anchor.column, "recurrence_anchor completion with \"\(rule)\" cannot count from the day it was done in Carousel (only a plain interval can, like FREQ=WEEKLY;INTERVAL=2); its dates are counted from DTSTART", .warning))
                    }
                }
            } else {
                warnings.append(diag(f.line, f.column, "recurrence \"\(text)\" does not read as a rule; showing the card without recurrence", .warning))
            }
        }
        if !own.contains("done"), let f = fields.first(where: { $0.key == "status" }), let s = f.text,
           layout.completedStatuses.contains(s.lowercased()), !card.isRepeating {
            let completedDate = ["completedDate", "completed_date"].lazy.compactMap { k in fields.first { $0.key == k } }.first.flatMap(date)
            card.done = completedDate ?? card.created ?? DateValue(day: Day(dayNumber: 0))
        }
    }
}
