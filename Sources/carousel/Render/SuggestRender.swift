import Foundation
import CarouselCore

/// Text and JSON for the carousel.
enum SuggestRender {
    static let empty = "The carousel is empty. Add something with `carousel add \"…\"`, or enjoy the quiet."

    /// Why a card ranks where it does, in words.
    static func why(_ s: Suggestion, mode: Settings.Mode, today: Day) -> String {
        let due = Words.due(s.due, today: today)
        if mode == .linear { return due }
        let urgency = s.daysUntilDue == nil ? "no due date, urgency 3" : "\(due), urgency \(Words.number(s.urgency))"
        return "importance \(s.importance) · \(urgency) · variety \(Words.number(s.variety))"
            + (s.pinned ? " · repeats, due" : "")
    }

    static func lines(_ list: [Suggestion], mode: Settings.Mode, today: Day, _ t: Terminal, numbers: ShortNumbers? = nil) -> [String] {
        guard !list.isEmpty else { return ["  " + empty] }
        let width = max(80, t.width)
        let labels = list.map { s in numbers?.number(for: s.card).map(String.init) ?? "" }
        let labelWidth = numbers == nil ? 0 : (labels.map(\.count).max() ?? 0) + 1
        var out: [String] = []
        for (index, s) in list.enumerated() {
            let card = s.card
            let label = labelWidth == 0 ? "" : String(repeating: " ", count: labelWidth - 1 - labels[index].count) + labels[index] + " "
            let title = fit((card.icon.map { $0 + " " } ?? "") + card.title, 36)
            let score = mode == .smart ? t.bold(fit(Words.number(s.score), 6)) + " " : ""
            let spoons = t.category(card.category, fit(Words.spoons(card.spoons), 6))
            let reason = why(s, mode: mode, today: today)
            let head = "  \(label)\(score)\(title) \(spoons)"
            let headWidth = 2 + labelWidth + (mode == .smart ? 7 : 0) + 36 + 1 + 6
            let room = width - headWidth - 1
            // Shorter and shorter, each still saying something whole: never "due in 2 da…".
            let shortDue = Words.shortDue(s.due, today: today)
            let candidates = [reason, "importance \(s.importance) · " + Words.due(s.due, today: today),
                              "importance \(s.importance) · " + shortDue, "imp \(s.importance) · " + shortDue, shortDue]
            let text = candidates.first { displayWidth($0) <= room } ?? fit(shortDue, room)
            out.append(head + " " + t.dim(text.trimmingCharacters(in: .whitespaces)))
        }
        return out
    }

    static func json(_ list: [Suggestion], mode: Settings.Mode, today: Day, numbers: ShortNumbers? = nil) -> JSON {
        .object([
            ("date", .string(today.iso)),
            ("mode", .string(mode.rawValue)),
            ("cards", .array(list.map { s in
                .object((numbers.map { [("number", $0.number(for: s.card).map(JSON.int) ?? .null)] } ?? []) + [
                    ("id", .str(s.card.id)),
                    ("slug", .string(s.card.slug)),
                    ("title", .string(s.card.title)),
                    ("score", .double(s.score)),
                    ("importance", .int(s.importance)),
                    ("urgency", .double(s.urgency)),
                    ("variety", .double(s.variety)),
                    ("due", .str(s.due?.iso)),
                    ("days_until_due", s.daysUntilDue.map(JSON.int) ?? .null),
                    ("spoons", .int(s.card.spoons)),
                    ("category", .str(s.card.category)),
                    ("repeating_due_today", .bool(s.pinned)),
                ])
            })),
        ])
    }
}
