/// Taskwarrior-style words in a quick-capture line: `due:friday`, `+errands`, `project:home`,
/// `priority:H`, `recur:weekly`. People who come from Taskwarrior or dstask type these without
/// thinking, and a `due:` that silently stayed in the title would leave the card undated. The keys
/// are those of `list`'s filters where they exist; a key that is not one of them (`re:budget`)
/// stays in the title, and a known key with a value that cannot be read is a problem, not a title.
extension QuickCapture {
    /// The keys read, each with the field it sets.
    static let fieldKeys: [String: Field] = [
        "due": .due, "tag": .tags, "tags": .tags, "category": .category, "project": .category,
        "kind": .kind, "type": .kind, "spoons": .spoons, "importance": .importance, "priority": .priority,
        "repeat": .repeatRule, "recur": .repeatRule, "remind": .remind, "parent": .parent,
        "depends": .depends, "blocked_by": .depends,
    ]

    enum Field { case due, tags, category, kind, spoons, importance, priority, repeatRule, remind, parent, depends }

    /// `key:value` with a known key and a value, or nil.
    static func field(_ w: String) -> (field: Field, key: String, value: String)? {
        guard let colon = w.firstIndex(of: ":") else { return nil }
        let key = w[..<colon].lowercased()
        let value = String(w[w.index(after: colon)...])
        guard let field = fieldKeys[key], !value.isEmpty else { return nil }
        return (field, String(w[..<colon]), value)
    }

    /// `+errands` → "errands": a tag, as `list +errands` filters by it. The first character after
    /// `+` must be a letter, so "+1" and "C++" stay in the title.
    static func plusTag(_ w: String) -> String? {
        guard w.first == "+", let second = w.dropFirst().first, second.isLetter else { return nil }
        return marker(String(w.dropFirst()), nil)
    }

    /// Reads the field word `words[i]` into `self`; returns how many words it used. A value that
    /// cannot be read is added to `problems` and the word is used up (it is not a title).
    mutating func read(_ f: (field: Field, key: String, value: String), _ words: [String], at i: Int, dates: DateWords) -> Int {
        let (field, key, value) = f
        // What the value should have been, when it could not be read.
        var expected: String?
        switch field {
        case .due:
            // The value may go on in the next words (`due:next friday`, `due:in 3 days`).
            let rest = [value] + words[(i + 1)...]
            // After `due:` a day is meant, `due:sat` too (not only the words safe inside a title).
            let strict = DateWords(today: dates.today, weekStart: dates.weekStart, dayFirst: dates.dayFirst)
            if let (day, used) = strict.day(rest, from: 0) {
                due = day
                dueText = rest[0..<used].joined(separator: " ")
                return used
            }
            if let v = DateValue(text: value) {
                due = v.day
                dueText = value
                if let m = v.minutes { time = m; timeText = value }
                return 1
            }
            expected = DateInput.help
        case .tags:
            let names = value.split(separator: ",").map(String.init)
            let read = names.compactMap { QuickCapture.marker($0, nil) }
            guard read.count == names.count else { expected = "tags: letters, digits, -, _ and /, separated by commas"; break }
            for t in read where !tags.contains(t) { tags.append(t) }
        case .category:
            guard let c = QuickCapture.marker(value, nil) else { expected = "a category: letters, digits, -, _ and /"; break }
            if category == nil { category = c }
        case .kind:
            guard let k = CardKind(rawValue: value.lowercased()) else { expected = "task, idea or event"; break }
            kind = k
        case .spoons, .importance:
            guard let n = Int(value), (1...5).contains(n) else { expected = "a number from 1 to 5"; break }
            if field == .spoons { spoons = n } else { importance = n }
        case .priority:
            // Taskwarrior's H, M and L, on Carousel's scale of 1 to 5 (docs/ecosystem.md).
            switch value.uppercased() {
            case "H": importance = 5
            case "M": importance = 3
            case "L": importance = 1
            default:
                guard let n = Int(value), (1...5).contains(n) else { expected = "H, M, L or a number from 1 to 5"; break }
                importance = n
            }
        case .repeatRule:
            // The rule may go on in the next words (`repeat:every 2 weeks`), up to the next marker.
            let rest = [value] + words[(i + 1)...]
            if let (rule, used) = QuickCapture.longestRule(rest, from: 0, least: 1) {
                repeatRule = rule
                return used
            }
            expected = "a repeat rule such as every day, weekly or every 2 weeks on tue, thu (docs/recurrence.md)"
        case .remind:
            guard RemindSpec(value) != nil else { expected = "a reminder such as 30m, 2h, 1d or 09:00 (docs/reminders.md)"; break }
            remind = value
        case .parent:
            parent = value
        case .depends:
            // `depends:a,b` (Taskwarrior's list) or `depends:a depends:b`.
            for ref in value.split(separator: ",") where !dependsOn.contains(String(ref)) { dependsOn.append(String(ref)) }
        }
        if let expected { problems.append("\(key):\(value) — expected \(expected)") }
        return 1
    }
}
