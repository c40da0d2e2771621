/// `carousel pick`: one card from the carousel that fits the spoons and the minutes there are.
/// It never ranks on its own: the candidates come in the carousel's order (`Suggestions`), and
/// the pick is the first of them that fits and has not been offered yet.
public struct PickView: Sendable {
    public enum Outcome: String, Sendable {
        /// A card fits and is offered.
        case picked
        /// The carousel holds nothing to do.
        case empty
        /// The carousel has cards, but none fits the spoons and minutes given.
        case nothingFits = "nothing_fits"
        /// Every card that fits was offered already today (`--another`).
        case allOffered = "all_offered"
    }

    public let date: Day
    public let spoonsLeft: Int
    /// The minutes given, nil when any length fits.
    public let minutes: Int?
    public let outcome: Outcome
    /// The card offered, nil unless `outcome` is `.picked`.
    public let choice: Suggestion?
    /// The card's length from `duration`, nil when it has none.
    public let choiceMinutes: Int?
    /// Its place (1-based) among the cards that fit, in the carousel's order.
    public let place: Int?
    /// How many cards of the carousel fit.
    public let fitting: Int
    /// How many cards of the carousel are open to do (events are counted down to, not done).
    public let candidates: Int
    /// The keys offered today after this pick, in order (kept per device by `PickRecord`).
    public let offered: [String]
    /// The next fixed thing's title when `minutes` are the time until it (no `--minutes` given).
    public let before: String?

    /// A card's length in minutes from its `duration`, nil when it has none or it cannot be read.
    public static func minutes(of card: Card) -> Int? {
        card.duration.flatMap { TimelineView.minutes(duration: $0) }
    }

    /// Whether `card` costs no more than `spoons` and takes no longer than `minutes` (a card
    /// without a readable `duration` fits any minutes).
    public static func fits(_ card: Card, spoons: Int, minutes: Int?) -> Bool {
        guard card.spoons <= spoons else { return false }
        guard let minutes, let length = self.minutes(of: card) else { return true }
        return length <= minutes
    }

    /// The spoons left today: the budget less what Today already holds (done or not), never below 0.
    public static func spoonsLeft(_ today: TodayView) -> Int { max(0, today.budget - today.spoonsPlanned) }

    /// The pick from `ranked` (the carousel, in its order). Without `another`, the card offered
    /// last today is offered again while it still fits, so `pick` and `pick --take` agree;
    /// otherwise, and with `another`, the first card that fits and was not offered today. Once
    /// all were offered, `another` says so and a plain pick starts again from the top.
    /// Without `minutes`, the minutes are those until `next` (the day's next fixed thing), if any.
    public static func make(ranked: [Suggestion], date: Day, spoons: Int, minutes given: Int?, next: DayClock.Fixed? = nil,
                            offered: [String], another: Bool) -> PickView {
        let minutes = given ?? next?.minutesUntil
        let open = ranked.filter { $0.card.kind != .event }
        let fit = open.filter { fits($0.card, spoons: spoons, minutes: minutes) }
        var index: Int?
        var offeredNow = offered
        if !another, let last = offered.last, let i = fit.firstIndex(where: { $0.card.key == last }) {
            index = i
        } else if let i = fit.firstIndex(where: { !offered.contains($0.card.key) }) {
            index = i
        } else if !another, !fit.isEmpty {
            index = 0
            offeredNow = []
        }
        let outcome: Outcome
        if index != nil {
            outcome = .picked
        } else if open.isEmpty {
            outcome = .empty
        } else {
            outcome = fit.isEmpty ? .nothingFits : .allOffered
        }
        let choice = index.map { fit[$0] }
        if let key = choice?.card.key, !offeredNow.contains(key) { offeredNow.append(key) }
        return PickView(date: date, spoonsLeft: spoons, minutes: minutes, outcome: outcome, choice: choice,
                        choiceMinutes: choice.flatMap { self.minutes(of: $0.card) }, place: index.map { $0 + 1 },
                        fitting: fit.count, candidates: open.count, offered: offeredNow, before: given == nil ? next?.card.title : nil)
    }
}
