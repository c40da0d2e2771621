import Yams

/// One top-level front-matter entry with where it sits in the file.
public struct FrontMatterField {
    public let key: String
    public let value: Node
    /// 1-based file line and column of the value (of the key when the value has no mark).
    public let line: Int
    public let column: Int
    /// 1-based file line of the key itself.
    public var keyLine: Int = 0
}

/// The parsed top-level mapping of a front-matter block, in file order.
public struct FrontMatterFields {
    public let fields: [FrontMatterField]

    public subscript(key: String) -> FrontMatterField? { fields.first { $0.key == key } }

    /// Parses the document's YAML. Errors carry 1-based file line and column.
    public init(document: FrontMatterDocument) throws(FrontMatterError) {
        let offset = document.firstLineNumber - 1
        guard !document.lines.isEmpty else {
            fields = []
            return
        }
        // YAML counts a lone carriage return as a line break; Carousel edits by "\n" lines, so the
        // two would disagree about where fields are. Old Mac line endings are refused plainly.
        if let i = document.lines.firstIndex(where: { $0.utf8.contains(13) }) {
            throw FrontMatterError(line: i + 1 + offset, column: 1,
                                   message: "a lone carriage return (\\r) in the front-matter; save the file with \\n or \\r\\n line endings")
        }
        // A byte-order mark belongs only at the very start of a file; inside the front-matter
        // libyaml reads it inconsistently, so it is refused with its line.
        if let i = document.lines.firstIndex(where: { $0.unicodeScalars.contains("\u{FEFF}") }) {
            throw FrontMatterError(line: i + 1 + offset, column: 1,
                                   message: "a byte-order mark (U+FEFF) inside the front-matter; it belongs only at the start of the file")
        }
        if let fast = FastFrontMatter.parse(document) {
            fields = fast
            return
        }
        if let problem = YAMLLimits.check(document.lines) {
            throw FrontMatterError(line: problem.line + offset, column: problem.column, message: problem.message)
        }
        if let tabLine = document.lines.firstIndex(where: { $0.hasPrefix("\t") }) {
            throw FrontMatterError(line: tabLine + 1 + offset, column: 1,
                                   message: "front-matter is indented with a tab; YAML needs spaces")
        }
        let root: Node?
        do {
            root = try YAMLCompose.node(document.yaml)
        } catch let error as YamlError {
            if case let .duplicatedKeysInMapping(duplicates, _) = error, let key = duplicates.first,
               let second = document.lines.indices.filter({ FrontMatterDocument.topLevelKey(of: document.lines[$0]) == key }).dropFirst().first {
                throw FrontMatterError(line: second + 1 + offset, column: 1, message: "`\(key)` appears twice")
            }
            throw FrontMatterFields.locate(error, offset: offset)
        } catch {
            throw FrontMatterError(line: 1 + offset, column: 1, message: "front-matter is not valid YAML: \(error)")
        }
        guard let node = root else {
            fields = []
            return
        }
        // A `{…}` root (or a tagged one) would end before any line Carousel adds, so only plain
        // block mappings are fields.
        let firstContent = document.lines.first { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            return !t.isEmpty && !t.hasPrefix("#")
        }?.trimmingCharacters(in: .whitespaces) ?? ""
        let plainBlock = node.tag.description == "tag:yaml.org,2002:map" && !firstContent.hasPrefix("{")
        guard let mapping = node.mapping, plainBlock else {
            let mark = node.mark
            throw FrontMatterError(line: (mark?.line ?? 1) + offset, column: mark?.column ?? 1,
                                   message: "front-matter must be a list of `key: value` lines")
        }
        var result: [FrontMatterField] = []
        var seen: Set<String> = []
        for (keyNode, valueNode) in mapping {
            let keyMark = keyNode.mark
            guard let key = keyNode.scalar?.string else {
                throw FrontMatterError(line: (keyMark?.line ?? 1) + offset, column: keyMark?.column ?? 1,
                                       message: "front-matter keys must be plain words")
            }
            guard seen.insert(key).inserted else {
                throw FrontMatterError(line: (keyMark?.line ?? 1) + offset, column: keyMark?.column ?? 1,
                                       message: "`\(key)` appears twice")
            }
            let mark = valueNode.mark ?? keyMark
            result.append(FrontMatterField(key: key, value: valueNode,
                                           line: (mark?.line ?? 1) + offset, column: mark?.column ?? 1,
                                           keyLine: (keyMark?.line ?? 1) + offset))
        }
        fields = result
    }

    static func locate(_ error: YamlError, offset: Int) -> FrontMatterError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return FrontMatterError(line: mark.line + offset, column: mark.column, message: "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            return FrontMatterError(line: context.mark.line + offset, column: context.mark.column,
                                    message: "duplicate key: \(duplicates.joined(separator: ", "))")
        case let .reader(problem, _, _, _):
            return FrontMatterError(line: 1 + offset, column: 1, message: "cannot read front-matter: \(problem)")
        default:
            return FrontMatterError(line: 1 + offset, column: 1, message: "invalid YAML: \(error)")
        }
    }
}

extension Node {
    /// The scalar's text, or nil for a mapping, sequence or alias.
    var text: String? { scalar?.string }

    /// Whether this is YAML null (`~`, `null`, empty).
    var isNull: Bool {
        guard let s = scalar, s.style == .plain || s.style == .any else { return false }
        return s.string.isEmpty || s.string == "~" || s.string.lowercased() == "null"
    }
}
