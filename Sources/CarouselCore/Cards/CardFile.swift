import Foundation

/// A card file opened for a change: its text, split so that one field can be rewritten in place,
/// and the card as it reads now.
public struct CardFile: Sendable {
    public let path: String
    public private(set) var document: FrontMatterDocument
    public private(set) var card: Card

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
            setStatus("done")
            set(document.lineRange(of: "completed_date") != nil ? "completed_date" : "completedDate", string: String(value.prefix(10)))
            return
        }
        let key = self.key(for: role)
        let style = document.firstLine(of: key).map(YAMLRender.style(ofLine:)) ?? .plain
        document.set(key, renderedLines: [YAMLRender.line(key, string: value, style: style)], first: key == "id")
        reparse()
    }

    public mutating func set(_ role: String, int value: Int) {
        if role == "importance", document.lineRange(of: "importance") == nil, document.lineRange(of: "priority") != nil {
            return set("priority", string: TaskNotesFields.priority(ofImportance: value))
        }
        let key = self.key(for: role)
        document.set(key, renderedLines: [YAMLRender.line(key, int: value)])
        reparse()
    }

    public mutating func set(_ role: String, list: [String]) {
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
    public mutating func setLines(_ key: String, _ lines: [String]) {
        document.set(key, renderedLines: lines)
        reparse()
    }

    public mutating func remove(_ role: String) {
        if role == "done", tasksByStatus {
            setStatus("open")
            document.remove("completedDate")
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
    func key(for role: String) -> String {
        if document.lineRange(of: role) != nil { return role }
        guard let keys = TaskNotesFields.keys[role] else { return role }
        if let present = keys.first(where: { document.lineRange(of: $0) != nil }) { return present }
        return speaksTaskNotes ? keys[0] : role
    }

    var speaksTaskNotes: Bool {
        if ["recurrence", "dateCreated", "date_created"].contains(where: { document.lineRange(of: $0) != nil }) { return true }
        return statusValue.map { ["open", "in-progress", "done", "completed", "none", "todo"].contains($0) } ?? false
    }

    /// The `status:` value as written, lowercased, without quotes.
    var statusValue: String? {
        document.firstLine(of: "status").map { line in
            line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'")).lowercased()
        }
    }

    /// Whether a one-off card keeps its completion as TaskNotes does: a `status:` line and no
    /// `done:` of Carousel's.
    /// The status must be one TaskNotes writes, so a `status:` of the person's own is left alone.
    var tasksByStatus: Bool {
        guard document.lineRange(of: "done") == nil, !card.isRepeating, let value = statusValue else { return false }
        return ["open", "in-progress", "done", "completed", "none", "todo"].contains(value)
    }

    private mutating func setStatus(_ value: String) {
        let style = document.firstLine(of: "status").map(YAMLRender.style(ofLine:)) ?? .plain
        document.set("status", renderedLines: [YAMLRender.line("status", string: value, style: style)])
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
