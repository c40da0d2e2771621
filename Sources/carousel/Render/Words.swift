import CarouselCore

/// The small phrases views share.
enum Words {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let longMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Monday 23 November 2026"
    static func longDate(_ d: Day) -> String {
        "\(longWeekdays[d.weekday - 1]) \(d.day) \(longMonths[d.month - 1]) \(d.year)"
    }

    /// "Sun 29 Nov"
    static func shortDate(_ d: Day) -> String { "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1])" }

    /// "due today", "due tomorrow", "due in 3 days", "1 day overdue", "due Sun 29 Nov".
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

    /// The short form for narrow lines: "today", "tomorrow", "in 3d", "2d late", "Sun 29 Nov".
    static func shortDue(_ due: Day?, today: Day) -> String {
        guard let due else { return "someday" }
        let n = today.days(until: due)
        switch n {
        case ..<0: return "\(-n)d late"
        case 0: return "today"
        case 1: return "tomorrow"
        case 2...6: return "in \(n)d"
        default: return shortDate(due)
        }
    }

    /// "●●○○○" for 2 of 5 spoons.
    static func spoons(_ n: Int) -> String { String(repeating: "●", count: n) }

    static func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) " + (n == 1 ? one : (many ?? one + "s"))
    }

    /// "2 decimals": 21.73
    static func number(_ d: Double) -> String {
        let r = (d * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(format: "%.2f", r)
    }
}

import Foundation
