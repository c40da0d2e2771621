/// What an import did.
public struct ImportResult: Sendable {
    public var added: [Card] = []
    /// Cards of an earlier import whose source item changed, rewritten (iCalendar).
    public var updated: [Card] = []
    /// Items already in the vault from an earlier run (matched by `import_key`).
    public var alreadyThere = 0
    public var notes: [String] = []
}

extension Workspace {
    /// Creates one card per new item and commits them all as ONE commit, or nothing at all.
    public func importItems(_ plan: ImportPlan, source: String) throws(CarouselError) -> ImportResult {
        var result = ImportResult(notes: plan.notes)
        var known = Set<String>()
        var slugByKey: [String: String] = [:]
        var pathByKey: [String: String] = [:]
        for card in snapshot.cards {
            guard let text = try? vault.readText(card.path), text.contains("import_key:"),
                  let doc = try? FrontMatterDocument(text: text), let key = (try? FrontMatterFields(document: doc))?["import_key"]?.value.text
            else { continue }
            known.insert(key)
            slugByKey[key] = card.slug
            pathByKey[key] = card.path
        }
        var updates: [CardFile] = []
        var taken = takenSlugs()
        var files: [(item: ImportedItem, file: CardFile)] = []
        for item in plan.items {
            if known.contains(item.key) {
                if plan.updatesExisting, let path = pathByKey.removeValue(forKey: item.key),
                   let old = try? CardFile(vault: vault, path: path) {
                    var file = old
                    // Unchanged in the source since the card was written: the card, with any
                    // edits made in Carousel, is left as it is.
                    if (try? FrontMatterFields(document: old.document))?["import_hash"]?.value.text != item.fingerprint {
                        update(&file, with: item)
                        file.set("import_hash", string: item.fingerprint)
                        // Said, never silent: which of the card's values the source replaced; the
                        // card's history keeps what they were.
                        let replaced = Self.replacedFields(old, file)
                        if !replaced.isEmpty {
                            result.notes.append("\(old.card.title): the source's \(replaced.joined(separator: ", ")) replaced the card's; `carousel log \(old.card.slug)` shows what they were")
                        }
                    }
                    if file.text != old.text { updates.append(file); continue }
                }
                result.alreadyThere += 1
                continue
            }
            known.insert(item.key)
            var base = Slug.make(from: item.title)
            if base.isEmpty { base = "card" }
            let slug = Slug.unique(base) { taken.contains($0) || FileSystem.stamp(vault.url("\(Vault.cardsDir)/\($0).md")) != nil }
            taken.insert(slug)
            slugByKey[item.key] = slug
            var file = CardFile.new(path: "\(Vault.cardsDir)/\(slug).md", title: item.title)
            file.set("id", string: moment.makeID())
            if let k = item.kind, k != .task { file.set("kind", string: k.rawValue) }
            if let n = item.importance { file.set("importance", int: n) }
            if let c = item.category { file.set("category", string: c) }
            if !item.tags.isEmpty { file.set("tags", list: item.tags) }
            if let d = item.due { file.set("due", string: d.description) }
            if let r = item.repeatRule { file.set("repeat", string: r) }
            if let s = item.start { file.set("start", string: s.description) }
            if let z = item.zone { file.set("tz", string: z) }
            if let w = item.wait { file.set("wait", string: w.iso) }
            if !item.exceptDates.isEmpty { file.set("except", list: item.exceptDates.map(\.iso)) }
            if !item.alsoDates.isEmpty { file.set("also", list: item.alsoDates.map(\.iso)) }
            if let e = item.emoji { file.set("emoji", string: e) }
            if let d = item.done {
                if item.repeatRule == nil { file.set("done", string: d.description) } else { file.set("completed", list: [d.day.iso]) }
            }
            file.set("created", string: (item.created ?? moment.stamp).description)
            for (k, v) in item.extras where file.document.lineRange(of: k) == nil { Self.setExtra(k, v, in: &file) }
            file.set("import_key", string: item.key)
            if plan.updatesExisting { file.set("import_hash", string: item.fingerprint) }
            if !item.body.isEmpty { file.setBody("\n" + item.body) }
            files.append((item, file))
        }
        linkDependencies(&files, slugByKey: slugByKey, notes: &result.notes)
        let writes = files.map { FileWrite(path: $0.file.path, text: $0.file.text) } + updates.map { FileWrite(path: $0.path, text: $0.text) }
        result.added = files.map(\.file.card)
        result.updated = updates.map(\.card)
        guard !writes.isEmpty else { return result }
        let what = updates.isEmpty ? "\(files.count) card\(files.count == 1 ? "" : "s")" : "\(files.count) new, \(updates.count) updated"
        try commit(writes, message: "import: \(what) from \(source)")
        return result
    }

    /// "T depends on D" (Taskwarrior): T waits for D, so T gets `blocked_by: [D]` and stays out
    /// of the carousel until D is done. A dependency that is not in this import is named in a note.
    func linkDependencies(_ files: inout [(item: ImportedItem, file: CardFile)], slugByKey: [String: String],
                          notes: inout [String]) {
        for i in files.indices where !files[i].item.dependsOn.isEmpty {
            var named: [String] = []
            for key in files[i].item.dependsOn {
                guard let dep = slugByKey[key] else {
                    notes.append("\(files[i].item.title): depends on a task that is not in this import (\(key)); not linked")
                    continue
                }
                if dep != files[i].file.card.slug, !named.contains(dep) { named.append(dep) }
            }
            if !named.isEmpty { files[i].file.set("blocked_by", list: named) }
        }
    }
}
