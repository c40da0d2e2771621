extension QuickCapture {
    /// The fields a flag of `add` set itself (`--due`, `--tags`, …), so the line's word for them
    /// is not what the card shows.
    public enum Flagged: Hashable, Sendable {
        /// `--due` as an ISO date, and `--due` in words (`--due friday`, which the line names).
        case due, dueInWords, tags, category, importance, spoons, repeatRule, kind, parent }

    /// What the line was read as, for the "Understood:" line the command line and the page both
    /// show (`title "Call Mum" · due Tue 24 Nov · tag family`), ending with each word kept in the
    /// title that looks like a marker, and what would work. `typed` is the line as typed.
    public func understood(card: Card, typed: String, flagged: Set<Flagged> = []) -> [String] {
        var parts: [String] = []
        if title != typed { parts.append("title \"\(card.title)\"") }
        if let d = card.due?.day, flagged.contains(.dueInWords) || (!flagged.contains(.due) && due != nil) { parts.append("due " + Words.shortDate(d)) }
        if let start = card.start, let text = start.timeText, !flagged.isDisjoint(with: [.due, .dueInWords]) || time != nil {
            parts.append("starts " + (start.day == card.due?.day ? "" : Words.shortDate(start.day) + " ") + text)
        }
        if !flagged.contains(.tags) { parts += tags.map { "tag \($0)" } }
        if let category, !flagged.contains(.category) { parts.append("category \(category)") }
        if let importance, !flagged.contains(.importance) { parts.append("importance \(importance)") }
        if let spoons, !flagged.contains(.spoons) { parts.append(spoons == 1 ? "1 spoon" : "\(spoons) spoons") }
        if let repeatRule, !flagged.contains(.repeatRule) { parts.append("repeats \(repeatRule)") }
        if let remind { parts.append("remind \(remind)") }
        if let kind, !flagged.contains(.kind) { parts.append("kind \(kind.rawValue)") }
        if let parent, !flagged.contains(.parent) { parts.append("parent \(parent)") }
        if let firstStep { parts.append("first step \"\(firstStep)\"") }
        if someday { parts.append("no date (someday)") }
        parts += unread.map { "kept in the title: \($0.word) (\($0.hint))" }
        return parts
    }

    /// The whole "Understood: …" line, or nil when nothing was read.
    public func understoodLine(card: Card, typed: String, flagged: Set<Flagged> = []) -> String? {
        let parts = understood(card: card, typed: typed, flagged: flagged)
        return parts.isEmpty ? nil : "Understood: " + parts.joined(separator: " · ")
    }
}
