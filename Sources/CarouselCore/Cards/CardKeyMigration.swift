import Foundation

/// Rewrites a card's keys from Carousel's to TaskNotes' or back (`carousel migrate`). Each key
/// is renamed where it stands, with its value, comments and every other line as they were; a
/// card that would read differently afterwards is left as it is, with the reason.
extension CardFile {
    /// Rewrites the keys into `format` under `layout`'s names. Nil when the card reads as the
    /// same card afterwards (or nothing needed changing); otherwise why it was put back.
    public mutating func migrate(to format: Settings.CardFormat, layout: VaultLayout) -> String? {
        let before = (document, card)
        switch format {
        case .tasknotes: toTaskNotes(layout)
        case .carousel: toCarousel(layout)
        }
        reparseAfterMigration()
        if let difference = CardFile.difference(before.1, card, taskTag: layout.taskTag) {
            (document, card) = before
            return difference
        }
        return nil
    }

    private func hasLine(_ key: String) -> Bool { document.lineRange(of: key) != nil }

    /// Replaces the field `key` (in place) with `lines`, which start with another key.
    private mutating func replace(_ key: String, with lines: [String]) {
        document.set(key, renderedLines: lines)
    }

    private mutating func toTaskNotes(_ layout: VaultLayout) {
        let p = layout.property
        for (from, to) in [("start", p("scheduled")), ("created", p("dateCreated")),
                           ("completed", p("complete_instances")), ("skipped", p("skipped_instances"))] where hasLine(from) {
            document.renameKey(from, to: to)
        }
        if hasLine("importance"), !hasLine(p("priority")) {
            replace("importance", with: [YAMLRender.line(p("priority"), string: layout.priority(ofImportance: card.importance))])
        }
        if hasLine("blocked_by"), !hasLine(p("blockedBy")) {
            var lines = [p("blockedBy") + ":"]
            for b in card.blockedBy {
                lines.append("  - uid: " + YAMLRender.scalar("[[\(b.ref)]]", style: .double))
                lines.append("    reltype: " + b.reltype)
            }
            replace("blocked_by", with: card.blockedBy.isEmpty ? [p("blockedBy") + ": []"] : lines)
        }
        // An after-done rule is TaskNotes' interval counted from completion (its RRULE has no end).
        if hasLine("repeat"), !hasLine(p("recurrence")), let text = card.repeatRule, let rule = try? RecurrenceRule.parse(text),
           !rule.afterCompletion || rule.end == .never, let start = Series.start(of: card) {
            replace("repeat", with: [YAMLRender.line(p("recurrence"), string: "DTSTART:\(start.basicISO);" + rule.rrule)])
            document.remove("series_start")
            if rule.afterCompletion {
                let anchor = p("recurrence_anchor")
                document.set(anchor, renderedLines: [YAMLRender.line(anchor, string: "completion")])
            }
        }
        let statusKey = p("status")
        if !hasLine(statusKey) {
            if !card.isRepeating, let done = card.done, hasLine("done") {
                replace("done", with: [YAMLRender.line(statusKey, string: layout.doneStatus)])
                document.set(p("completedDate"), renderedLines: [YAMLRender.line(p("completedDate"), string: done.day.iso)])
            } else if card.done == nil {
                document.set(statusKey, renderedLines: [YAMLRender.line(statusKey, string: layout.openStatus)])
            }
        }
        if !card.tags.contains(where: { $0.caseInsensitiveCompare(layout.taskTag) == .orderedSame }) {
            set("tags", list: [layout.taskTag] + card.tags)
        }
    }

    private mutating func toCarousel(_ layout: VaultLayout) {
        let p = layout.property
        for (froms, to) in [([p("scheduled")], "start"), ([p("dateCreated"), "date_created"], "created"),
                            ([p("complete_instances"), "completeInstances"], "completed"),
                            ([p("skipped_instances"), "skippedInstances"], "skipped")] where !hasLine(to) {
            if let from = froms.first(where: hasLine) { document.renameKey(from, to: to) }
        }
        if hasLine(p("priority")), !hasLine("importance") {
            replace(p("priority"), with: [YAMLRender.line("importance", int: card.importance)])
        }
        if hasLine(p("blockedBy")), !hasLine("blocked_by"), card.blockedBy.allSatisfy({ $0.reltype == "FINISHTOSTART" }) {
            replace(p("blockedBy"), with: [YAMLRender.line("blocked_by", list: card.blockedBy.map(\.ref))])
        }
        if hasLine(p("recurrence")), !hasLine("repeat"), let text = card.repeatRule {
            let start = card.seriesStart
            let rule = try? RecurrenceRule.parse(text)
            replace(p("recurrence"), with: [YAMLRender.line("repeat", string: rule?.normalized ?? text)])
            document.remove(p("recurrence_anchor"))
            document.remove("recurrenceAnchor")
            if let start, rule?.afterCompletion != true, !hasLine("series_start") {
                document.set("series_start", renderedLines: [YAMLRender.line("series_start", string: start.iso)])
            }
        }
        let statusKey = hasLine(p("status")) ? p("status") : "status"
        if let value = statusValue, layout.statuses.contains(value), !hasLine("done") {
            if card.isRepeating {
                if !layout.completedStatuses.contains(value) { document.remove(statusKey) }
            } else if let done = card.done {
                replace(statusKey, with: [YAMLRender.line("done", string: done.description)])
                document.remove(p("completedDate"))
                document.remove("completed_date")
            } else {
                document.remove(statusKey)
            }
        }
    }

    private mutating func reparseAfterMigration() {
        document.keyLines = CardFile.keyLines(of: document)
        if let parsed = try? CardParser.parse(text: document.text, path: path) { card = parsed.card }
    }

    /// What reads differently between two readings of a card, or nil. Importance may round
    /// (TaskNotes has fewer priorities than Carousel has importances), and the task tag may be added.
    static func difference(_ a: Card, _ b: Card, taskTag: String) -> String? {
        func rule(_ c: Card) -> String? { c.repeatRule.flatMap { try? RecurrenceRule.parse($0) }.map { $0.normalized } }
        let tagsA = a.tags.filter { $0.caseInsensitiveCompare(taskTag) != .orderedSame }
        let tagsB = b.tags.filter { $0.caseInsensitiveCompare(taskTag) != .orderedSame }
        let checks: [(String, Bool)] = [
            ("title", a.title == b.title), ("due", a.due == b.due), ("start", a.start == b.start),
            ("done", a.done?.day == b.done?.day), ("completed", a.completed == b.completed), ("skipped", a.skipped == b.skipped),
            ("repeat", rule(a) == rule(b)), // An after-done rule counts from its due day, not from a start.
            ("series start", !a.isRepeating || a.repeatRule.flatMap({ try? RecurrenceRule.parse($0) })?.afterCompletion == true || Series.start(of: a) == Series.start(of: b)),
            ("created", a.created == b.created), ("tags", tagsA == tagsB),
            ("blocked_by", a.blockedBy.map(\.ref) == b.blockedBy.map(\.ref)), ("id", a.id == b.id),
        ]
        return checks.first { !$0.1 }.map { "its \($0.0) would read differently" }
    }
}
