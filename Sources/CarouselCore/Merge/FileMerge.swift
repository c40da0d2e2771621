import Foundation

/// Three-way merge of one vault file, chosen by what the file is.
///
/// - Markdown with front-matter (cards, habits, journal days): field by field, then the body.
/// - `carousel.yaml`: key by key, the same way.
/// - Any other text: a line merge; if that clashes, ours stays and theirs is saved beside it.
/// The merged text always parses as what it is; if it would not, both versions are kept whole.
public enum FileMerge {
    public struct Result: Sendable {
        /// The merged text at the path; nil means the file is deleted.
        public var text: String?
        /// Extra files to write (a renamed add/add, the other side of a clash kept beside it).
        public var extraFiles: [FileWrite] = []
        public var notes: [MergeNote] = []
    }

    /// Both sides present (a nil base means both added the file).
    public static func merge(path: String, base: String?, ours: String, theirs: String, rule: ClashRule,
                             oursLabel: String = "this device", theirsLabel: String = "the other device") -> Result {
        if ours == theirs || base == theirs { return Result(text: ours) }
        if base == ours { return Result(text: theirs) }
        // Only Carousel's own files merge field by field; other notes (an Obsidian vault next
        // door) get the plain three-way text merge.
        if path.hasSuffix(".md"), Vault.isCarouselMarkdown(path), let merged = markdown(path: path, base: base ?? "", ours: ours, theirs: theirs, rule: rule,
                                                        labels: (oursLabel, theirsLabel)) {
            return merged
        }
        if path == Vault.settingsFile, let merged = settings(base: base ?? "", ours: ours, theirs: theirs, rule: rule,
                                                             labels: (oursLabel, theirsLabel)) {
            return merged
        }
        let chunks = LineMerge.merge(base: LineMerge.lines(base ?? ""), ours: LineMerge.lines(ours), theirs: LineMerge.lines(theirs))
        var text = ""
        for chunk in chunks {
            guard case let .clean(lines) = chunk else { return sideBySide(path: path, ours: ours, theirs: theirs, rule: rule) }
            text += lines.joined()
        }
        return Result(text: text, notes: [MergeNote(path: path, message: "merged changes from both devices")])
    }

    private static func markdown(path: String, base: String, ours: String, theirs: String, rule: ClashRule,
                                 labels: (String, String)) -> Result? {
        guard let b = try? FrontMatterDocument(text: base), let o = try? FrontMatterDocument(text: ours),
              let t = try? FrontMatterDocument(text: theirs) else { return nil }
        var merge = FrontMatterMerge(path: path, base: b, ours: o, theirs: t, rule: rule, oursLabel: labels.0, theirsLabel: labels.1)
        guard let doc = merge.run(), MergeCheck.problem(text: doc.text, path: path) == nil else {
            return sideBySide(path: path, ours: ours, theirs: theirs, rule: rule)
        }
        let notes = merge.notes.isEmpty ? ["merged changes from both devices"] : merge.notes
        return Result(text: doc.text, notes: notes.map { MergeNote(path: path, message: $0) })
    }

    /// carousel.yaml is a front-matter block without the `---` lines.
    private static func settings(base: String, ours: String, theirs: String, rule: ClashRule, labels: (String, String)) -> Result? {
        func wrap(_ s: String) -> String { "---\n" + s + (s.isEmpty || s.hasSuffix("\n") ? "" : "\n") + "---\n" }
        guard let merged = markdown(path: Vault.settingsFile + ".md", base: wrap(base), ours: wrap(ours), theirs: wrap(theirs),
                                    rule: rule, labels: labels), let text = merged.text,
              let doc = try? FrontMatterDocument(text: text), doc.body.isEmpty else { return nil }
        let yaml = doc.lines.map { $0 + "\n" }.joined()
        guard (try? Settings.parse(text: yaml)) != nil else { return nil }
        return Result(text: yaml, notes: merged.notes.map { MergeNote(path: Vault.settingsFile, message: $0.message) })
    }

    /// The winner stays at the path; the other version is saved next to it, never mixed in.
    static func sideBySide(path: String, ours: String, theirs: String, rule: ClashRule) -> Result {
        let oursWin = rule.oursWins(ours: ours, theirs: theirs)
        let other = otherVersionPath(path)
        return Result(text: oursWin ? ours : theirs, extraFiles: [FileWrite(path: other, text: oursWin ? theirs : ours)],
                      notes: [MergeNote(path: path, message: "changed on both devices in ways that cannot be combined; the other version is saved as \(other)")])
    }

    /// `notes/plan.txt` → `notes/plan.other-version.txt`; a card's copy ends in `.txt` so it is not read as a card.
    static func otherVersionPath(_ path: String) -> String {
        let ext = VaultPath.pathExtension(of: path)
        let stem = VaultPath.deletingExtension(of: path)
        if ext == "md" || ext == "yaml" || ext.isEmpty { return stem + ".other-version.txt" }
        return stem + ".other-version." + ext
    }
}

/// Whether merged text may be committed: vault files must parse as what they are.
enum MergeCheck {
    static func problem(text: String, path: String) -> FileDiagnostic? {
        if text.contains("\n<<<<<<< ") || text.hasPrefix("<<<<<<< ") {
            return FileDiagnostic(path: path, line: 1, column: 1, message: "conflict markers")
        }
        if path == Vault.settingsFile + ".md" { return nil }
        if path.hasPrefix(Vault.cardsDir + "/") || path.hasPrefix(Vault.habitsDir + "/") {
            do { _ = try CardParser.parse(text: text, path: path) } catch { return error }
            return nil
        }
        do {
            _ = try FrontMatterFields(document: try FrontMatterDocument(text: text))
        } catch {
            return FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message)
        }
        return nil
    }
}
