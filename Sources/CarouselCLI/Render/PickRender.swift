import Foundation
import CarouselCore

/// Text and JSON for `carousel pick`.
enum PickRender {
    static func lines(_ view: PickView, mode: Settings.Mode, taken: Bool, _ t: Terminal, numbers: ShortNumbers? = nil) -> [String] {
        guard let choice = view.choice else { return ["", "  " + (view.message ?? ""), ""] }
        let card = choice.card
        let number = numbers?.number(for: card).map { "\($0) " } ?? ""
        var out = ["", "  " + t.dim(number) + t.bold((card.icon.map { $0 + " " } ?? "") + card.title) + "  "
                    + t.category(card.category, Words.spoons(card.spoons))]
        if let step = FirstStepLine.text(card) { out.append("  " + step) }
        if let why = view.why(mode: mode) {
            out += Wrapped.lines("Why this one: " + why, width: t.width, first: "  ", rest: "  ").map { t.dim($0) }
        }
        out.append("")
        if taken {
            out.append("  Pulled into today. One thing at a time.")
        } else {
            out += Wrapped.lines("`carousel pick --take` pulls it into today; `carousel pick --another` offers the next.",
                                 width: t.width, first: "  ", rest: "  ").map { t.dim($0) }
        }
        out.append("")
        return out
    }

    struct Output: Encodable {
        let date: String
        let spoonsLeft: Int
        @OrNull var minutes: Int?
        @OrNull var before: String?
        let outcome: String
        @OrNull var card: CardJSON.Summary?
        @OrNull var minutesNeeded: Int?
        @OrNull var why: String?
        @OrNull var message: String?
        let fitting: Int
        let offeredToday: Int
        let taken: Bool
        enum CodingKeys: String, CodingKey {
            case date, minutes, before, outcome, card, why, message, fitting, taken
            case spoonsLeft = "spoons_left", minutesNeeded = "minutes_needed", offeredToday = "offered_today"
        }
    }

    static func json(_ view: PickView, mode: Settings.Mode, taken: Bool, numbers: ShortNumbers? = nil, vaultZone: TimeZone? = nil) -> Output {
        Output(date: view.date.iso, spoonsLeft: view.spoonsLeft, minutes: view.minutes, before: view.before, outcome: view.outcome.rawValue,
               card: view.choice.map { CardJSON.summary($0.card, today: view.date, numbers: numbers, vaultZone: vaultZone) },
               minutesNeeded: view.choiceMinutes, why: view.why(mode: mode), message: view.message,
               fitting: view.fitting, offeredToday: view.offered.count, taken: taken)
    }
}
