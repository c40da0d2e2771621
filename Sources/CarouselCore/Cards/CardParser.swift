import Yams

/// The result of reading one card file: the card, plus warnings for fields that were ignored.
public struct ParsedCard: Sendable {
    public var card: Card
    public var warnings: [FileDiagnostic]
    /// Whether the front matter has a `remind:` field (`ReminderSources` reads it from the file).
    public var reminds = false
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
        let offset = document.firstLineNumber - 1
        return try card(fields: fields.fields.map { YAMLCardField(field: $0, lineOffset: offset) }, slug: slug, path: path,
                        diag: { line, column, message, severity in diag(line, column, message, severity) })
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
