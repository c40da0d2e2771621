import Yams

/// A fast path for the front-matter people usually write: top-level `key: value` lines with plain
/// or simply quoted scalars and `[a, b]` lists. Anything richer (block lists, nesting, escapes,
/// anchors, multi-line values) returns nil and goes to the full YAML parser, so the two paths
/// never disagree about what a file means.
enum FastFrontMatter {
    static func parse(_ document: FrontMatterDocument) -> [FrontMatterField]? {
        var fields: [FrontMatterField] = []
        fields.reserveCapacity(document.lines.count)
        var seen: Set<String> = []
        for (i, line) in document.lines.enumerated() {
            let bytes = Array(line.utf8)
            guard let first = bytes.first else { continue }
            if first == UInt8(ascii: "#"), isPrintable(line, bytes) { continue }
            // Indented lines and block-list items belong to richer YAML.
            if first == 32 || first == 9 || first == UInt8(ascii: "-") { return nil }
            // Characters YAML does not allow anywhere, comments included: let libyaml say so.
            if !isPrintable(line, bytes) { return nil }
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
                  bytes[..<colon].allSatisfy(isKeyByte) else { return nil }
            var start = colon + 1
            if start < bytes.count {
                guard bytes[start] == 32 else { return nil }
                while start < bytes.count, bytes[start] == 32 { start += 1 }
            }
            let key = String(decoding: bytes[..<colon], as: UTF8.self)
            guard seen.insert(key).inserted else { return nil }
            guard let node = value(bytes[start...]) else { return nil }
            fields.append(FrontMatterField(key: key, value: node, line: i + document.firstLineNumber,
                                           column: start + 1, keyLine: i + document.firstLineNumber))
        }
        return fields
    }

    /// YAML's printable set: tab, ASCII from space to `~`, and Unicode outside C1 controls and
    /// the non-characters U+FFFE/U+FFFF (U+0085 is allowed).
    static func isPrintable(_ line: String, _ bytes: [UInt8]) -> Bool {
        var ascii = true
        for b in bytes {
            if b >= 0x80 { ascii = false; continue }
            if (b < 32 && b != 9) || b == 127 { return false }
        }
        if ascii { return true }
        return !line.unicodeScalars.contains { v in
            (0x80...0x9F).contains(v.value) && v.value != 0x85 || v.value == 0xFFFE || v.value == 0xFFFF
        }
    }

    static func isKeyByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95 || b == 45
    }

    /// A value, or nil when it needs the full parser.
    /// Yams builds a new `Constructor` (its tables of every tag) each time `.implicit` is
    /// asked for; a card with a hundred thousand keys spent most of its reading there. The
    /// constructor is `YAMLCompose`'s, built once and without tables; each node still gets a
    /// `Tag` of its own, since Yams resolves a tag by changing it.
    /// Tags resolve with `Resolver.basic`, as every YAML read in Carousel does: values are read as
    /// their text, and Yams' default resolver compiles seven regular expressions on first use,
    /// which cost each command more than reading its cards (docs/performance.md, "Start-up").
    private static func implicit() -> Tag { Tag(.implicit, .basic, YAMLCompose.constructor) }

    static func value(_ raw: ArraySlice<UInt8>) -> Node? {
        var v = raw
        // A comment starts at " #"; only plain values may carry one here.
        if let hash = commentStart(v) {
            guard let f = v.first, f != UInt8(ascii: "\""), f != UInt8(ascii: "'") else { return nil }
            v = v[..<hash]
        }
        while let last = v.last, last == 32 { v = v.dropLast() }
        guard let first = v.first else { return .scalar(.init("", implicit(), .plain)) }
        if v.contains(9) { return nil }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard v.count >= 2, v.last == first else { return nil }
            let inner = v.dropFirst().dropLast()
            if inner.contains(first) || (first == UInt8(ascii: "\"") && inner.contains(UInt8(ascii: "\\"))) { return nil }
            return .scalar(.init(String(decoding: inner, as: UTF8.self), implicit(),
                                 first == UInt8(ascii: "\"") ? .doubleQuoted : .singleQuoted))
        case UInt8(ascii: "["):
            guard v.last == UInt8(ascii: "]") else { return nil }
            let inner = v.dropFirst().dropLast()
            var items: [Node] = []
            for part in inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                var item = part
                while let f = item.first, f == 32 { item = item.dropFirst() }
                while let l = item.last, l == 32 { item = item.dropLast() }
                if item.isEmpty {
                    // `[]` is an empty list; an empty item anywhere else needs the real parser.
                    if inner.allSatisfy({ $0 == 32 }) { break }
                    return nil
                }
                guard isPlain(item, inFlow: true) else { return nil }
                items.append(.scalar(.init(String(decoding: item, as: UTF8.self), implicit(), .plain)))
            }
            return .sequence(.init(items, implicit(), .flow))
        default:
            guard isPlain(v, inFlow: false) else { return nil }
            return .scalar(.init(String(decoding: v, as: UTF8.self), implicit(), .plain))
        }
    }

    static func commentStart(_ v: ArraySlice<UInt8>) -> Int? {
        var previous: UInt8 = 32
        for i in v.indices {
            if v[i] == UInt8(ascii: "#"), previous == 32, i != v.startIndex { return i }
            previous = v[i]
        }
        return nil
    }

    /// Bytes that give a plain scalar another meaning when they start it.
    static let badStart: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for b in "-?:,[]{}#&*!|>'\"%@`".utf8 { table[Int(b)] = true }
        return table
    }()

    /// A plain scalar YAML reads as exactly its text.
    static func isPlain(_ v: ArraySlice<UInt8>, inFlow: Bool) -> Bool {
        guard let first = v.first else { return false }
        if badStart[Int(first)] { return false }
        var previous: UInt8 = 0
        for b in v {
            if b < 32 || b == 127 { return false }
            if inFlow, b == UInt8(ascii: "[") || b == UInt8(ascii: "]") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { return false }
            if previous == UInt8(ascii: ":"), b == 32 { return false }
            if previous == 32, b == UInt8(ascii: "#") { return false }
            previous = b
        }
        return previous != UInt8(ascii: ":")
    }
}
