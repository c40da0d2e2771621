import Foundation

/// A habit file opened for a change. Log edits touch one line: a day's line is replaced in
/// place, a new day is inserted in date order, and every other byte stays as it was.
public struct HabitFile: Sendable {
    public let path: String
    public private(set) var document: FrontMatterDocument
    public private(set) var habit: Habit

    /// Reads and parses a habit. A file that does not parse is an error and is never rewritten.
    public init(vault: Vault, path: String) throws(CarouselError) {
        guard vault.contains(relative: path) else { throw .outsideVault(path) }
        try self.init(text: try vault.readText(path), path: path)
    }

    public init(text: String, path: String) throws(CarouselError) {
        do {
            habit = try HabitParser.parse(text: text, path: path)
            document = try FrontMatterDocument(text: text)
        } catch let error as FileDiagnostic {
            throw .invalidFile(error)
        } catch let error as FrontMatterError {
            throw .invalidFile(FileDiagnostic(path: path, line: error.line, column: error.column, message: error.message))
        } catch {
            throw .io("\(path): \(error)")
        }
        self.path = path
    }

    public var text: String { document.text }

    /// Sets a top-level scalar field (one line).
    public mutating func set(_ key: String, string value: String) {
        document.set(key, renderedLines: [YAMLRender.line(key, string: value)], first: key == "id")
        reparse()
    }

    /// Sets a top-level list field as one flow line (`paused: [2026-11-18..2026-11-22]`).
    public mutating func set(_ key: String, list: [String]) {
        document.set(key, renderedLines: [YAMLRender.line(key, list: list)])
        reparse()
    }

    /// Writes one day's log entry, or removes it when `entry` is nil.
    public mutating func setLog(_ day: Day, _ entry: HabitLogEntry?) {
        guard let range = document.lineRange(of: "log") else {
            if let entry { document.set("log", renderedLines: ["log:", "  " + Self.entryLine(day, entry)]) }
            reparse()
            return
        }
        var lines = Array(document.lines[range])
        let head = lines[0]
        let inlineValue = head.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
        if !inlineValue.isEmpty && !inlineValue.hasPrefix("#") {
            // A flow mapping (`log: {}` or `log: {2026-11-21: 2}`): rewrite it as one line per day.
            var log = habit.log
            log[day] = entry
            let block = log.keys.sorted().map { "  " + Self.entryLine($0, log[$0]!) }
            document.set("log", renderedLines: log.isEmpty ? ["log:"] : ["log:"] + block)
            reparse()
            return
        }
        let indent = lines.dropFirst().first { Self.date(inLine: $0) != nil }.map { String($0.prefix { $0 == " " }) } ?? "  "
        if let i = lines.indices.dropFirst().first(where: { Self.date(inLine: lines[$0]) == day }) {
            if let entry {
                lines[i] = indent + Self.entryLine(day, entry)
            } else {
                lines.remove(at: i)
            }
        } else if let entry {
            // Before the first later date; otherwise after the last dated line.
            let later = lines.indices.dropFirst().first { (Self.date(inLine: lines[$0]).map { $0 > day }) ?? false }
            let lastDated = lines.indices.dropFirst().last { Self.date(inLine: lines[$0]) != nil }
            let at = later ?? lastDated.map { $0 + 1 } ?? 1
            lines.insert(indent + Self.entryLine(day, entry), at: at)
        }
        document.set("log", renderedLines: lines)
        reparse()
    }

    /// `2026-11-21: 2` with the value quoted only when YAML needs it.
    static func entryLine(_ day: Day, _ entry: HabitLogEntry) -> String {
        if case .amount = entry { return "\(day.iso): \(entry.text)" }
        return YAMLRender.line(day.iso, string: entry.text)
    }

    /// The date that starts an indented log line, if any.
    static func date(inLine line: String) -> Day? {
        var trimmed = line.drop { $0 == " " }
        guard line.first == " " else { return nil }
        if let quote = trimmed.first, quote == "\"" || quote == "'" {
            trimmed = trimmed.dropFirst()
            guard trimmed.dropFirst(10).first == quote else { return nil }
            trimmed.remove(at: trimmed.index(trimmed.startIndex, offsetBy: 10))
        }
        guard trimmed.count >= 11, trimmed.dropFirst(10).first == ":" else { return nil }
        return Day(iso: trimmed.prefix(10))
    }

    /// The file text, once it is certain to read back with `day` holding `entry`; a log laid out
    /// in a way these edits cannot follow is refused rather than written wrong.
    public func checkedText(_ day: Day, _ entry: HabitLogEntry?) throws(CarouselError) -> String {
        let text = document.text
        guard let parsed = try? HabitParser.parse(text: text, path: path), parsed.log[day] == entry else {
            throw .usage("couldn't update the log in \(path) safely, so nothing was written; "
                + "please check its `log:` lines (one `  YYYY-MM-DD: amount` per day)")
        }
        return text
    }

    private mutating func reparse() {
        if let parsed = try? HabitParser.parse(text: document.text, path: path) { habit = parsed }
    }
}
