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
            ("overdue", .bool(Occurrence.isOverdue(card, today: today))),
        ])
    }

    /// The due date as written for a one-off card; for a repeating card its open occurrence
    /// (with the time of `due`), or its last `due` once the series is over.
    static func dueText(_ card: Card, today: Day) -> String? {
        if card.isRepeating, let day = Occurrence.dueDay(of: card, today: today) {
            return day.iso + (card.due?.timeText.map { "T" + $0 } ?? "")
        }
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
        let day = today ?? card.due?.day ?? card.created?.day ?? Day(dayNumber: 0)
        if let series = Series(card, today: day) {
            pairs.append(("repeat_summary", .string(series.rule.summary)))
            if !pairs.contains(where: { $0.0 == "series_start" }) { pairs.append(("series_start", .string(series.start.iso))) }
            pairs.append(("finished", .bool(series.isFinished(today: day))))
            pairs.append(("next", .array(next(series, today: day).map { .string($0.iso) })))
        }
        return .object(pairs)
    }

    /// A repeating card's next 14 open occurrences from its open one, leaving out dates already
    /// completed or skipped; empty once the series is over. An after-done rule lists its due day.
    static func next(_ series: Series, today: Day) -> [Day] {
        guard let first = series.pending(today: today) else { return [] }
        if series.rule.afterCompletion { return [first] }
        let upcoming = series.rule.occurrences(anchor: series.start, from: first, limit: 14 + series.taken.count)
        return Array(([first] + upcoming.filter { $0 > first && !series.taken.contains($0) }).prefix(14))
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
