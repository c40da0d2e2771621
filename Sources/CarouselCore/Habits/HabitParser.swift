import Foundation
import Yams

/// Reads habit files. A file that cannot be read as a habit yields a `FileDiagnostic` with the
/// path, 1-based line and column of the problem; nothing is ever rewritten on a failed read.
public enum HabitParser {
    /// Parses habit text. `path` is relative to the vault and names the slug.
    public static func parse(text: String, path: String) throws(FileDiagnostic) -> Habit {
        let sourceLines = TextLines.split(text, keepTrailingEmpty: true)
        func diag(_ line: Int, _ column: Int, _ message: String) -> FileDiagnostic {
            let source = line >= 1 && line <= sourceLines.count
                ? String(sourceLines[line - 1]).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) : nil
            return FileDiagnostic(path: path, line: line, column: column, message: message, sourceLine: source)
        }
        if text.contains("\0") { throw diag(1, 1, "this is not a text file") }
        if let marker = CardParser.conflictMarkerLine(text) {
            throw diag(marker, 1, "unresolved merge conflict markers; keep the version you want and delete the <<<<<<< ======= >>>>>>> lines")
        }
        let document: FrontMatterDocument
        let fields: FrontMatterFields
        do {
            document = try FrontMatterDocument(text: text)
            fields = try FrontMatterFields(document: document)
        } catch {
            throw diag(error.line, error.column, error.message)
        }
        let slug = Vault.slug(ofPath: path)
        var habit = Habit(slug: slug, path: path, title: slug)
        let offset = document.firstLineNumber - 1

        func string(_ f: FrontMatterField) throws(FileDiagnostic) -> String? {
            if f.value.isNull { return nil }
            guard let s = f.value.text else { throw diag(f.line, f.column, "\(f.key) must be a single value") }
            return s
        }
        func day(_ f: FrontMatterField) throws(FileDiagnostic) -> Day? {
            guard let s = try string(f) else { return nil }
            guard let d = DateValue(text: s)?.day else {
                throw diag(f.line, f.column, "\(f.key) must be a date like 2026-11-23, found \"\(s)\"")
            }
            return d
        }

        for f in fields.fields {
            switch f.key {
            case "id":
                habit.id = try string(f).flatMap { $0.isEmpty ? nil : $0 }
                if let id = habit.id, let problem = PathName.problem(id) { throw diag(f.line, f.column, "this id cannot be used (\(problem)), so the habit is skipped; an id names a habit on every device and must be one plain word like a ULID. Delete the id line and the next change gives it a new one") }
            case "title":
                if let t = try string(f).map(OneLine.of), !t.trimmingCharacters(in: .whitespaces).isEmpty { habit.title = t }
            case "repeat":
                if let text = try string(f), !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    do {
                        habit.rule = try RecurrenceRule.parse(text)
                        habit.repeatText = text
                    } catch {
                        throw diag(f.line, f.column + error.column - 1, "repeat: \(error.message)")
                    }
                    if habit.rule.afterCompletion {
                        throw diag(f.line, f.column, "repeat: \"after done\" rules are for cards; a habit needs a fixed schedule like \"every day\"")
                    }
                }
            case "target":
                if let s = try string(f) {
                    guard let v = Double(s.trimmingCharacters(in: .whitespaces)), v > 0, v.isFinite else {
                        throw diag(f.line, f.column, "target must be a number above 0, found \"\(s)\"")
                    }
                    habit.target = v
                }
            case "period":
                if let s = try string(f) {
                    guard let p = HabitPeriod(rawValue: s.lowercased()) else {
                        throw diag(f.line, f.column, "period must be day, week or month, found \"\(s)\"")
                    }
                    habit.period = p
                }
            case "unit":
                if let s = try string(f) {
                    guard let u = HabitUnit(rawValue: s.lowercased()) else {
                        throw diag(f.line, f.column, "unit must be one plain word, like \(HabitUnit.list) or pages, found \"\(s)\"")
                    }
                    habit.unit = u
                }
            case "start": habit.start = try day(f)
            case "end": habit.end = try day(f)
            case "archived":
                if let s = try string(f) {
                    guard let b = Bool(s.lowercased()) else { throw diag(f.line, f.column, "archived must be true or false, found \"\(s)\"") }
                    habit.archived = b
                }
            case "created":
                if let s = try string(f) {
                    guard let v = DateValue(text: s) else {
                        throw diag(f.line, f.column, "created must be a date like 2026-11-23 or 2026-11-23T09:30, found \"\(s)\"")
                    }
                    habit.created = v
                }
            case "icon", "emoji":
                if habit.icon == nil || f.key == "emoji" { habit.icon = try string(f) }
            case "color": habit.color = try string(f)
            case "log": habit.log = try log(f, offset: offset, diag: diag)
            case "paused":
                guard let pauses = HabitPause.list(f.value) else {
                    throw diag(f.line, f.column, "paused must list spans like [2026-11-18..2026-11-22]")
                }
                habit.pauses = pauses
            default: break  // unknown fields are the user's; they stay in the file untouched
            }
        }
        return habit
    }

    /// Reads `log:` — a mapping of date to amount, `skip`, or `skip — note`.
    static func log(_ f: FrontMatterField, offset: Int,
                    diag: (Int, Int, String) -> FileDiagnostic) throws(FileDiagnostic) -> [Day: HabitLogEntry] {
        if f.value.isNull { return [:] }
        guard let mapping = f.value.mapping else {
            throw diag(f.line, f.column, "log must list one day per line, like `  2026-11-21: 2` or `  2026-11-20: skip — sick`")
        }
        var result: [Day: HabitLogEntry] = [:]
        for (keyNode, valueNode) in mapping {
            let keyLine = (keyNode.mark?.line ?? 0) + offset, keyColumn = keyNode.mark?.column ?? 1
            guard let keyText = keyNode.text, let day = Day(iso: keyText.trimmingCharacters(in: .whitespaces)) else {
                throw diag(keyLine, keyColumn, "log dates must look like 2026-11-21, found \"\(keyNode.text ?? "a nested value")\"")
            }
            guard result[day] == nil else { throw diag(keyLine, keyColumn, "log lists \(day.iso) twice") }
            let line = (valueNode.mark?.line ?? 0) + offset, column = valueNode.mark?.column ?? keyColumn
            guard let raw = valueNode.text else {
                throw diag(line, column, "log \(day.iso) must be an amount or skip, like 2 or \"skip — sick\"")
            }
            guard let entry = entry(raw) else {
                throw diag(line, column, "log \(day.iso) must be an amount of at least 0 or skip (with an optional note), found \"\(raw)\"")
            }
            result[day] = entry
        }
        return result
    }

    /// `3`, `12.5`, `skip`, `skip — note`, `skip - note`, `skip: note`; nil for anything else.
    public static func entry(_ raw: String) -> HabitLogEntry? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if let v = Double(text), v >= 0, v.isFinite { return .amount(v) }
        guard text.lowercased().hasPrefix("skip") else { return nil }
        var rest = Substring(text.dropFirst(4))
        guard rest.isEmpty || rest.first == " " || rest.first == ":" || rest.first == "—" || rest.first == "-" else { return nil }
        rest = rest.drop { $0 == " " || $0 == ":" || $0 == "—" || $0 == "–" || $0 == "-" }
        let note = rest.trimmingCharacters(in: .whitespaces)
        return .skip(note: note.isEmpty ? nil : note)
    }
}
