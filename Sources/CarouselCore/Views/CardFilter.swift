/// The filters of `carousel list` and `carousel search`, applied to a snapshot's cards as a pure function.
public struct CardFilter: Sendable, Equatable {
    public enum DueTest: Sendable, Equatable { case before(Day), after(Day), on(Day), by(Day) }
    public enum Sort: String, Sendable, CaseIterable { case due, importance, spoons, created, title }
    public enum Status: Sendable, Equatable { case any, open, done }

    public var tag: String?
    public var category: String?
    public var due: DueTest?
    public var overdue = false
    public var status: Status = .any
    public var repeating = false
    public var spoons: ClosedRange<Int>?
    public var importance: ClosedRange<Int>?
    public var kind: CardKind?
    /// Only these paths (from an index search), when set.
    public var paths: Set<String>?
    public var sort: Sort = .due
    /// Taskwarrior-style terms (`FilterTerms`): all of these tags, none of those.
    public var tagsIncluded: [String] = []
    public var tagsExcluded: [String] = []
    /// `category:` with no value: cards without a category.
    public var noCategory = false
    /// `due.any:` (true) or `due.none:` / `+SOMEDAY` (false).
    public var hasDue: Bool?
    /// Every test must hold (`due.after:sow due.before:eow`).
    public var dueTests: [DueTest] = []
    public var notOverdue = false
    /// `+REPEATING` (true) or `-REPEATING` (false).
    public var repeatingTest: Bool?
    /// `+TODAY`: in today's list (true) or not (false).
    public var pulled: Bool?
    /// Words every match contains in its title or slug (any case).
    public var text: [String] = []
    /// At most this many, after sorting; 0 keeps every card (`limit:0`, `--limit 0`).
    public var limit: Int?

    /// `limit` as a number of cards, nil for every card.
    public var most: Int? { limit == 0 ? nil : limit }

    public init() {}

    /// `before:2026-12-01`, `after:friday`, `on:today`, `by:eow` (dates as `DateWords` reads them).
    public static func dueTest(_ text: String, today: Day, settings: Settings = Settings()) -> DueTest? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let d = DateInput.parse(parts[1], today: today, settings: settings)?.day else {
            // A plain date, as people type it: `--due tomorrow` is on that day.
            return DateInput.parse(text, today: today, settings: settings).map { .on($0.day) }
        }
        switch parts[0].lowercased() {
        case "before": return DateWords.isEnd(parts[1]) ? .by(d) : .before(d)
        case "after": return .after(d)
        case "on": return .on(d)
        case "by": return .by(d)
        default: return nil
        }
    }

    /// `3` or `1-2` → a range within 1–5.
    public static func range(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard let lo = parts.first ?? nil else { return nil }
        let hi = parts.count == 2 ? parts[1] : (parts.count == 1 ? lo : nil)
        guard let hi, parts.count <= 2, (1...5).contains(lo), (1...5).contains(hi), lo <= hi else { return nil }
        return lo...hi
    }

    /// The matching cards, sorted; ties keep title order so output is stable.
    public func apply(_ cards: [Card], today: Day) -> [Card] {
        // Keys, not cards, are sorted: each is worked out once, and no card is copied until the end.
        var kept: [(index: Int, key: SortKey)] = []
        for (i, c) in cards.enumerated() where matches(c, today: today) { kept.append((i, sortKey(c, today: today))) }
        kept.sort { x, y in
            let a = x.key, b = y.key
            if a.number != b.number { return a.number < b.number }
            if sort == .created, a.created != b.created {
                guard let ca = a.created else { return false }
                guard let cb = b.created else { return true }
                return ca < cb
            }
            if (a.title, a.slug) != (b.title, b.slug) { return (a.title, a.slug) < (b.title, b.slug) }
            return x.index < y.index
        }
        return kept.prefix(most ?? kept.count).map { cards[$0.index] }
    }

    /// What `apply` sorts a card by: a number for `sort` (smaller first), the created date
    /// (for `.created`), then the lowercased title and the slug.
    struct SortKey {
        let number: Int
        let created: DateValue?
        let title: String
        let slug: String
    }

    func sortKey(_ c: Card, today: Day) -> SortKey {
        let number: Int
        switch sort {
        case .due: number = Occurrence.dueDay(of: c, today: today)?.dayNumber ?? Int.max
        case .importance: number = -c.importance
        case .spoons: number = c.spoons
        case .created, .title: number = 0
        }
        return SortKey(number: number, created: sort == .created ? c.created : nil, title: c.title.lowercased(), slug: c.slug)
    }

    /// How many cards a list shows on its own: as many as a board's column.
    public static let shown = BoardView.shown

    /// Whether `matches` reads no more of a one-off card than its due date, kind, done date,
    /// pull and whether it has a category, and `apply` sorts by the due date: then the index can
    /// count one-off rows by those fields and read only the first ones (`CardIndex.firstCards`).
    /// A new test in `matches` must be named here.
    var looksOnlyAtOneOffKey: Bool {
        sort == .due && paths == nil && tag == nil && category == nil && tagsIncluded.isEmpty && tagsExcluded.isEmpty
            && text.isEmpty && spoons == nil && importance == nil
    }

    public func matches(_ c: Card, today: Day) -> Bool {
        if let paths, !paths.contains(c.path) { return false }
        if let tag, !c.tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return false }
        if let category, c.category?.caseInsensitiveCompare(category) != .orderedSame { return false }
        if noCategory, c.category != nil { return false }
        for t in tagsIncluded where !c.tags.contains(where: { $0.caseInsensitiveCompare(t) == .orderedSame }) { return false }
        for t in tagsExcluded where c.tags.contains(where: { $0.caseInsensitiveCompare(t) == .orderedSame }) { return false }
        if let repeatingTest, c.isRepeating != repeatingTest { return false }
        if let pulled, c.isPulled(on: today) != pulled { return false }
        for word in text {
            let w = word.lowercased()
            if !c.title.lowercased().contains(w) && !c.slug.contains(w) { return false }
        }
        if let kind, c.kind != kind { return false }
        if repeating, !c.isRepeating { return false }
        if let spoons, !spoons.contains(c.spoons) { return false }
        if let importance, !importance.contains(c.importance) { return false }
        let state = Occurrence.State(c, today: today)
        let done = state.isDone
        if status == .open && done || status == .done && !done { return false }
        let dueDay = state.dueDay
        if overdue, !Occurrence.isOverdue(c, today: today) { return false }
        if notOverdue, Occurrence.isOverdue(c, today: today) { return false }
        if let hasDue, (dueDay != nil) != hasDue { return false }
        for test in (due.map { [$0] } ?? []) + dueTests {
            guard let d = dueDay else { return false }
            switch test {
            case let .before(x): if !(d < x) { return false }
            case let .after(x): if !(d > x) { return false }
            case let .on(x): if d != x { return false }
            case let .by(x): if d > x { return false }
            }
        }
        return true
    }
}

import Foundation
