/// What an import did.
public struct ImportResult: Sendable {
    public var added: [Card] = []
    /// Items already in the vault from an earlier run (matched by `import_key`).
    public var alreadyThere = 0
    public var notes: [String] = []
}

extension Workspace {
    /// Creates one card per new item and commits them all as ONE commit, or nothing at all.
    public func importItems(_ plan: ImportPlan, source: String) throws(CarouselError) -> ImportResult {
        var result = ImportResult(notes: plan.notes)
        var known = Set<String>()
        for card in snapshot.cards {
            guard let text = try? vault.readText(card.path), text.contains("import_key:"),
                  let doc = try? FrontMatterDocument(text: text), let key = (try? FrontMatterFields(document: doc))?["import_key"]?.value.text
            else { continue }
            known.insert(key)
        }
        var taken = Set(snapshot.cards.map(\.slug) + snapshot.diagnostics.map { Vault.slug(ofPath: $0.path) })
        var writes: [FileWrite] = []
        for item in plan.items {
            if known.contains(item.key) {
                result.alreadyThere += 1
                continue
            }
            known.insert(item.key)
            var base = Slug.make(from: item.title)
            if base.isEmpty { base = "card" }
            let slug = Slug.unique(base) { taken.contains($0) || FileSystem.stamp(vault.url("\(Vault.cardsDir)/\($0).md")) != nil }
            taken.insert(slug)
            var file = CardFile.new(path: "\(Vault.cardsDir)/\(slug).md", title: item.title)
            file.set("id", string: moment.makeID())
            if let n = item.importance { file.set("importance", int: n) }
            if let c = item.category { file.set("category", string: c) }
            if !item.tags.isEmpty { file.set("tags", list: item.tags) }
            if let d = item.due { file.set("due", string: d.description) }
            if let r = item.repeatRule { file.set("repeat", string: r) }
            if let d = item.done {
                if item.repeatRule == nil { file.set("done", string: d.description) } else { file.set("completed", list: [d.day.iso]) }
            }
            file.set("created", string: (item.created ?? moment.stamp).description)
            for (k, v) in item.extras where file.document.lineRange(of: k) == nil { file.set(k, string: v) }
            file.set("import_key", string: item.key)
            if !item.body.isEmpty { file.setBody("\n" + item.body) }
            writes.append(FileWrite(path: file.path, text: file.text))
            result.added.append(file.card)
        }
        guard !writes.isEmpty else { return result }
        try commit(writes, message: "import: \(writes.count) card\(writes.count == 1 ? "" : "s") from \(source)")
        return result
    }
}
