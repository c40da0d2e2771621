import Foundation
import CarouselCore

/// Text for Today's list and the spoon bar, shared by `home` and `today`.
enum TodayRender {
    static let emptyDay = Words.emptyDay
    static let overloaded = Words.overloaded

    /// Open cards show their short number for the day (`carousel done 3`), finished ones a tick.
    /// With `clock`, an open card with a `duration` says whether it fits before the next fixed thing.
    static func lines(_ view: TodayView, _ t: Terminal, numbers: ShortNumbers? = nil, clock: DayClock? = nil) -> [String] {
        var out: [String] = []
        let labels = view.items.map { item in numbers?.number(for: item.card).map(String.init) ?? "" }
        let labelWidth = max(2, labels.map(\.count).max() ?? 0)
        if view.items.isEmpty {
            out.append("  " + emptyDay)
        } else {
            var n = 0
            for (index, item) in view.items.enumerated() {
                let card = item.card
                let title = fit((card.icon.map { $0 + " " } ?? "") + card.title, 40)
                let mark = item.done ? t.green("✓") : "○"
                let spoons = t.category(card.category, fit(Words.spoons(card.spoons), 6))
                let repeatMark = card.isRepeating ? t.dim(" ↻") : ""
                if item.done {
                    out.append("  " + String(repeating: " ", count: labelWidth + 2) + "\(mark) \(t.strike(title)) \(spoons)\(repeatMark)")
                } else {
                    n += 1
                    let label = numbers == nil ? "\(n)." : labels[index]
                    let num = String(repeating: " ", count: max(0, labelWidth + 1 - label.count)) + label
                    out.append("  \(num) \(mark) \(title) \(spoons)\(repeatMark)" + fitText(card, clock, t))
                    if let step = FirstStepLine.text(card) { out.append("  " + String(repeating: " ", count: labelWidth + 5) + t.dim(step)) }
                }
            }
        }
        out.append("")
        out.append("  " + spoonBar(view, t))
        if view.overloaded { out.append("  " + t.yellow(overloaded)) }
        return out
    }

    /// "  · 30 min, fits before Dentist" (dim), or "  · 90 min, more than the 45 before Dentist"
    /// (yellow); nothing for a card without a duration or with nothing fixed ahead.
    static func fitText(_ card: Card, _ clock: DayClock?, _ t: Terminal) -> String {
        guard let next = clock?.next, let length = PickView.minutes(of: card), next.card.key != card.key else { return "" }
        let before = " before " + next.card.title
        if length <= next.minutesUntil { return t.dim("  · \(length) min, fits" + before) }
        return t.yellow("  · \(length) min, more than the \(next.minutesUntil)" + before)
    }

    /// "Spoons  ●●●○○○○○○○  3 / 10 spoons"
    static func spoonBar(_ view: TodayView, _ t: Terminal) -> String {
        // Each total once: they add up every item of the day.
        let planned = view.spoonsPlanned, spent = view.spoonsDone
        let width = max(view.budget, planned)
        var bar = ""
        for i in 0..<width {
            if i < spent {
                bar += t.green("●")
            } else if i < planned {
                bar += i < view.budget ? t.cyan("●") : t.yellow("●")
            } else {
                bar += t.dim("○")
            }
        }
        let text = "\(planned) / \(view.budget) spoons"
        let done = spent > 0 ? t.dim("  (\(spent) done)") : ""
        return bar + "  " + (view.overloaded ? t.yellow(text) : text) + done
    }

    struct Output: Encodable {
        let date: String
        let budget: Int
        let spoonsPlanned: Int
        let spoonsDone: Int
        let overloaded: Bool
        let cards: [CardJSON.Summary]
        enum CodingKeys: String, CodingKey {
            case date, budget, overloaded, cards
            case spoonsPlanned = "spoons_planned", spoonsDone = "spoons_done"
        }
    }

    static func json(_ view: TodayView, numbers: ShortNumbers? = nil, vaultZone: TimeZone? = nil) -> Output {
        Output(date: view.date.iso, budget: view.budget, spoonsPlanned: view.spoonsPlanned, spoonsDone: view.spoonsDone,
               overloaded: view.overloaded,
               cards: view.items.map { CardJSON.summary($0.card, today: view.date, numbers: numbers, vaultZone: vaultZone) })
    }
}
