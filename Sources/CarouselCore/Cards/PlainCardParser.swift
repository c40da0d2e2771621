#if canImport(Glibc)
import Glibc
#endif

/// The fast path for the card files people and Carousel usually write, read straight from the
/// file's bytes: LF line ends, a `---` line, top-level `key: value` lines with plain or simply
/// quoted scalars and `[a, b]` lists, comment lines, a closing `---` or `...` line, then the body.
///
/// It gives the same card and body as `CardParser.parse` and `CardRow.body(of:)` or steps aside
/// (returns nil) and leaves the file to them: for anything it is not sure of (a byte-order mark,
/// a carriage return, a tab or other control character, text that is not UTF-8, conflict
/// markers, indented or block-list lines, anchors, escapes, multi-line values, a repeated key),
/// and for every file that would get a diagnostic, error or warning, so that messages and their
/// lines always come from the full parser. The card rules are `CardParser.card(fields:…)`, the
/// same code the full parser runs; `PlainCardParserTests` checks the two paths side by side.
enum PlainCardParser {
    /// The card and body of a plain card file, or nil when the file needs the full parser.
    static func parse(_ file: UnsafeBufferPointer<UInt8>, path: String) -> (card: Card, body: String, reminds: Bool)? {
        let n = file.count
        guard n >= 4, file[0] == dash, file[1] == dash, file[2] == dash, file[3] == lf else { return nil }
        guard let nonASCII = scan(file) else { return nil }
        // Text that is not UTF-8 is refused by the reader with a message: the full path says so.
        if nonASCII, String(validating: file, as: UTF8.self) == nil { return nil }

        var fields: [PlainCardField] = []
        fields.reserveCapacity(12)
        var seen: Set<String>?
        var p = 4
        var lineNumber = 2
        var bodyStart: Int?
        while p < n {
            var e = p
            while e < n, file[e] != lf { e += 1 }
            if e - p == 3, (file[p] == dash && file[p + 1] == dash && file[p + 2] == dash)
                || (file[p] == dot && file[p + 1] == dot && file[p + 2] == dot) {
                bodyStart = min(e + 1, n)
                break
            }
            if e > p {
                guard let line = field(file, p, e, line: lineNumber, nonASCII: nonASCII) else { return nil }
                if let line {
                    // A repeated key is an error: the full parser says where. A card's dozen keys
                    // are compared in place; past that a set keeps the check linear in the file
                    // (a file of 100,000 keys would otherwise take minutes).
                    if seen != nil {
                        guard seen!.insert(line.key).inserted else { return nil }
                    } else {
                        guard !fields.contains(where: { $0.key == line.key }) else { return nil }
                        if fields.count == 16 { seen = Set(fields.map(\.key) + [line.key]) }
                    }
                    fields.append(line)
                }
            }
            p = e + 1
            lineNumber += 1
        }
        // No closing line is an error, reported by the full parser.
        guard let bodyStart else { return nil }

        let parsed: ParsedCard
        do {
            parsed = try CardParser.card(fields: fields, slug: Vault.slug(ofPath: path), path: path) { line, column, message, severity in
                FileDiagnostic(path: path, line: line, column: column, severity: severity, message: message)
            }
        } catch {
            return nil
        }
        guard parsed.warnings.isEmpty else { return nil }
        let body = String(decoding: UnsafeBufferPointer(rebasing: file[bodyStart..<n]), as: UTF8.self)
        return (parsed.card, body, parsed.reminds)
    }

    static let dash = UInt8(ascii: "-"), dot = UInt8(ascii: "."), lf = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
    static let colon = UInt8(ascii: ":"), hash = UInt8(ascii: "#"), comma = UInt8(ascii: ",")
    static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")

    /// The whole file at once: nil when it holds a NUL or a CR, or a line that starts with seven
    /// `<` or `>` (what `CardParser.hasMarker` looks for); else whether any byte is not ASCII.
    /// `memchr` and eight bytes at a time, since every byte of every card passes here.
    static func scan(_ file: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = file.baseAddress else { return false }
        let n = file.count
        if memchr(base, 0, n) != nil || memchr(base, 13, n) != nil { return nil }
        var lineStart = 0
        while lineStart < n {
            let b = file[lineStart]
            if b == UInt8(ascii: "<") || b == UInt8(ascii: ">"), lineStart + 7 <= n, (1..<7).allSatisfy({ file[lineStart + $0] == b }) {
                return nil
            }
            guard let lf = memchr(base + lineStart, 10, n - lineStart) else { break }
            lineStart = base.distance(to: lf.assumingMemoryBound(to: UInt8.self)) + 1
        }
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= n {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < n {
            high |= UInt64(file[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 != 0
    }

    /// One front-matter line (`file[start..<end]`, not empty): a field, `.some(nil)` for a
    /// comment line, or nil when the line needs the full parser. The rules are those of
    /// `FastFrontMatter` (which the full parser tries first), narrowed further.
    static func field(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, line: Int, nonASCII: Bool) -> PlainCardField?? {
        // Control characters (tabs too), DEL, C1 controls, U+FFFE/U+FFFF and byte-order marks
        // are YAML's business, or an error: the full parser judges them.
        for i in start..<end {
            let b = file[i]
            if b < 0x20 || b == 0x7F { return nil }
            if nonASCII, b == 0xC2, i + 1 < end, file[i + 1] >= 0x80, file[i + 1] <= 0x9F { return nil }
            if nonASCII, b == 0xEF, i + 2 < end, (file[i + 1] == 0xBF && file[i + 2] >= 0xBE) || (file[i + 1] == 0xBB && file[i + 2] == 0xBF) {
                return nil
            }
        }
        let first = file[start]
        if first == hash { return .some(nil) }
        // Indented lines, block-list items and anything not starting like a plain key.
        guard isKeyByte(first), first != dash else { return nil }
        var c = start
        while c < end, file[c] != colon {
            guard isKeyByte(file[c]) else { return nil }
            c += 1
        }
        guard c < end else { return nil }
        var valueStart = c + 1
        if valueStart < end {
            guard file[valueStart] == space else { return nil }
            while valueStart < end, file[valueStart] == space { valueStart += 1 }
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: file[start..<c]), as: UTF8.self)
        guard let value = value(file, valueStart, end) else { return nil }
        return .some(PlainCardField(key: key, line: line, column: valueStart - start + 1, value: value))
    }

    /// A value from `file[start..<end]`, or nil when it needs the full parser.
    static func value(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> PlainCardField.Value? {
        var e = end
        if let comment = commentStart(file, start, end) {
            // Only plain values may carry a comment here.
            if file[start] == doubleQuote || file[start] == singleQuote { return nil }
            e = comment
        }
        while e > start, file[e - 1] == space { e -= 1 }
        guard e > start else { return .plain("") }
        let first = file[start]
        switch first {
        case doubleQuote, singleQuote:
            guard e - start >= 2, file[e - 1] == first else { return nil }
            for i in (start + 1)..<(e - 1) where file[i] == first || (first == doubleQuote && file[i] == backslash) {
                return nil
            }
            return .quoted(text(file, start + 1, e - 1))
        case UInt8(ascii: "["):
            guard file[e - 1] == UInt8(ascii: "]") else { return nil }
            let innerStart = start + 1, innerEnd = e - 1
            var items: [CardListItem] = []
            if (innerStart..<innerEnd).allSatisfy({ file[$0] == space }) { return .list([]) }
            var p = innerStart
            while p <= innerEnd {
                var q = p
                while q < innerEnd, file[q] != comma { q += 1 }
                var a = p, b = q
                while a < b, file[a] == space { a += 1 }
                while b > a, file[b - 1] == space { b -= 1 }
                // An empty item (`[a, , b]`) needs the full parser.
                guard b > a, isPlain(file, a, b, inFlow: true) else { return nil }
                items.append(CardListItem(text: text(file, a, b), line: nil, column: nil))
                p = q + 1
            }
            return .list(items)
        default:
            guard isPlain(file, start, e, inFlow: false) else { return nil }
            return .plain(text(file, start, e))
        }
    }

    static func text(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: file[start..<end]), as: UTF8.self)
    }

    /// Where a ` #` comment starts in `file[start..<end]` (never at its first byte).
    static func commentStart(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var i = start + 1
        while i < end {
            if file[i] == hash, file[i - 1] == space { return i }
            i += 1
        }
        return nil
    }

    static func isKeyByte(_ b: UInt8) -> Bool { FastFrontMatter.isKeyByte(b) }

    /// A plain scalar YAML reads as exactly its text (`FastFrontMatter.isPlain`).
    static func isPlain(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, inFlow: Bool) -> Bool {
        guard start < end, !FastFrontMatter.badStart[Int(file[start])] else { return false }
        var previous: UInt8 = 0
        for i in start..<end {
            let b = file[i]
            if b < 32 || b == 127 { return false }
            if inFlow, b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { return false }
            if previous == colon, b == space { return false }
            if previous == space, b == hash { return false }
            previous = b
        }
        return previous != colon
    }
}

/// A field read by the fast path: a plain scalar, a quoted scalar, or a flow list of plain items.
struct PlainCardField: CardFieldValue {
    enum Value {
        case plain(String)
        case quoted(String)
        case list([CardListItem])
    }

    let key: String
    let line: Int
    let column: Int
    let value: Value

    /// A plain `~`, `null` in any case, or nothing. (Only four ASCII letters lowercase to
    /// "null": no other scalar's lowercase form is those letters.)
    var isNull: Bool {
        guard case let .plain(s) = value else { return false }
        return s.isEmpty || s == "~" || (s.utf8.count == 4 && s.lowercased() == "null")
    }

    var text: String? {
        switch value {
        case let .plain(s), let .quoted(s): return s
        case .list: return nil
        }
    }

    var listItems: [CardListItem]? {
        if case let .list(items) = value { return items }
        return nil
    }
}
