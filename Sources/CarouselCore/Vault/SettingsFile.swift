/// A line editor for the top-level keys of `carousel.yaml`: setting one key rewrites only its
/// line (keeping a trailing comment), so the person's comments and layout survive.
public struct SettingsFile: Sendable {
    public internal(set) var lines: [String]
    let newline: String
    let trailingNewline: Bool

    public init(text: String) {
        newline = text.contains("\r\n") ? "\r\n" : "\n"
        trailingNewline = text.hasSuffix("\n")
        var body = text
        if trailingNewline { body.removeLast() }  // "\r\n" is one Character
        lines = body.isEmpty ? [] : body.components(separatedBy: newline == "\r\n" ? "\r\n" : "\n")
    }

    public var text: String { lines.joined(separator: newline) + (trailingNewline || lines.isEmpty ? newline : "") }

    /// Sets `key: value` (value already rendered as YAML). A block value under the key is replaced.
    public mutating func set(_ key: String, rendered value: String) {
        let line = "\(key): \(value)"
        guard let i = lines.firstIndex(where: { FrontMatterDocument.topLevelKey(of: $0) == key }) else {
            var at = lines.count
            while at > 0, lines[at - 1].trimmingCharacters(in: .whitespaces).isEmpty { at -= 1 }
            lines.insert(line, at: at)
            return
        }
        var end = i + 1
        while end < lines.count, FrontMatterDocument.isContinuation(lines, end) { end += 1 }
        let comment = end == i + 1 ? FrontMatterDocument.trailingComment(lines[i]) : nil
        lines.replaceSubrange(i..<end, with: [line + (comment.map { Self.realign($0, after: line, like: lines[i]) } ?? "")])
    }

    /// Keeps a trailing comment in the column it stood in when the new value is no longer.
    static func realign(_ comment: String, after line: String, like old: String) -> String {
        let text = comment.drop { $0 == " " || $0 == "\t" }
        let column = old.count - comment.count + (comment.count - text.count)
        let pad = max(1, column - line.count)
        return String(repeating: " ", count: pad) + text
    }
}

extension Settings {
    /// The settings guardrail: changing a setting on days 1 to 3 of use (day 1 being `started`)
    /// earns a gentle note; from day 4 on, and when `started` is unknown, nothing is said.
    public static func guardrailApplies(started: Day?, today: Day) -> Bool {
        guard let started else { return false }
        let dayOfUse = started.days(until: today) + 1
        return (1...3).contains(dayOfUse)
    }

    public static let guardrailNote = "You've only just started — maybe try using it for a day or two before tweaking things?"
}
