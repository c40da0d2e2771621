import Yams

/// How a tag looks: a terminal colour and an emoji or symbol, from `tags:` in carousel.yaml.
public struct TagStyle: Sendable, Equatable {
    /// One of `Settings.colors`, lowercased.
    public var color: String?
    /// A short emoji or symbol shown before the tag.
    public var icon: String?

    public init(color: String? = nil, icon: String? = nil) {
        self.color = color
        self.icon = icon
    }
}

extension Settings {
    /// The keys a tag's style may have.
    public static let tagStyleKeys = ["color", "icon"]
    /// An icon is an emoji or a symbol, at most this many characters.
    static let maxIconLength = 4

    /// Reads `tags:`, a mapping from a tag to its style:
    /// `tags: {errand: {color: yellow, icon: "🛒"}, deadline: red}` (a bare colour is short for
    /// `{color: red}`). `diag` places a problem at a YAML node.
    static func parseTagStyles(_ node: Node, diag: (Mark?, String) -> FileDiagnostic) throws(FileDiagnostic) -> [String: TagStyle] {
        guard let pairs = node.mapping else {
            throw diag(node.mark, "tags must map a tag to its style, like `tags: {errand: {color: yellow, icon: \"🛒\"}}`")
        }
        var styles: [String: TagStyle] = [:]
        for (key, value) in pairs {
            let tag = key.scalar?.string ?? ""
            guard !tag.isEmpty else { throw diag(key.mark, "tags: a tag name is empty") }
            var style = TagStyle()
            if let colour = value.scalar?.string {
                style.color = try checkedColor(colour, at: value.mark, tag: tag, diag: diag)
            } else if let inner = value.mapping {
                for (k, v) in inner {
                    let name = k.scalar?.string ?? ""
                    let text = v.scalar?.string ?? ""
                    switch name {
                    case "color", "colour": style.color = try checkedColor(text, at: v.mark, tag: tag, diag: diag)
                    case "icon", "emoji":
                        guard !text.isEmpty, text.count <= maxIconLength, !text.contains(where: \.isNewline) else {
                            throw diag(v.mark, "tags.\(tag).icon must be one emoji or symbol, found \"\(text)\"")
                        }
                        style.icon = text
                    default:
                        throw diag(k.mark, "tags.\(tag): unknown key '\(name)'; a tag takes color and icon." + Nearest.hint(for: name, among: tagStyleKeys))
                    }
                }
            } else {
                throw diag(value.mark, "tags.\(tag) must be a colour or {color: …, icon: …}")
            }
            styles[tag.lowercased()] = style
        }
        return styles
    }

    private static func checkedColor(_ text: String, at mark: Mark?, tag: String, diag: (Mark?, String) -> FileDiagnostic) throws(FileDiagnostic) -> String {
        let lower = text.lowercased()
        guard colors.contains(lower) else {
            throw diag(mark, "tags.\(tag): unknown colour \"\(text)\"; the colours are \(list(colors))." + Nearest.hint(for: text, among: colors))
        }
        return lower
    }
}
