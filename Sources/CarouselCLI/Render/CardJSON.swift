import Foundation
import CarouselCore
import Yams

/// JSON shapes for cards, shared by the commands (documented in docs/cli.md).
enum CardJSON {
    /// The short form used in lists: id, slug, title, spoons, importance, category, tags, due, done.
    /// With `numbers`, the card's short number for the day comes too (null when it has none).
    struct Summary: Encodable {
        let number: ShortNumber?
        @OrNull var id: String?
        let slug: String
        let title: String
        let kind: String
        let spoons: Int
        let importance: Int
        @OrNull var category: String?
        let tags: [String]
        @OrNull var due: String?
        @OrNull var `repeat`: String?
        let done: Bool
        let overdue: Bool
        @OrNull var firstStep: String?
        enum CodingKeys: String, CodingKey {
            case number, id, slug, title, kind, spoons, importance, category, tags, due, `repeat`, done, overdue
            case firstStep = "first_step"
        }
    }

    static func summary(_ card: Card, today: Day, numbers: ShortNumbers? = nil, vaultZone: TimeZone? = nil) -> Summary {
        Summary(number: ShortNumber.of(card, numbers), id: card.id, slug: card.slug, title: card.title,
                kind: card.kind.rawValue, spoons: card.spoons, importance: card.importance, category: card.category,
                tags: card.tags, due: dueText(card, today: today, vaultZone: vaultZone), repeat: card.repeatRule,
                done: Occurrence.isDone(card, today: today), overdue: Occurrence.isOverdue(card, today: today),
                firstStep: card.firstStep)
    }

    /// The due date as written for a one-off card; for a repeating card its open occurrence
    /// (with the time of `due`), or its last `due` once the series is over.
    /// A zoned time (`tz:`, else the vault's `time_zone:`) is given on this device's clock.
    static func dueText(_ card: Card, today: Day, vaultZone: TimeZone? = nil) -> String? {
        // A zoned time is given on this device's clock, by the zone's rules for its date.
        if card.timeZone != nil || vaultZone != nil, card.due?.minutes != nil, let day = Occurrence.dueDay(of: card, today: today) {
            return ZonedTime.local(card, on: day, vaultZone: vaultZone)?.description
        }
        if card.isRepeating, let day = Occurrence.dueDay(of: card, today: today) {
            return day.iso + (card.due?.timeText.map { "T" + $0 } ?? "")
        }
        if let due = card.due { return due.description }
        return Occurrence.dueDay(of: card, today: today)?.iso
    }

    /// Every front-matter field as written (numbers and booleans typed, dates as text), plus
    /// slug, path and body; a repeating card adds its series.
    struct Document: Encodable {
        /// The person's own keys, as written, in file order.
        let frontMatter: [(String, JSON)]
        let slug: String
        let path: String
        let body: String
        let series: SeriesInfo?
        /// `show` only: the card's files in `attachments/<id>/`.
        var attachments: [AttachmentJSON]?
        /// `show` only, for a card with `blocked_by:`: each blocker as it stands now.
        var waitingFor: [Waiting]?
        /// `add` only: what the line left unsure ("did you mean tomorrow?"), each with its fix.
        var notes: [String]?

        struct SeriesInfo {
            let repeatSummary: String
            let seriesStart: String
            let finished: Bool
            let next: [String]
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: AnyKey.self)
            for (k, v) in frontMatter { try c.encode(v, forKey: AnyKey(k)) }
            try c.encode(slug, forKey: AnyKey("slug"))
            try c.encode(path, forKey: AnyKey("path"))
            try c.encode(body, forKey: AnyKey("body"))
            if let attachments { try c.encode(attachments, forKey: AnyKey("attachments")) }
            if let notes { try c.encode(notes, forKey: AnyKey("notes")) }
            if let waitingFor { try c.encode(waitingFor, forKey: AnyKey("waiting_for")) }
            guard let series else { return }
            try c.encode(series.repeatSummary, forKey: AnyKey("repeat_summary"))
            if !frontMatter.contains(where: { $0.0 == "series_start" }) {
                try c.encode(series.seriesStart, forKey: AnyKey("series_start"))
            }
            try c.encode(series.finished, forKey: AnyKey("finished"))
            try c.encode(series.next, forKey: AnyKey("next"))
        }
    }

    /// One `blocked_by` entry in `show --json`: the name as written, the card it finds (slug and
    /// title, null when none), its relation type, and whether it is done.
    struct Waiting: Encodable {
        let ref: String
        @OrNull var slug: String?
        @OrNull var title: String?
        let reltype: String
        let done: Bool
        let found: Bool

        init(_ s: BlockerState) {
            ref = s.blocker.ref
            slug = s.card?.slug
            title = s.card?.title
            reltype = s.blocker.reltype
            done = s.isDone
            found = s.card != nil
        }
    }

    /// `{"cards": [...]}` when a command was given several cards or a filter.
    struct Documents: Encodable { let cards: [Document] }

    /// A file's front-matter as written: its keys in file order, each value as JSON.
    static func frontMatter(yaml: String) -> [(String, JSON)] {
        guard let root = try? YAMLCompose.node(yaml), let mapping = root.mapping else { return [] }
        return mapping.compactMap { pair -> (String, JSON)? in
            guard let key = pair.key.scalar?.string else { return nil }
            return (key, value(pair.value))
        }
    }

    static func full(_ file: CardFile, today: Day? = nil) -> Document {
        var pairs = frontMatter(yaml: file.document.yaml)
        let card = file.card
        if !pairs.contains(where: { $0.0 == "id" }) { pairs.insert(("id", .null), at: 0) }
        if !pairs.contains(where: { $0.0 == "title" }) { pairs.append(("title", .string(card.title))) }
        pairs.removeAll { ["slug", "path", "body", "repeat_summary", "finished", "next"].contains($0.0) }
        let day = today ?? card.due?.day ?? card.created?.day ?? Day(dayNumber: 0)
        var info: Document.SeriesInfo?
        if let series = Series(card, today: day) {
            info = .init(repeatSummary: series.rule.summary, seriesStart: series.start.iso,
                         finished: series.isFinished(today: day), next: next(series, today: day).map(\.iso))
        }
        return Document(frontMatter: pairs, slug: card.slug, path: card.path, body: file.document.body, series: info)
    }

    /// A repeating card's next 14 open occurrences from its open one, leaving out dates already
    /// completed or skipped; empty once the series is over. An after-done rule lists its due day.
    static func next(_ series: Series, today: Day) -> [Day] {
        guard let first = series.pending(today: today) else { return [] }
        if series.rule.afterCompletion { return [first] }
        let upcoming = series.occurrences(from: first, limit: 14 + series.taken.count)
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
