import Yams

/// The result of reading one card file: the card, plus warnings for fields that were ignored.
public struct ParsedCard: Sendable {
    public var card: Card
    public var warnings: [FileDiagnostic]
}

/// Reads card files. A file that cannot be read as a card yields a `FileDiagnostic` with the
/// path, 1-based line and column of the problem; nothing is ever rewritten on a failed read.
public enum CardParser {
    /// Parses card text. `path` is relative to the vault and names the slug.
    public static func parse(text: String, path: String) throws(FileDiagnostic) -> ParsedCard {
        let slug = Vault.slug(ofPath: path)
        func diag(_ line: Int, _ column: Int, _ message: String, _ severity: FileDiagnostic.Severity = .error) -> FileDiagnostic {
            let sourceLines = TextLines.split(text, keepTrailingEmpty: true)
            let source = line >= 1 && line <= sourceLines.count
                ? String(sourceLines[line - 1]).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) : nil
            return FileDiagnostic(path: path, line: line, column: column, severity: severity, message: message, sourceLine: source)
        }
        if text.utf8.contains(0) {
            throw diag(1, 1, "this is not a text file")
        }
        if let marker = conflictMarkerLine(text) {
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
        var card = Card(slug: slug, path: path, title: slug)
        var warnings: [FileDiagnostic] = []

        func string(_ f: FrontMatterField) throws(FileDiagnostic) -> String? {
            if f.value.isNull { return nil }
            guard let s = f.value.text else { throw diag(f.line, f.column, "\(f.key) must be a single value") }
            return s
        }
        func int(_ f: FrontMatterField, _ range: ClosedRange<Int>) throws(FileDiagnostic) -> Int? {
            guard let s = try string(f) else { return nil }
            guard let v = Int(s) ?? Int(s.trimmingCharacters(in: .whitespaces)), range.contains(v) else {
                throw diag(f.line, f.column, "\(f.key) must be \(range.lowerBound)–\(range.upperBound), found \"\(s)\"")
            }
            return v
        }
        func date(_ f: FrontMatterField) throws(FileDiagnostic) -> DateValue? {
            guard let s = try string(f) else { return nil }
            guard let v = DateValue(text: s) else {
                throw diag(f.line, f.column, "\(f.key) must be a date like 2026-11-23 or 2026-11-23T09:30, found \"\(s)\"")
            }
            return v
        }
        func dayList(_ f: FrontMatterField) throws(FileDiagnostic) -> [Day] {
            if f.value.isNull { return [] }
            if ["except", "also"].contains(f.key), let text = f.value.text {
                // One date may be written without brackets: `except: 2026-12-25`.
                guard let d = DateValue(text: text)?.day else {
                    throw diag(f.line, f.column, "\(f.key) must list dates like [2026-12-25, 2027-01-01], found \"\(text)\"")
                }
                return [d]
            }
            guard let seq = f.value.sequence else {
                throw diag(f.line, f.column, "\(f.key) must be a list of dates, like [2026-11-20, 2026-11-21]")
            }
            var days: [Day] = []
            for item in seq {
                guard let text = item.text, let d = DateValue(text: text)?.day else {
                    let m = item.mark
                    throw diag(m.map { $0.line + document.firstLineNumber - 1 } ?? f.line, m?.column ?? f.column,
                               "\(f.key) must list dates like 2026-11-20, found \"\(item.text ?? "a nested value")\"")
                }
                days.append(d)
            }
            return days.sorted()
        }

        for f in fields.fields {
            switch f.key {
            case "id":
                card.id = try string(f).flatMap { $0.isEmpty ? nil : $0 }
                if let id = card.id, let problem = PathName.problem(id) { throw diag(f.line, f.column, "this id cannot be used (\(problem)), so the card is skipped; an id names a card on every device and must be one plain word like a ULID. Delete the id line and the next change gives it a new one") }
            case "title":
                if let t = try string(f), t.contains(where: { !$0.isWhitespace }) { card.title = t }
            case "kind":
                if let s = try string(f) {
                    guard let k = CardKind(rawValue: s.lowercased()) else {
                        throw diag(f.line, f.column, "kind must be task, idea or event, found \"\(s)\"")
                    }
                    card.kind = k
                }
            case "spoons": card.spoons = try int(f, 1...5) ?? 1
            case "importance": card.importance = try int(f, 1...5) ?? 1
            case "category": card.category = try string(f)
            case "tags":
                if f.value.isNull { break }
                if let seq = f.value.sequence {
                    card.tags = seq.compactMap(\.text)
                } else if let s = f.value.text {
                    card.tags = s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                } else {
                    throw diag(f.line, f.column, "tags must be a list, like [home, plants]")
                }
            case "due": card.due = try date(f)
            case "start":
                // A bad start only costs the card its timeline place: it still shows everywhere else.
                do {
                    card.start = try date(f)
                } catch {
                    warnings.append(diag(f.line, f.column, error.message + "; showing the card without a start", .warning))
                }
            case "duration": card.duration = try string(f)
            case "repeat":
                if let rule = try string(f), !rule.isEmpty {
                    do {
                        _ = try RecurrenceRule.parse(rule)
                        card.repeatRule = rule
                    } catch {
                        warnings.append(diag(f.line, f.column + error.column - 1,
                                             "repeat: \(error.message); showing the card without recurrence", .warning))
                    }
                }
            case "parent": card.parent = try string(f)
            case "today": card.today = try date(f)?.day
            case "done":
                if let s = try string(f), !s.isEmpty, s.lowercased() != "false" {
                    if s.lowercased() == "true" {
                        card.done = card.created ?? DateValue(day: Day(dayNumber: 0))
                    } else {
                        card.done = try date(f)
                    }
                }
            case "completed": card.completed = try dayList(f)
            case "skipped": card.skipped = try dayList(f)
            case "except": card.exceptDates = try dayList(f)
            case "also": card.alsoDates = try dayList(f)
            case "series_start":
                // A bad start only costs the series its stored start: it is derived instead.
                do {
                    card.seriesStart = try date(f)?.day
                } catch {
                    warnings.append(diag(f.line, f.column, error.message + "; counting the series from the card's own dates", .warning))
                }
            case "wait": card.wait = try date(f)?.day
            case "created": card.created = try date(f)
            case "emoji", "icon":
                if card.emoji == nil || f.key == "emoji" { card.emoji = try string(f) }
            case "color": card.color = try string(f)
            default: break  // unknown fields are the user's; they stay in the file untouched
            }
        }
        return ParsedCard(card: card, warnings: warnings)
    }

    /// Whether a line starts with seven `<` or `>`: a cheap byte scan before the real check.
    static func hasMarker(_ bytes: String.UTF8View) -> Bool {
        var run = 0
        var atLineStart = true
        var runByte: UInt8 = 0
        for b in bytes {
            if atLineStart || run > 0 {
                if (b == 60 || b == 62) && (run == 0 || b == runByte) {
                    runByte = b
                    run += 1
                    if run == 7 { return true }
                    atLineStart = false
                    continue
                }
            }
            run = 0
            atLineStart = b == 10
        }
        return false
    }

    /// The 1-based line of the first git conflict marker, if any.
    static func conflictMarkerLine(_ text: String) -> Int? {
        guard hasMarker(text.utf8) else { return nil }
        for (i, line) in TextLines.split(text, keepTrailingEmpty: true).enumerated()
        where line.hasPrefix("<<<<<<< ") || line.hasPrefix(">>>>>>> ") || line == "=======" {
            return i + 1
        }
        return nil
    }
}

import Foundation
