import Foundation

/// A card file opened for a change: its text, split so that one field can be rewritten in place,
/// and the card as it reads now.
public struct CardFile: Sendable {
    public let path: String
    public internal(set) var document: FrontMatterDocument
    public internal(set) var card: Card

    /// Reads and parses a card. A file that does not parse is an error and is never rewritten.
    public init(vault: Vault, path: String) throws(CarouselError) {
        guard vault.contains(relative: path) else { throw .outsideVault(path) }
        let text = try vault.readText(path)
        try self.init(text: text, path: path)
    }

    public init(text: String, path: String) throws(CarouselError) {
        do {
            card = try CardParser.parse(text: text, path: path).card
        } catch {
            throw .invalidFile(error)
        }
        do {
            document = try FrontMatterDocument(text: text)
            document.keyLines = CardFile.keyLines(of: document)
        } catch {
            throw .invalidFile(FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message))
        }
        self.path = path
    }

    /// Where the parser found the top-level keys (0-based indices into the front-matter lines).
    static func keyLines(of document: FrontMatterDocument) -> Set<Int>? {
        guard let fields = try? FrontMatterFields(document: document) else { return nil }
        return Set(fields.fields.map { $0.keyLine - document.firstLineNumber })
    }

    /// A new card file with the given title.
    public static func new(path: String, title: String) -> CardFile {
        let text = "---\n" + YAMLRender.line("title", string: title) + "\n---\n"
        // A title rendered by YAMLRender always parses back.
        return (try? CardFile(text: text, path: path)) ?? CardFile(unchecked: text, path: path, title: title)
    }

    private init(unchecked text: String, path: String, title: String) {
        self.path = path
        self.document = (try? FrontMatterDocument(text: text)) ?? FrontMatterDocument.emptyFrontMatter()
        self.card = Card(slug: Vault.slug(ofPath: path), path: path, title: title)
    }

    public var text: String { document.text }

    // MARK: - Field writes (each rewrites one field's lines, or adds one line)

    public mutating func set(_ role: String, string value: String) {
        if role == "done", tasksByStatus {
            // TaskNotes keeps completion in `status` and the day in `completedDate`.
            setStatus(VaultLayout.active.doneStatus)
            set(!has("completedDate") && document.lineRange(of: "completed_date") != nil ? "completed_date" : "completedDate", string: String(value.prefix(10)))
            return
        }
        let key = self.key(for: role)
        let style = document.firstLine(of: key).map(YAMLRender.style(ofLine:)) ?? .plain
        document.set(key, renderedLines: [YAMLRender.line(key, string: value, style: style)], first: key == "id")
        reparse()
    }

    public mutating func set(_ role: String, int value: Int) {
        if role == "importance", document.lineRange(of: "importance") == nil, has("priority") {
            return set("priority", string: VaultLayout.active.priority(ofImportance: value))
        }
        let key = self.key(for: role)
        document.set(key, renderedLines: [YAMLRender.line(key, int: value)])
        reparse()
    }

    public mutating func set(_ role: String, list: [String]) {
        if role == "completed" { advanceCompletionAnchor(to: list) }
        let key = self.key(for: role)
        if let range = document.lineRange(of: key), range.count > 1,
           let item = document.lines[range].dropFirst().first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }) {
            let indent = String(item.prefix { $0 == " " })
            document.set(key, renderedLines: YAMLRender.blockLines(key, list: list, indent: indent))
        } else {
            document.set(key, renderedLines: [YAMLRender.line(key, list: list)])
        }
        reparse()
    }

    /// Replaces a field with lines already rendered (the first is `key:`), for nested values.
    /// A TaskNotes key is written under the vault's name for it (`VaultLayout.renamed`).
    public mutating func setLines(_ key: String, _ lines: [String]) {
        let written = self.key(for: key)
        var lines = lines
        if written != key, let first = lines.first, first.hasPrefix(key + ":") {
            lines[0] = written + first.dropFirst(key.count)
        }
        document.set(written, renderedLines: lines)
        reparse()
    }

    public mutating func remove(_ role: String) {
        if role == "done", tasksByStatus {
            setStatus(VaultLayout.active.openStatus)
            document.remove(key(for: "completedDate"))
            document.remove("completed_date")
            reparse()
            return
        }
        document.remove(key(for: role))
        reparse()
    }

    public mutating func setBody(_ body: String) {
        document.setBody(body)
    }

    /// The key a role is written under: Carousel's own when the file has it; otherwise the key
    /// TaskNotes uses for that role when the file already has that one (`complete_instances`
    /// for `completed`, …), so a file TaskNotes wrote keeps speaking TaskNotes.
    /// A file that speaks TaskNotes (a `recurrence:`, `dateCreated:` or TaskNotes status) gets
    /// TaskNotes' key for a role it has no key for yet.
    /// A key of TaskNotes' the vault renames (`due` written as `deadline`, `status` as `state`)
    /// is written under the vault's name, unless the file has only the default one.
    func key(for role: String) -> String {
        let layout = VaultLayout.active
        if let property = layout.renamed[role] {
            if document.lineRange(of: property) != nil { return property }
            if document.lineRange(of: role) != nil { return role }
            // `title` and `due` are Carousel's keys too: a card that does not speak TaskNotes keeps them.
            return ["title", "due"].contains(role) && !speaksTaskNotes ? role : property
        }
        if document.lineRange(of: role) != nil { return role }
        guard let keys = TaskNotesFields.keys[role]?.map(layout.property) else { return role }
        if let present = keys.first(where: { document.lineRange(of: $0) != nil }) { return present }
        return speaksTaskNotes ? keys[0] : role
    }

    /// Whether the file has TaskNotes' `key` (under the vault's name for it).
    public func has(_ key: String) -> Bool { document.lineRange(of: self.key(for: key)) != nil }

    var speaksTaskNotes: Bool {
        let layout = VaultLayout.active
        if ["recurrence", "dateCreated"].map(layout.property).contains(where: { document.lineRange(of: $0) != nil })
            || document.lineRange(of: "date_created") != nil { return true }
        return statusValue.map { layout.statuses.contains($0) } ?? false
    }

    /// The `status:` value as written (under the vault's name for it), lowercased, without quotes.
    var statusValue: String? {
        let renamed = VaultLayout.active.property("status")
        return document.firstLine(of: document.lineRange(of: renamed) != nil ? renamed : "status").map { line in
            line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
        }
    }

    /// Whether a one-off card keeps its completion as TaskNotes does: a `status:` line and no
    /// `done:` of Carousel's.
    /// The status must be one TaskNotes writes, so a `status:` of the person's own is left alone.
    var tasksByStatus: Bool {
        guard document.lineRange(of: "done") == nil, !card.isRepeating, let value = statusValue else { return false }
        return VaultLayout.active.statuses.contains(value)
    }

    private mutating func setStatus(_ value: String) {
        let key = self.key(for: "status")
        let style = document.firstLine(of: key).map(YAMLRender.style(ofLine:)) ?? .plain
        document.set(key, renderedLines: [YAMLRender.line(key, string: value, style: style)])
    }

    /// TaskNotes' `recurrence_anchor: completion` keeps its progress in the rule's DTSTART: a
    /// completion recorded on day D moves DTSTART to D (its specification, 4.4.3), so TaskNotes
    /// counts the next one from the same day Carousel does.
    private mutating func advanceCompletionAnchor(to list: [String]) {
        let layout = VaultLayout.active
        let anchorKey = [layout.property("recurrence_anchor"), "recurrenceAnchor"].first { document.lineRange(of: $0) != nil }
        let ruleKey = layout.property("recurrence")
        guard let anchorKey, document.lineRange(of: "repeat") == nil,
              let anchor = document.firstLine(of: anchorKey), anchor.lowercased().contains("completion"),
              let ruleLine = document.firstLine(of: ruleKey) else { return }
        let added = Set(list.compactMap { Day(iso: $0) }).subtracting(card.completed)
        guard added.count == 1, let day = added.first else { return }
        let text = ruleLine.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        let rule = TaskNotesFields.splitRecurrence(text).rule
        let style = YAMLRender.style(ofLine: ruleLine)
        document.set(ruleKey, renderedLines: [YAMLRender.line(ruleKey, string: "DTSTART:\(day.basicISO);" + rule, style: style)])
    }

    /// Gives a hand-made card its id on its first write.
    public mutating func ensureID(_ make: () -> String) {
        if card.id == nil { set("id", string: make()) }
    }

    private mutating func reparse() {
        if let parsed = try? CardParser.parse(text: document.text, path: path) { card = parsed.card }
    }
}

extension FrontMatterDocument {
    /// An empty `---`/`---` block with no body.
    static func emptyFrontMatter() -> FrontMatterDocument {
        // Splitting this literal cannot fail; the fallback only satisfies the type checker.
        (try? FrontMatterDocument(text: "---\n---\n")) ?? FrontMatterDocument(bodyOnly: "")
    }
}
