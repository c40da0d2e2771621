import Foundation
import CarouselCore

/// Lines and JSON for card lists (`list`, `search`, and what bulk commands are about to change).
enum ListRender {
    struct Output: Encodable { let cards: [Item] }

    struct Item: Encodable {
        let number: ShortNumber?
        @OrNull var id: String?
        let slug: String
        let title: String
        @OrNull var due: String?
        let tags: [String]
        @OrNull var category: String?
        let importance: Int
        let spoons: Int
        let done: Bool
        let overdue: Bool
        let waiting: Bool
        /// Whether a card it waits for (`blocked_by:`) is not done, and which.
        let blocked: Bool
        let waitingFor: [String]
        enum CodingKeys: String, CodingKey {
            case number, id, slug, title, due, tags, category, importance, spoons, done, overdue, waiting, blocked
            case waitingFor = "waiting_for"
        }
    }

    static func json(_ cards: [Card], today: Day, numbers: ShortNumbers, vaultZone: TimeZone? = nil) -> Output {
        Output(cards: cards.map { c in
            Item(number: ShortNumber.of(c, numbers), id: c.id, slug: c.slug, title: c.title, due: CardJSON.dueText(c, today: today, vaultZone: vaultZone),
                 tags: c.tags, category: c.category, importance: c.importance, spoons: c.spoons,
                 done: Occurrence.isDone(c, today: today), overdue: Occurrence.isOverdue(c, today: today),
                 waiting: Occurrence.isWaiting(c, today: today), blocked: c.isBlocked, waitingFor: c.openBlockers)
        })
    }

    /// The lines of `cards`, then, when `total` counts more, how many more there are.
    static func text(_ cards: [Card], today: Day, numbers: ShortNumbers, total: Int? = nil, empty: String) {
        guard !cards.isEmpty else { return print(empty) }
        let t = Terminal.current
        let layout = Layout(cards, today: today, numbers: numbers, width: t.width)
        // Written as they are made: 60,000 lines are never held at once.
        var writer = LineWriter()
        for c in cards { writer.append(line(c, layout, today: today, numbers: numbers, t)) }
        writer.flush()
        let total = max(total ?? 0, cards.count)
        if total > cards.count { print(t.dim("… and \(total - cards.count) more: `--all` shows every card")) }
        print(t.dim("\(total) card\(total == 1 ? "" : "s")"))
    }

    /// One line per card: number, mark, due, spoons, slug, title, tags. The slug is never cut
    /// (it is what people type); the title, last, gives way, so a line fits `width` whenever the
    /// slug leaves room. Narrow lines drop the spoons and use short due words.
    static func lines(_ cards: [Card], today: Day, numbers: ShortNumbers, width: Int, _ t: Terminal) -> [String] {
        let layout = Layout(cards, today: today, numbers: numbers, width: width)
        return cards.map { line($0, layout, today: today, numbers: numbers, t) }
    }

    /// The columns every line of a list shares.
    struct Layout {
        let width: Int
        let spoons: Bool
        let longDue: Bool
        let dueWidth: Int
        let numberWidth: Int
        let prefix: Int
        let slugColumn: Int

        init(_ cards: [Card], today: Day, numbers: ShortNumbers, width: Int) {
            self.width = width
            spoons = width >= 72
            longDue = width >= 90
            dueWidth = longDue ? 15 : 11
            numberWidth = cards.lazy.map { ListRender.number($0, today: today, numbers: numbers).count }.max() ?? 0
            prefix = (numberWidth > 0 ? numberWidth + 1 : 0) + 2 + dueWidth + 2 + (spoons ? 7 : 0)
            // Slugs share a column unless one is so long the titles would get under 20 columns.
            let longest = cards.lazy.map { displayWidth($0.slug) }.max() ?? 0
            slugColumn = min(longest, max(12, width - prefix - 2 - 20))
        }
    }

    /// The number shown for a card: none once it is done.
    static func number(_ c: Card, today: Day, numbers: ShortNumbers) -> String {
        number(c, done: Occurrence.isDone(c, today: today), numbers: numbers)
    }

    static func number(_ c: Card, done: Bool, numbers: ShortNumbers) -> String {
        done ? "" : numbers.number(for: c).map(String.init) ?? ""
    }

    static func line(_ c: Card, _ layout: Layout, today: Day, numbers: ShortNumbers, _ t: Terminal) -> String {
        let done = Occurrence.isDone(c, today: today)
        let number = self.number(c, done: done, numbers: numbers)
        let num = layout.numberWidth > 0 ? String(repeating: " ", count: layout.numberWidth - number.count) + number + " " : ""
        let mark = done ? t.green("✓") : " "
        let due = fit(dueWords(c, today: today, long: layout.longDue), layout.dueWidth)
        let slugWidth = max(layout.slugColumn, displayWidth(c.slug))
        let room = layout.width - layout.prefix - slugWidth - 2
        let title = self.title(c) + (c.isBlocked && !done ? "  ⧗ after " + c.openBlockers.joined(separator: ", ") : "")
        let titleText = displayWidth(title) <= room ? title : fit(title, max(4, room))
        var line = num + mark + " " + due + "  " + (layout.spoons ? fit(Words.spoons(c.spoons), 5) + "  " : "")
            + t.dim(fit(c.slug, slugWidth)) + "  " + t.category(c.category, titleText)
        let tags = c.tags.map(Terminal.tagText).joined(separator: " ")
        let left = room - displayWidth(titleText) - 2
        if !tags.isEmpty, left >= 4 {
            // Each tag in its own colour when they all fit; cut short, the line stays dim.
            line += "  " + (displayWidth(tags) <= left ? c.tags.map(t.tag).joined(separator: " ") : t.dim(fit(tags, left)))
        }
        return line
    }

    /// `Words.cardDue` ("finished", "past", "was due …", "3 days overdue", "due tomorrow"), or
    /// its short form for narrow lines ("was 21 Nov", "3d overdue", "in 2d").
    static func dueWords(_ c: Card, today: Day, long: Bool) -> String {
        let words = Words.cardDue(c, today: today)
        if long || ["finished", "done", "past"].contains(words) { return words }
        let day = Occurrence.dueDay(of: c, today: today)
        if words.hasPrefix("was due"), let day { return "was \(day.day) \(Words.months[day.month - 1])" }
        return Words.shortDue(day, today: today)
    }

    static func title(_ c: Card) -> String { (c.icon.map { $0 + " " } ?? "") + c.title }
}
