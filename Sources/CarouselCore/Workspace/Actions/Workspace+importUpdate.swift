/// A second import of a calendar: the cards it brought in before are brought up to date.
extension Workspace {
    /// Fields an iCalendar event or to-do always says something about: when the event leaves
    /// one out (no RRULE any more, no alarm), the card loses it too.
    static let importOwnedFields = ["due", "repeat", "start", "except", "also", "duration", "series_start", "remind", "tz"]

    /// Rewrites the fields of an earlier import's card whose item changed in its source (its
    /// `import_hash:` differs; the caller checks). The source wins
    /// for what it carries: title, kind, the dates and rule, `except`/`also`, duration, alarm,
    /// and, when the event has them, description (the body), categories (tags), priority and
    /// location. What only Carousel knows is kept: id, emoji, created, spoons, today, order,
    /// `completed`, parent, notes added to a card whose event has no description, and any
    /// other field. A to-do marked completed in the calendar becomes done; a card done in
    /// Carousel stays done when the calendar still says it is open.
    func update(_ file: inout CardFile, with item: ImportedItem) {
        if file.card.title != item.title { file.set("title", string: item.title) }
        let kind = item.kind ?? .task
        if kind != .task {
            file.set("kind", string: kind.rawValue)
        } else if file.document.lineRange(of: "kind") != nil, file.card.kind == .event {
            file.remove("kind")
        }
        var values: [String: String] = [:]
        for (k, v) in item.extras { values[k] = values[k] ?? v }
        if let d = item.due { values["due"] = d.description }
        if let r = item.repeatRule { values["repeat"] = r }
        if let s = item.start { values["start"] = s.description }
        if let z = item.zone { values["tz"] = z }
        let lists: [String: [String]] = ["except": item.exceptDates.map(\.iso), "also": item.alsoDates.map(\.iso)]
        for key in Self.importOwnedFields {
            if let list = lists[key] {
                if list.isEmpty { remove(key, from: &file) } else { file.set(key, list: list) }
            } else if let v = values[key] {
                Self.setExtra(key, v, in: &file)
            } else {
                remove(key, from: &file)
            }
        }
        if let v = values["location"] { file.set("location", string: v) }
        if !item.tags.isEmpty { file.set("tags", list: item.tags) }
        if let n = item.importance { file.set("importance", int: n) }
        if let d = item.done, item.repeatRule == nil, file.card.done == nil { file.set("done", string: d.description) }
        if !item.body.isEmpty, file.document.body.drop(while: { $0 == "\n" || $0 == "\r" }) != Substring(item.body) {
            file.setBody("\n" + item.body)
        }
    }

    /// An imported value: several reminders go in as one list (`remind: [1h, 1d]`), the form
    /// `remind`, `doctor`, `show` and the page read; any other value as text.
    static func setExtra(_ key: String, _ value: String, in file: inout CardFile) {
        let parts = RemindSpec.split(value)
        if key == "remind", parts.count > 1 { file.set(key, list: parts) } else { file.set(key, string: value) }
    }

    private func remove(_ key: String, from file: inout CardFile) {
        if file.document.lineRange(of: key) != nil { file.remove(key) }
    }

    /// The fields (and the notes) whose value an update changed from one the card had, in file order.
    static func replacedFields(_ old: CardFile, _ new: CardFile) -> [String] {
        let before = (try? FrontMatterFields(document: old.document))?.fields ?? []
        let after = try? FrontMatterFields(document: new.document)
        var replaced = before.filter { field in
            field.key != "import_hash" && after?[field.key].map { "\($0.value)" } != "\(field.value)"
        }.map(\.key)
        if old.document.body.trimmingCharacters(in: .whitespacesAndNewlines) != new.document.body.trimmingCharacters(in: .whitespacesAndNewlines),
           !old.document.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            replaced.append("notes")
        }
        return replaced
    }
}
