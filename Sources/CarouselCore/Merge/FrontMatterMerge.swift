import Yams

/// Merges three versions of a front-matter document field by field, then the body line by line.
///
/// The result starts from our text, and only fields whose merged value differs from ours are
/// rewritten, so every untouched byte of our side survives.
struct FrontMatterMerge {
    let path: String
    let base: FrontMatterDocument
    let ours: FrontMatterDocument
    let theirs: FrontMatterDocument
    let rule: ClashRule
    /// Human words for the two sides, used in clash notes and body headings.
    let oursLabel: String
    let theirsLabel: String
    private(set) var notes: [String] = []
    private(set) var conflicts: [String] = []

    init(path: String, base: FrontMatterDocument, ours: FrontMatterDocument, theirs: FrontMatterDocument,
         rule: ClashRule, oursLabel: String, theirsLabel: String) {
        self.path = path
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.rule = rule
        self.oursLabel = oursLabel
        self.theirsLabel = theirsLabel
    }

    /// The merged document; nil when a side's front-matter is not YAML (the caller falls back).
    mutating func run() -> FrontMatterDocument? {
        guard let baseFields = try? FrontMatterFields(document: base),
              let oursFields = try? FrontMatterFields(document: ours),
              let theirsFields = try? FrontMatterFields(document: theirs) else { return nil }
        var result = ours
        var keys = oursFields.fields.map(\.key)
        keys += theirsFields.fields.map(\.key).filter { !keys.contains($0) }
        keys.removeAll { $0 == "conflicts" }
        for key in keys + ["conflicts"] {
            let b = Self.raw(base, key), o = Self.raw(ours, key), t = Self.raw(theirs, key)
            var merged: [String]?
            if o == t || b == t {
                merged = o
            } else if b == o {
                merged = t
            } else if o == nil || t == nil {
                merged = o ?? t
                notes.append("\(key): changed on one device and removed on the other; the change is kept")
            } else {
                merged = both(key, b: baseFields[key]?.value, o: oursFields[key]?.value, t: theirsFields[key]?.value,
                              bLines: b, oLines: o!, tLines: t!)
            }
            if key == "conflicts", !conflicts.isEmpty {
                let existing = (merged.flatMap { Self.node($0) }?.sequence.map { $0.compactMap(\.text) }) ?? []
                merged = YAMLRender.blockLines("conflicts", list: existing + conflicts.filter { !existing.contains($0) },
                                               indent: "  ")
            }
            guard merged != o else { continue }
            if let merged { result.set(key, renderedLines: merged) } else { result.remove(key) }
        }
        let body = mergeBody()
        if body != ours.body { result.setBody(body) }
        return result
    }

    // MARK: - Both sides changed one field

    private mutating func both(_ key: String, b: Node?, o: Node?, t: Node?, bLines: [String]?, oLines: [String],
                               tLines: [String]) -> [String] {
        if let o, let t, let list = ListFieldMerge.union(key: key, base: b, ours: o, theirs: t, oursLines: oLines) {
            return list
        }
        if let o, let t, let map = ListFieldMerge.perKey(key: key, baseLines: bLines, ours: o, theirs: t, oursLines: oLines,
                                           theirsLines: tLines, rule: rule,
                                                         sums: HabitLogSum.applies(path: path, key: key)) {
            notes += map.notes.map { "\(key) \($0)" }
            conflicts += map.conflicts.map { "\(key) \($0)" }
            return map.lines
        }
        let oValue = Self.valueText(oLines), tValue = Self.valueText(tLines)
        // TaskNotes' last-change stamp: both sides changed the file, so the later time is right
        // and there is nothing to tell anyone (ISO date-times compare as text).
        if ["dateModified", "date_modified", VaultLayout.active.property("dateModified")].contains(key) { return oValue >= tValue ? oLines : tLines }
        let oursWin = rule.oursWins(ours: oValue, theirs: tValue)
        let (kept, lost, loser) = oursWin ? (oValue, tValue, theirsLabel) : (tValue, oValue, oursLabel)
        conflicts.append("\(key): kept \(kept); \(loser) had \(lost)")
        notes.append("\(key) clash: kept \(kept), \(loser) had \(lost) (saved in conflicts)")
        return oursWin ? oLines : tLines
    }

    // MARK: - Body

    private mutating func mergeBody() -> String {
        let chunks = LineMerge.merge(base: LineMerge.lines(base.body), ours: LineMerge.lines(ours.body),
                                     theirs: LineMerge.lines(theirs.body))
        var text = ""
        for chunk in chunks {
            switch chunk {
            case let .clean(lines):
                text += lines.joined()
            case let .clash(o, t):
                notes.append("body: both devices changed the same lines; both versions are kept in the notes")
                let oursFirst = rule.oursWins(ours: o.joined(), theirs: t.joined())
                let (first, second) = oursFirst ? ((oursLabel, o), (theirsLabel, t)) : ((theirsLabel, t), (oursLabel, o))
                text += Self.clashBlock([first, second], newline: ours.newline)
            }
        }
        return text
    }

    /// Both versions of a clashing region under plain headings, never git's conflict markers.
    static func clashBlock(_ versions: [(String, [String])], newline nl: String) -> String {
        var text = "> Sync clash: this part was changed on two devices. Both versions are kept below;" + nl
            + "> keep what you want and delete the rest." + nl + nl
        for (label, lines) in versions {
            var body = lines.joined()
            if !body.isEmpty, !body.hasSuffix("\n") { body += nl }
            text += "**Version from \(label):**" + nl + nl + body + nl
        }
        return text
    }

    // MARK: - Helpers

    /// A field's verbatim lines, nil when absent.
    static func raw(_ doc: FrontMatterDocument, _ key: String) -> [String]? {
        doc.lineRange(of: key).map { Array(doc.lines[$0]) }
    }

    /// The value as written, on one line: `due: 2026-11-25` gives `2026-11-25`.
    static func valueText(_ lines: [String]) -> String {
        guard let first = lines.first, let colon = first.firstIndex(of: ":") else { return lines.joined(separator: " ") }
        let head = first[first.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let rest = lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return ([head] + rest).filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func node(_ lines: [String]) -> Node? {
        (try? YAMLCompose.node(lines.joined(separator: "\n") + "\n"))?.mapping?.first?.value
    }
}
