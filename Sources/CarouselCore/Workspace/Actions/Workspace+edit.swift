/// The outcome of checking a card after someone edited it in their editor.
public enum EditCheck: Sendable {
    case unchanged
    /// It parses; these fields (and `body`) differ from before.
    case changed(Card, fields: [String])
    case invalid(FileDiagnostic)
}

extension Workspace {
    /// Compares the edited text with the original, validating it the way every read does.
    public func checkEdit(of card: Card, original: String, edited: String) -> EditCheck {
        if original == edited { return .unchanged }
        let parsed: ParsedCard
        do {
            parsed = try CardParser.parse(text: edited, path: card.path)
        } catch {
            return .invalid(error)
        }
        return .changed(parsed.card, fields: Workspace.changedFields(original, edited))
    }

    /// Top-level keys whose lines differ, in the order of the edited file, then `body`.
    static func changedFields(_ a: String, _ b: String) -> [String] {
        guard let old = try? FrontMatterDocument(text: a), let new = try? FrontMatterDocument(text: b) else { return [] }
        func keys(_ d: FrontMatterDocument) -> [String] { d.lines.compactMap(FrontMatterDocument.topLevelKey(of:)) }
        func lines(_ d: FrontMatterDocument, _ k: String) -> [String]? { d.lineRange(of: k).map { Array(d.lines[$0]) } }
        var out: [String] = []
        for k in keys(new) + keys(old) where !out.contains(k) && lines(old, k) != lines(new, k) { out.append(k) }
        if old.body != new.body { out.append("body") }
        return out
    }

    /// Commits an edit that `checkEdit` accepted: "edit: Call Mum (due, tags)".
    public func commitEdit(_ card: Card, text: String, fields: [String]) throws(CarouselError) {
        let list = fields.isEmpty ? "" : " (" + fields.joined(separator: ", ") + ")"
        try commit([FileWrite(path: card.path, text: text)], message: "edit: \(card.title)\(list)")
    }
}
