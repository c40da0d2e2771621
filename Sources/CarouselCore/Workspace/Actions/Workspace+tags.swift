import Foundation

/// One tag as `carousel tag` lists it.
public struct TagSummary: Sendable, Equatable {
    /// The tag as most cards write it.
    public let name: String
    /// Cards that carry it (open or done).
    public let count: Int
    /// Open cards that carry it.
    public let open: Int
    public let style: TagStyle?
}

extension Workspace {
    /// Every tag on a card, and every tag `carousel.yaml` styles, by name (case-insensitively
    /// one tag, as filters treat them).
    public func tagSummaries() -> [TagSummary] {
        var spelled: [String: [String: Int]] = [:], count: [String: Int] = [:], open: [String: Int] = [:]
        for card in snapshot.cards {
            for tag in Set(card.tags) {
                let key = tag.lowercased()
                spelled[key, default: [:]][tag, default: 0] += 1
                count[key, default: 0] += 1
                if !Occurrence.isDone(card, today: today) && !Occurrence.isFinished(card, today: today) { open[key, default: 0] += 1 }
            }
        }
        let styles = settings.tagStyles
        let keys = Set(count.keys).union(styles.keys)
        return keys.sorted().map { key in
            let name = spelled[key]?.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? key
            return TagSummary(name: name, count: count[key] ?? 0, open: open[key] ?? 0, style: styles[key])
        }
    }

    /// Renames a tag on every card that has it (and its style in carousel.yaml), in one commit
    /// ("tag rename: OLD to NEW"). Only each card's `tags` lines change; a card that already had
    /// NEW keeps it once. Returns the cards changed.
    public func renameTag(_ old: String, to new: String) throws(CarouselError) -> [Card] {
        let newName = new.trimmingCharacters(in: .whitespaces)
        guard !newName.isEmpty, !newName.contains(where: { $0 == "," || $0 == "[" || $0 == "]" || $0.isNewline || $0 == "#" }) else {
            throw .usage("a tag cannot be empty or hold a comma, brackets, # or a line break, found \"\(new)\"")
        }
        func same(_ a: String, _ b: String) -> Bool { a.caseInsensitiveCompare(b) == .orderedSame }
        let carrying = snapshot.cards.filter { $0.tags.contains { same($0, old) } }
        let styleText = try vault.readText(Vault.settingsFile)
        let renamedStyle = SettingsFile.renamingTagStyle(styleText, from: old, to: newName)
        guard !carrying.isEmpty || renamedStyle != nil else {
            let known = tagSummaries().map(\.name)
            throw .usage("no card has the tag \"\(old)\"." + Nearest.hint(for: old, among: known))
        }
        var writes: [FileWrite] = []
        var changed: [Card] = []
        for card in carrying {
            var file = try open(card)
            var tags: [String] = []
            for tag in card.tags {
                let renamed = same(tag, old) ? newName : tag
                if !tags.contains(where: { same($0, renamed) }) { tags.append(renamed) }
            }
            if tags == card.tags { continue }
            file.set("tags", list: tags)
            writes.append(FileWrite(path: card.path, text: file.text))
            changed.append(file.card)
        }
        if let renamedStyle {
            do { _ = try Settings.parse(text: renamedStyle) } catch {
                throw .usage("renaming the style of \"\(old)\" in carousel.yaml would not read (\(error.message)); edit it by hand")
            }
            writes.append(FileWrite(path: Vault.settingsFile, text: renamedStyle))
        }
        guard !writes.isEmpty else { return [] }
        try commit(writes, message: "tag rename: \(old) to \(newName) (\(changed.count) card\(changed.count == 1 ? "" : "s"))")
        return changed
    }
}

extension SettingsFile {
    /// carousel.yaml with the key of OLD's style under `tags:` renamed to NEW (only that line
    /// changes), or nil when OLD has no style line there. Handles block style (`tags:` then
    /// indented `errand: …` lines); a style written inline (`tags: {errand: red}`) is left to the person.
    static func renamingTagStyle(_ text: String, from old: String, to new: String) -> String? {
        var file = SettingsFile(text: text)
        guard let start = file.lines.firstIndex(where: { FrontMatterDocument.topLevelKey(of: $0) == "tags" }) else { return nil }
        var i = start + 1
        while i < file.lines.count, FrontMatterDocument.isContinuation(file.lines, i) {
            let line = file.lines[i]
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count)
            if let colon = rest.firstIndex(of: ":") {
                let key = rest[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                if key.caseInsensitiveCompare(old) == .orderedSame {
                    let quoted = new.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ? new : YAMLRender.scalar(new)
                    file.lines[i] = String(indent) + quoted + String(rest[colon...])
                    return file.text
                }
            }
            i += 1
        }
        return nil
    }
}
