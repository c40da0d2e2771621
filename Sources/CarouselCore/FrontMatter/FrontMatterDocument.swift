/// A Markdown file with YAML front-matter, kept as text so that a write changes only what it must.
///
/// The file is split into three parts: everything up to and including the opening `---` line,
/// the front-matter lines, and everything from the closing `---` line on (the body). Editing a
/// field replaces that field's lines (or appends one line); every other byte is kept, including
/// comments, key order, quoting, a byte-order mark and CRLF line endings.
public struct FrontMatterDocument: Equatable, Sendable {
    /// Text before the front-matter lines: an optional BOM and the opening `---` with its line ending.
    public private(set) var opening: String
    /// Front-matter lines without their line endings.
    public private(set) var lines: [String]
    /// The closing `---` line and the body, verbatim. Empty when the file had no front-matter.
    public private(set) var closingAndBody: String
    /// The line ending used for lines this type adds: the file's own ("\r\n" for a CRLF file).
    public let newline: String
    /// Whether the file had a front-matter block when read.
    public let hadFrontMatter: Bool
    /// Indices into `lines` where the YAML parser found top-level keys, when known. Without it a
    /// line that looks like `key: value` inside a multi-line quoted value could be taken for a key.
    public var keyLines: Set<Int>?

    /// 1-based line number in the file of the first front-matter line.
    public var firstLineNumber: Int { 2 }

    /// Splits file text. A file without an opening `---` is all body.
    /// Throws when the front-matter is opened but never closed.
    public init(text: String) throws(FrontMatterError) {
        newline = text.utf8.contains(13) && text.contains("\r\n") ? "\r\n" : "\n"
        var rest = Substring(text)
        var bom = ""
        if rest.hasPrefix("\u{FEFF}") {
            bom = "\u{FEFF}"
            rest = rest.dropFirst()
        }
        let allLines = FrontMatterDocument.splitKeepingEndings(rest)
        guard let first = allLines.first, FrontMatterDocument.stripEnding(first) == "---" else {
            opening = ""
            lines = []
            closingAndBody = String(text)
            hadFrontMatter = false
            return
        }
        var closingIndex: Int?
        for i in 1..<allLines.count {
            let bare = FrontMatterDocument.stripEnding(allLines[i])
            if bare == "---" || bare == "..." {
                closingIndex = i
                break
            }
        }
        guard let close = closingIndex else {
            throw FrontMatterError(line: 1, column: 1, message: "front-matter starts with --- but has no closing --- line")
        }
        opening = bom + first
        lines = allLines[1..<close].map { String(FrontMatterDocument.stripEnding($0)) }
        closingAndBody = allLines[close...].joined()
        hadFrontMatter = true
    }

    /// A file that is all body, with no front-matter yet.
    public init(bodyOnly body: String) {
        newline = body.contains("\r\n") ? "\r\n" : "\n"
        opening = ""
        lines = []
        closingAndBody = body
        hadFrontMatter = false
    }

    /// The whole file as text.
    public var text: String {
        if !hadFrontMatter && lines.isEmpty && opening.isEmpty { return closingAndBody }
        return opening + lines.map { $0 + newline }.joined() + closingAndBody
    }

    /// The front-matter as YAML text, for parsing (LF line endings, so marks count lines the same way).
    public var yaml: String { lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n") }

    /// The Markdown body: everything after the closing `---` line.
    public var body: String {
        guard hadFrontMatter || !opening.isEmpty else { return closingAndBody }
        let parts = FrontMatterDocument.splitKeepingEndings(Substring(closingAndBody))
        return parts.dropFirst().joined()
    }

    // MARK: - Editing

    /// Sets a top-level field to already-rendered YAML lines (`key: value`, plus any continuation
    /// lines). An existing field is replaced where it stands; a new one is appended, or put first
    /// when `first` is set.
    public mutating func set(_ key: String, renderedLines unindented: [String], first: Bool = false) {
        ensureFrontMatter()
        // A root mapping may be indented as a whole; new lines take the same indentation.
        let indent = rootIndent
        let new = indent.isEmpty ? unindented : unindented.map { indent + $0 }
        if let range = lineRange(of: key) {
            var replacement = new
            if range.count == 1, new.count == 1, let comment = FrontMatterDocument.trailingComment(lines[range.lowerBound]) {
                replacement[0] += comment
            }
            lines.replaceSubrange(range, with: replacement)
            shiftKeyLines(from: range.lowerBound, removed: range.count, added: replacement.count)
        } else if first {
            lines.insert(contentsOf: new, at: 0)
            shiftKeyLines(from: 0, removed: 0, added: new.count)
        } else {
            // Keep trailing blank lines and comments at the end of the block where they are.
            var insertAt = lines.count
            while insertAt > 0 {
                let l = lines[insertAt - 1].trimmingCharacters(in: .whitespaces)
                if l.isEmpty { insertAt -= 1 } else { break }
            }
            lines.insert(contentsOf: new, at: insertAt)
            shiftKeyLines(from: insertAt, removed: 0, added: new.count)
        }
    }

    /// Keeps `keyLines` true after lines from `start` were replaced: the edited field's first
    /// line is a key, later keys move by the difference.
    private mutating func shiftKeyLines(from start: Int, removed: Int, added: Int) {
        guard let keys = keyLines else { return }
        var updated: Set<Int> = []
        for k in keys {
            if k < start { updated.insert(k) } else if k >= start + removed { updated.insert(k - removed + added) }
        }
        if added > 0 { updated.insert(start) }
        keyLines = updated
    }

    /// Removes a top-level field and its continuation lines. Does nothing if absent.
    public mutating func remove(_ key: String) {
        if let range = lineRange(of: key) {
            lines.removeSubrange(range)
            shiftKeyLines(from: range.lowerBound, removed: range.count, added: 0)
        }
    }

    /// Gives a top-level field another key where it stands, its value and comments untouched.
    /// Does nothing if the field is absent, its key is quoted, or `new` is already there.
    public mutating func renameKey(_ key: String, to new: String) {
        guard let range = lineRange(of: key), lineRange(of: new) == nil else { return }
        let line = lines[range.lowerBound]
        let indent = line.prefix { $0 == " " }
        guard line.dropFirst(indent.count).hasPrefix(key + ":") else { return }
        lines[range.lowerBound] = String(indent) + new + line.dropFirst(indent.count + key.count)
    }

    /// The lines (0-based indices into `lines`) that hold a top-level key and its value.
    public func lineRange(of key: String) -> Range<Int>? {
        let indent = rootIndent
        for (i, line) in lines.enumerated() where FrontMatterDocument.topLevelKey(of: String(line.dropFirst(indent.count))) == key {
            if !indent.isEmpty, !line.hasPrefix(indent) { continue }
            if let keys = keyLines, !keys.contains(i) { continue }
            var end = i + 1
            if let keys = keyLines {
                // Everything up to the next real key belongs to this value, less trailing blank
                // and comment lines, which stay where they are.
                while end < lines.count, !keys.contains(end) { end += 1 }
                while end > i + 1 {
                    let l = lines[end - 1].trimmingCharacters(in: .whitespaces)
                    guard l.isEmpty || (l.hasPrefix("#") && !lines[end - 1].hasPrefix(" ")) else { break }
                    end -= 1
                }
            } else {
                while end < lines.count, FrontMatterDocument.isContinuation(lines, end) { end += 1 }
            }
            return i..<end
        }
        return nil
    }

    /// The indentation of the root mapping's keys (almost always none).
    var rootIndent: String {
        guard let first = keyLines?.min(), first < lines.count else { return "" }
        return String(lines[first].prefix { $0 == " " })
    }

    /// The verbatim line of a key, for reading its quoting style.
    public func firstLine(of key: String) -> String? {
        lineRange(of: key).map { lines[$0.lowerBound] }
    }

    /// Replaces the body (everything after the closing line).
    public mutating func setBody(_ body: String) {
        ensureFrontMatter()
        let parts = FrontMatterDocument.splitKeepingEndings(Substring(closingAndBody))
        closingAndBody = (parts.first ?? "---" + newline) + body
    }

    private mutating func ensureFrontMatter() {
        guard opening.isEmpty else { return }
        let body = closingAndBody
        opening = "---" + newline
        closingAndBody = "---" + newline + body
    }

    // MARK: - Line helpers

    /// The key of a line that starts a top-level mapping entry, or nil.
    static func topLevelKey(of line: String) -> String? {
        guard let first = line.first, first != " ", first != "\t", first != "#", first != "-" else { return nil }
        if first == "\"" || first == "'" {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            let after = line[line.index(after: close)...]
            guard after.hasPrefix(":") else { return nil }
            return String(line[line.index(after: line.startIndex)..<close])
        }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let next = line.index(after: colon)
        guard next == line.endIndex || line[next] == " " || line[next] == "\t" else { return nil }
        return String(line[..<colon]).trimmingCharacters(in: .whitespaces)
    }

    /// Whether line i continues the field above it: indented, a block-sequence item, or a blank
    /// line followed by more indented lines.
    static func isContinuation(_ lines: [String], _ i: Int) -> Bool {
        let line = lines[i]
        if line.hasPrefix(" ") || line.hasPrefix("\t") {
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { return true }
        } else if line == "-" || line.hasPrefix("- ") {
            return true
        } else if !line.isEmpty {
            return false
        }
        // A blank line continues the field only if an indented line follows it.
        let next = nextNonBlank(lines, i)
        return next != i && isContinuation(lines, next)
    }

    private static func nextNonBlank(_ lines: [String], _ i: Int) -> Int {
        var j = i + 1
        while j < lines.count, lines[j].trimmingCharacters(in: .whitespaces).isEmpty { j += 1 }
        return j < lines.count ? j : i  // no next line: i itself, which is blank, so not a continuation
    }

    /// ` # comment` at the end of a one-line scalar field, kept when the value is replaced.
    static func trailingComment(_ line: String) -> String? {
        var quote: Character?
        var previous: Character = ":"
        var seenColon = false
        for (offset, c) in line.enumerated() {
            if !seenColon {
                if c == ":" { seenColon = true }
                previous = c
                continue
            }
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous == " " || previous == "\t" {
                var start = line.index(line.startIndex, offsetBy: offset)
                while start > line.startIndex, line[line.index(before: start)] == " " || line[line.index(before: start)] == "\t" {
                    start = line.index(before: start)
                }
                return String(line[start...])
            }
            previous = c
        }
        return nil
    }

    static func splitKeepingEndings(_ text: Substring) -> [Substring] {
        // Split on "\n" bytes: an ASCII byte is always a character boundary, and this avoids
        // walking grapheme clusters, which is most of the cost of reading a card.
        var result: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let next = utf8.index(after: i)
            if utf8[i] == 10 {
                result.append(text[start..<next])
                start = next
            }
            i = next
        }
        if start < utf8.endIndex { result.append(text[start...]) }
        return result
    }

    static func stripEnding(_ line: Substring) -> Substring {
        var l = line
        while let last = l.utf8.last, last == 10 || last == 13 { l = l.dropLast() }
        return l
    }
}

/// A problem found while splitting or parsing front-matter. Line and column are 1-based and
/// relative to the front-matter (line 1 is the opening `---` when produced by the splitter).
public struct FrontMatterError: Error, Equatable, Sendable {
    public let line: Int
    public let column: Int
    public let message: String
}
