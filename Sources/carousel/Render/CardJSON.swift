import CarouselCore
import Yams

/// JSON shapes for cards, shared by the commands (documented in docs/cli.md).
enum CardJSON {
    /// The short form used in lists: id, slug, title, spoons, importance, category, tags, due, done.
    /// With `numbers`, the card's short number for the day comes first (null when it has none).
    static func summary(_ card: Card, today: Day, numbers: ShortNumbers? = nil) -> JSON {
        let number: [(String, JSON)] = numbers.map { [("number", $0.number(for: card).map(JSON.int) ?? .null)] } ?? []
        return .object(number + [
            ("id", .str(card.id)),
            ("slug", .string(card.slug)),
            ("title", .string(card.title)),
            ("kind", .string(card.kind.rawValue)),
            ("spoons", .int(card.spoons)),
            ("importance", .int(card.importance)),
            ("category", .str(card.category)),
            ("tags", .array(card.tags.map(JSON.string))),
            ("due", .str(dueText(card, today: today))),
            ("repeat", .str(card.repeatRule)),
            ("done", .bool(Occurrence.isDone(card, today: today))),
        ])
    }

    /// The due date as written, or for a repeating card without one, its pending occurrence.
    static func dueText(_ card: Card, today: Day) -> String? {
        if let due = card.due { return due.description }
        return Occurrence.dueDay(of: card, today: today)?.iso
    }

    /// Every front-matter field as written (numbers and booleans typed, dates as text), plus
    /// slug, path and body.
    static func full(_ file: CardFile, today: Day? = nil) -> JSON {
        var pairs: [(String, JSON)] = []
        if let root = try? Yams.compose(yaml: file.document.yaml), let mapping = root.mapping {
            for (k, v) in mapping {
                guard let key = k.scalar?.string else { continue }
                pairs.append((key, value(v)))
            }
        }
        let card = file.card
        if !pairs.contains(where: { $0.0 == "id" }) { pairs.insert(("id", .null), at: 0) }
        if !pairs.contains(where: { $0.0 == "title" }) { pairs.append(("title", .string(card.title))) }
        pairs.append(("slug", .string(card.slug)))
        pairs.append(("path", .string(card.path)))
        pairs.append(("body", .string(file.document.body)))
        if let text = card.repeatRule, let rule = try? RecurrenceRule.parse(text) {
            pairs.append(("repeat_summary", .string(rule.summary)))
            pairs.append(("next", .array(next(card, rule, today: today).map { .string($0.iso) })))
        }
        return .object(pairs)
    }

    /// A repeating card's next 14 occurrences from its pending one (its `due`, else today),
    /// leaving out dates already completed or skipped.
    static func next(_ card: Card, _ rule: RecurrenceRule, today: Day?) -> [Day] {
        let anchor = card.due?.day ?? card.start?.day ?? card.created?.day ?? today ?? Day(dayNumber: 0)
        let from = today.map { t in card.due.map { min($0.day, t) } ?? t } ?? card.due?.day ?? anchor
        if rule.afterCompletion { return [card.due?.day ?? from] }
        let done = Set(card.completed + card.skipped)
        return Array(rule.occurrences(anchor: anchor, from: from, limit: 14 + done.count).filter { !done.contains($0) }.prefix(14))
    }

    static func value(_ node: Node) -> JSON {
        switch node {
        case let .scalar(s):
            if s.style == .plain || s.style == .any {
                let t = s.string
                if t.isEmpty || t == "~" || t.lowercased() == "null" { return .null }
                if t == "true" || t == "false" { return .bool(t == "true") }
                if let i = Int(t) { return .int(i) }
                if let d = Double(t), t.contains(".") { return .double(d) }
            }
            return .string(s.string)
        case let .sequence(seq): return .array(seq.map(value))
        case let .mapping(map): return .object(map.map { ($0.key.scalar?.string ?? "\($0.key)", value($0.value)) })
        case .alias: return .null
        }
    }
}
