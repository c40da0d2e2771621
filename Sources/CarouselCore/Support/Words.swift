import Foundation

/// The small phrases every face of Carousel shares (the terminal and the web page), so a card
/// reads the same wherever it is shown.
public enum Words {
    public static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    public static let longMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                    "October", "November", "December"]
    public static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    public static let longWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Monday 23 November 2026"
    public static func longDate(_ d: Day) -> String {
        "\(longWeekdays[d.weekday - 1]) \(d.day) \(longMonths[d.month - 1]) \(d.year)"
    }

    /// "Sun 29 Nov"
    public static func shortDate(_ d: Day) -> String { "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1])" }

    /// "due today", "due tomorrow", "due in 3 days", "1 day overdue", "due Sun 29 Nov".
    public static func due(_ due: Day?, today: Day) -> String {
        guard let due else { return "someday" }
        let n = today.days(until: due)
        switch n {
        case ..<(-1): return "\(-n) days overdue"
        case -1: return "1 day overdue"
        case 0: return "due today"
        case 1: return "due tomorrow"
        case 2...6: return "due in \(n) days"
        default: return "due \(shortDate(due))"
        }
    }

    /// The short form for narrow places like the carousel strip: "today", "tomorrow", "in 2d",
    /// "3d overdue", "29 Nov", "no date".
    public static func shortDue(_ due: Day?, today: Day) -> String {
        guard let due else { return "no date" }
        let n = today.days(until: due)
        switch n {
        case ..<0: return "\(-n)d overdue"
        case 0: return "today"
        case 1: return "tomorrow"
        case 2...13: return "in \(n)d"
        default: return "\(due.day) \(months[due.month - 1])"
        }
    }

    /// A card's date in words for lists: "done" for a finished card or series, "past" for an
    /// event whose day is over, "N days overdue" only when `Occurrence.isOverdue` says so,
    /// otherwise `due(_:today:)`.
    public static func cardDue(_ card: Card, today: Day) -> String {
        if Occurrence.isFinished(card, today: today) { return "finished" }
        if !card.isRepeating, card.done != nil { return "done" }
        if Occurrence.isPastEvent(card, today: today) {
            return "past"
        }
        if Occurrence.isWaiting(card, today: today), let wait = card.wait { return "from \(shortDate(wait))" }
        let day = Occurrence.dueDay(of: card, today: today)
        if let day, day < today, !Occurrence.isOverdue(card, today: today) { return "was due \(shortDate(day))" }
        return due(day, today: today)
    }

    /// "●●○○○" for 2 of 5 spoons.
    public static func spoons(_ n: Int) -> String { String(repeating: "●", count: n) }

    public static func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : (many ?? one + "s"))
    }

    /// "2 decimals": 21.73
    public static func number(_ d: Double) -> String {
        let r = (d * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(format: "%.2f", r)
    }

    /// "first step: open the laptop", as Today, the carousel, `show` and `pick` say it.
    public static func firstStep(_ step: String) -> String { "first step: " + step }

    public static let emptyDay = "Your day is clear. Pull something from the carousel when you're ready."
    public static let overloaded = "That's a lot for one day. Anything you don't finish just goes back to the carousel."
}
