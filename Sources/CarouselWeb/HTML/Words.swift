import CarouselCore

/// The same small phrases the terminal views use ("due tomorrow", "Sun 29 Nov").
enum Words {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let longMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func longDate(_ d: Day) -> String {
        "\(longWeekdays[d.weekday - 1]) \(d.day) \(longMonths[d.month - 1]) \(d.year)"
    }

    static func shortDate(_ d: Day) -> String { "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1])" }

    static func due(_ due: Day?, today: Day) -> String {
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

    static func cardDue(_ card: Card, today: Day) -> String {
        if Occurrence.isFinished(card, today: today) { return "finished" }
        if !card.isRepeating, card.done != nil { return "done" }
        if Occurrence.isPastEvent(card, today: today) { return "past" }
        let day = Occurrence.dueDay(of: card, today: today)
        if let day, day < today, !Occurrence.isOverdue(card, today: today) { return "was due \(shortDate(day))" }
        return due(day, today: today)
    }

    static func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : (many ?? one + "s"))
    }

    static let emptyDay = "Your day is clear. Pull something from the carousel when you're ready."
    static let overloaded = "That's a lot for one day. Anything you don't finish just goes back to the carousel."
}
