import Yams

/// One focus session as kept under `focus:` in the day's journal.
public struct FocusSession: Sendable, Equatable {
    /// Local start time, `HH:MM`.
    public var start: String
    /// Minutes the person set out to focus for.
    public var planned: Int
    /// Minutes actually focused.
    public var minutes: Int
    /// The card's slug, when the session was for one.
    public var card: String?

    public init(start: String, planned: Int, minutes: Int, card: String? = nil) {
        self.start = start
        self.planned = planned
        self.minutes = minutes
        self.card = card
    }

    /// `{start: "09:30", planned: 25, minutes: 30, card: call-mum}`
    var flow: String {
        var parts = ["start: \"\(start)\"", "planned: \(planned)", "minutes: \(minutes)"]
        if let card { parts.append("card: " + YAMLRender.flowItem(card)) }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// The focus sessions and reflections of one journal day (`focus:`, `reflection_morning:`,
/// `reflection_night:` and `sleep:`), read and written without touching the day's other keys.
public struct JournalRecords: Sendable, Equatable {
    public var date: Day
    public var focus: [FocusSession] = []
    public var morning: String?
    public var night: String?
    /// The check-in note (`reflection:`), written by `checkin --note`; read here, never rewritten.
    public var checkinNote: String?
    /// How the night's sleep was, 1–5.
    public var sleep: Int?

    public init(date: Day) { self.date = date }

    /// Reads the day; a missing file is an empty day, a broken one an error with its place.
    public static func load(vault: Vault, day: Day) throws(FileDiagnostic) -> (JournalRecords, FrontMatterDocument?) {
        let path = JournalDay.path(for: day)
        guard let text = try? FileSystem.readText(vault.url(path)) else { return (JournalRecords(date: day), nil) }
        do {
            let document = try FrontMatterDocument(text: text)
            let fields = try FrontMatterFields(document: document)
            return (read(fields, day: day), document)
        } catch {
            throw FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message)
        }
    }

    static func read(_ fields: FrontMatterFields, day: Day) -> JournalRecords {
        var r = JournalRecords(date: day)
        for item in fields["focus"]?.value.sequence ?? [] {
            guard let m = item.mapping else { continue }
            func text(_ k: String) -> String? { m[k]?.scalar?.string }
            let minutes = text("minutes").flatMap { Int($0) } ?? 0
            r.focus.append(FocusSession(start: text("start") ?? "", planned: text("planned").flatMap { Int($0) } ?? minutes,
                                        minutes: minutes, card: text("card")))
        }
        r.morning = fields["reflection_morning"]?.value.text
        r.night = fields["reflection_night"]?.value.text
        r.checkinNote = fields["reflection"]?.value.text
        r.sleep = fields["sleep"]?.value.text.flatMap { Int($0) }
        return r
    }

    /// Every journal day in the vault that parses, oldest first.
    public static func all(vault: Vault) -> [JournalRecords] {
        FileSystem.markdownFiles(root: vault.root, dir: Vault.journalDir).sorted().compactMap { path in
            guard let day = Day(iso: Vault.slug(ofPath: path)) else { return nil }
            return try? load(vault: vault, day: day).0
        }
    }

    /// The file text with these records written in, every other line kept as it was.
    public func render(into existing: FrontMatterDocument?) -> String {
        var doc = existing ?? FrontMatterDocument.emptyFrontMatter()
        if doc.lineRange(of: "date") == nil { doc.set("date", renderedLines: [YAMLRender.line("date", string: date.iso)], first: true) }
        if focus.isEmpty { doc.remove("focus") } else {
            doc.set("focus", renderedLines: ["focus: [" + focus.map(\.flow).joined(separator: ", ") + "]"])
        }
        for (key, value) in [("reflection_morning", morning), ("reflection_night", night)] {
            if let value { doc.set(key, renderedLines: [YAMLRender.line(key, string: value, style: .double)]) } else { doc.remove(key) }
        }
        if let sleep { doc.set("sleep", renderedLines: [YAMLRender.line("sleep", int: sleep)]) } else { doc.remove("sleep") }
        return doc.text
    }
}
