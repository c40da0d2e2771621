/// `carousel config tags.NAME COLOUR`: one tag's colour in the `tags:` block of carousel.yaml,
/// touching only that tag's line (its icon, comments and the other tags stay as written).
extension SettingsFile {
    /// Sets the colour of `tag` under `tags:`. `styles` are the tag styles the file reads as now,
    /// used only when a one-line `tags: {…}` has to become a block.
    public mutating func setTagColour(_ tag: String, _ colour: String, styles: [String: TagStyle]) {
        let name = YAMLRender.scalar(tag)
        guard let top = lines.firstIndex(where: { FrontMatterDocument.topLevelKey(of: $0) == "tags" }) else {
            set("tags", rendered: "")
            let at = lines.firstIndex { FrontMatterDocument.topLevelKey(of: $0) == "tags" }! + 1
            lines[at - 1] = "tags:"
            lines.insert("  \(name): \(colour)", at: at)
            return
        }
        var end = top + 1
        while end < lines.count, FrontMatterDocument.isContinuation(lines, end) { end += 1 }
        let inline = SettingsFile.value(of: lines[top])
        if !inline.isEmpty {
            // `tags: {errand: yellow}`: written again as a block, one tag a line.
            var all = styles
            all[tag.lowercased(), default: TagStyle()].color = colour
            let block = all.sorted { $0.key < $1.key }.map { "  " + YAMLRender.scalar($0.key) + ": " + SettingsFile.render($0.value) }
            lines.replaceSubrange(top..<end, with: ["tags:"] + block)
            return
        }
        let children = (top + 1)..<end
        let current = lines
        let indent = children.lazy.map { SettingsFile.indent(of: current[$0]) }.first { $0 > 0 } ?? 2
        let pad = String(repeating: " ", count: indent)
        guard let row = children.first(where: {
            SettingsFile.indent(of: lines[$0]) == indent
                && FrontMatterDocument.topLevelKey(of: String(lines[$0].dropFirst(indent)))?.lowercased() == tag.lowercased()
        }) else {
            var at = end
            while at > top + 1, lines[at - 1].trimmingCharacters(in: .whitespaces).isEmpty { at -= 1 }
            lines.insert(pad + "\(name): \(colour)", at: at)
            return
        }
        let line = lines[row]
        let key = FrontMatterDocument.topLevelKey(of: String(line.dropFirst(indent))) ?? tag
        let value = SettingsFile.value(of: String(line.dropFirst(indent)))
        if value.hasPrefix("{") {
            var style = styles[tag.lowercased()] ?? TagStyle()
            style.color = colour
            lines[row] = pad + YAMLRender.scalar(key) + ": " + SettingsFile.render(style)
        } else if !value.isEmpty {
            let comment = FrontMatterDocument.trailingComment(line)
            let new = pad + YAMLRender.scalar(key) + ": " + colour
            lines[row] = new + (comment.map { SettingsFile.realign($0, after: new, like: line) } ?? "")
        } else {
            // A block of its own (`errand:` then `color:` and `icon:` lines below it).
            var inner = row + 1
            while inner < end, SettingsFile.indent(of: lines[inner]) > indent || lines[inner].trimmingCharacters(in: .whitespaces).isEmpty { inner += 1 }
            let deeper = ((row + 1)..<inner).lazy.map { SettingsFile.indent(of: current[$0]) }.first { $0 > indent } ?? indent + 2
            let innerPad = String(repeating: " ", count: deeper)
            if let c = ((row + 1)..<inner).first(where: {
                ["color", "colour"].contains(FrontMatterDocument.topLevelKey(of: String(lines[$0].dropFirst(deeper))) ?? "")
            }) {
                let old = lines[c]
                let k = FrontMatterDocument.topLevelKey(of: String(old.dropFirst(deeper))) ?? "color"
                let new = innerPad + k + ": " + colour
                lines[c] = new + (FrontMatterDocument.trailingComment(old).map { SettingsFile.realign($0, after: new, like: old) } ?? "")
            } else {
                lines.insert(innerPad + "color: " + colour, at: row + 1)
            }
        }
    }

    /// The value after `key:` on a line, without a trailing comment, trimmed.
    static func value(of line: String) -> String {
        guard let colon = line.firstIndex(of: ":") else { return "" }
        var rest = String(line[line.index(after: colon)...])
        if let comment = FrontMatterDocument.trailingComment(line) { rest = String(rest.dropLast(comment.count)) }
        return rest.trimmingCharacters(in: .whitespaces)
    }

    static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

    /// `red`, or `{color: red, icon: "🛒"}` when the tag has an icon.
    static func render(_ style: TagStyle) -> String {
        guard let icon = style.icon else { return style.color ?? "white" }
        return "{" + (style.color.map { "color: \($0), " } ?? "") + "icon: " + YAMLRender.scalar(icon, style: .double) + "}"
    }
}
