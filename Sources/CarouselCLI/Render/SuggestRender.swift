import Foundation
import CarouselCore

/// Text and JSON for the carousel.
enum SuggestRender {
    static let empty = "The carousel is empty. Add something with `carousel add \"…\"`, or enjoy the quiet."

    /// The formula's header line, shown only with `--why` (home) or `--explain` (suggest).
    static let formula = "score = 2 × importance + 1.5 × urgency + variety"

    /// Why a card ranks where it does, in words; with `explain`, the formula's parts too.
    static func why(_ s: Suggestion, mode: Settings.Mode, today: Day, explain: Bool = false) -> String {
        if mode == .linear || !explain { return s.reason(mode: mode, today: today) }
        let due = Words.due(s.due, today: today)
        let urgency = s.daysUntilDue == nil ? "no due date, urgency 3" : "\(due), urgency \(Words.number(s.urgency))"
        return "importance \(s.importance) · \(urgency) · variety \(Words.number(s.variety))"
            + (s.pinned ? " · repeats, due" : "")
    }

    /// One line per card; the score column and the formula's parts only when `explain` asks.
    static func lines(_ list: [Suggestion], mode: Settings.Mode, today: Day, _ t: Terminal, numbers: ShortNumbers? = nil,
                      explain: Bool = false) -> [String] {
        guard !list.isEmpty else { return ["  " + empty] }
        let width = max(80, t.width)
        let labels = list.map { s in numbers?.number(for: s.card).map(String.init) ?? "" }
        let labelWidth = numbers == nil ? 0 : (labels.map(\.count).max() ?? 0) + 1
        var out: [String] = []
        for (index, s) in list.enumerated() {
            let card = s.card
            let label = labelWidth == 0 ? "" : String(repeating: " ", count: labelWidth - 1 - labels[index].count) + labels[index] + " "
            let title = fit((card.icon.map { $0 + " " } ?? "") + card.title, 36)
            let scored = mode == .smart && explain
            let score = scored ? t.bold(fit(Words.number(s.score), 6)) + " " : ""
            let spoons = t.category(card.category, fit(Words.spoons(card.spoons), 6))
            let reason = why(s, mode: mode, today: today, explain: explain)
            let head = "  \(label)\(score)\(title) \(spoons)"
            let headWidth = 2 + labelWidth + (scored ? 7 : 0) + 36 + 1 + 6
            let room = width - headWidth - 1
            // Shorter and shorter, each still saying something whole: never "due in 2 da…".
            let shortDue = Words.shortDue(s.due, today: today)
            let candidates = [reason, "importance \(s.importance) · " + Words.due(s.due, today: today),
                              "importance \(s.importance) · " + shortDue, "imp \(s.importance) · " + shortDue, shortDue]
            let text = candidates.first { displayWidth($0) <= room } ?? fit(shortDue, room)
            out.append(head + " " + t.dim(text.trimmingCharacters(in: .whitespaces)))
            if let step = FirstStepLine.text(card) { out.append(String(repeating: " ", count: 2 + labelWidth + (scored ? 7 : 0) + 2) + t.dim(step)) }
        }
        return out
    }

    struct Output: Encodable {
        let date: String
        let mode: String
        let cards: [Item]
    }

    struct Item: Encodable {
        let number: ShortNumber?
        @OrNull var id: String?
        let slug: String
        let title: String
        let score: Double
        let importance: Int
        let urgency: Double
        let variety: Double
        @OrNull var due: String?
        @OrNull var daysUntilDue: Int?
        let spoons: Int
        @OrNull var category: String?
        let repeatingDueToday: Bool
        @OrNull var firstStep: String?
        enum CodingKeys: String, CodingKey {
            case number, id, slug, title, score, importance, urgency, variety, due, spoons, category
            case daysUntilDue = "days_until_due", repeatingDueToday = "repeating_due_today", firstStep = "first_step"
        }
    }

    static func json(_ list: [Suggestion], mode: Settings.Mode, today: Day, numbers: ShortNumbers? = nil) -> Output {
        Output(date: today.iso, mode: mode.rawValue, cards: list.map { s in
            Item(number: ShortNumber.of(s.card, numbers), id: s.card.id, slug: s.card.slug, title: s.card.title,
                 score: s.score, importance: s.importance, urgency: s.urgency, variety: s.variety, due: s.due?.iso,
                 daysUntilDue: s.daysUntilDue, spoons: s.card.spoons, category: s.card.category, repeatingDueToday: s.pinned,
                 firstStep: s.card.firstStep)
        })
    }
}
