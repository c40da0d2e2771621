import Foundation
import CarouselCore

/// Calendar text for a day and a week, and the JSON every period shares.
enum CalendarRender {
    struct Output: Encodable {
        let view: String
        let from: String
        let to: String
        let days: [DayCell]
    }

    struct DayCell: Encodable {
        let date: String
        let cards: [Entry]
    }

    struct Entry: Encodable {
        @OrNull var id: String?
        let slug: String
        let title: String
        @OrNull var category: String?
        let done: Bool
        let occurrence: Bool
        /// The time on this device's clock (`HH:MM`), and the same as ISO 8601 with its offset.
        @OrNull var time: String?
        @OrNull var at: String?
    }

    static func json(_ view: CalendarView) -> Output {
        Output(view: view.period.rawValue, from: view.from.iso, to: view.to.iso,
               days: view.days.map { DayCell(date: $0.date.iso, cards: $0.entries.map(entryJSON)) })
    }

    static func entryJSON(_ e: Placement.Entry) -> Entry {
        let time = (e.card.due?.minutes ?? e.card.start?.minutes).map { DateValue(day: e.day, minutes: $0) }
        return Entry(id: e.card.id, slug: e.card.slug, title: e.card.title, category: e.card.category, done: e.done,
                     occurrence: e.occurrence, time: time?.timeText, at: time.map { ZonedTime.iso($0, in: .current) })
    }

    /// "● Title" coloured by category; done entries struck (with a ✓ when there is no colour).
    static func mark(_ e: Placement.Entry, _ t: Terminal) -> String { t.category(e.card.category, "●") }

    static func title(_ e: Placement.Entry, width: Int, _ t: Terminal) -> String {
        let icon = e.card.icon.map { $0 + " " } ?? ""
        let text = (e.done && !t.color ? "✓ " : "") + icon + e.card.title
        let fitted = fit(text, width)
        return e.done ? t.strike(fitted) : fitted
    }

    static func header(_ view: CalendarView) -> String {
        switch view.period {
        case .day: return Words.longDate(view.from)
        case .week: return "Week of \(Words.shortDate(view.from)) – \(Words.shortDate(view.to)) \(view.to.year)"
        case .month: return "\(Words.longMonths[view.from.month - 1]) \(view.from.year)"
        case .year: return "\(view.from.year)"
        }
    }

    static func day(_ view: CalendarView, today: Day, _ t: Terminal, numbers: ShortNumbers? = nil) -> [String] {
        var out = ["", "  " + t.bold(header(view))]
        let entries = view.days.first?.entries ?? []
        if entries.isEmpty {
            out += ["", "  Nothing is due on this day. A free day is a good day."]
            return out
        }
        out.append("")
        let width = max(40, t.width) - 6
        for e in entries {
            let time = (e.card.due?.timeText ?? e.card.start?.timeText).map { $0 + "  " } ?? ""
            out.append("  " + mark(e, t) + " " + title(e, width: min(44, width - time.count), t) + " " + t.dim(time))
            if !e.done, view.from >= today {
                let ref = numbers?.number(for: e.card).map(String.init) ?? e.card.slug
                let hint = e.card.isPulled(on: today) && view.from == today ? "in today" : "carousel pull \(ref)"
                out.append("      " + t.dim(fit(hint, width - 4)))
            }
        }
        return out
    }

    /// "… and 690 more: `carousel calendar --day 2026-11-05`", under a day's first cards.
    static func more(_ cell: CalendarView.DayCell, _ t: Terminal) -> String {
        t.dim("… and \(cell.unlisted) more: `carousel calendar --day \(cell.date.iso)`")
    }

    /// Seven columns, one per day, titles under each; today's header is highlighted.
    static func week(_ view: CalendarView, today: Day, _ t: Terminal) -> [String] {
        let width = max(80, t.width)
        let col = (width - 2 - 6) / 7
        var out = ["", "  " + t.bold(header(view)), ""]
        var head: [String] = [], rule: [String] = []
        for cell in view.days {
            let label = "\(Words.weekdays[cell.date.weekday - 1]) \(cell.date.day)"
            let isToday = cell.date == today
            let text = fit(isToday ? "▸" + label : label, col)
            head.append(isToday ? t.bold(t.cyan(text)) : t.bold(text))
            rule.append(t.dim(String(repeating: isToday ? "━" : "─", count: col)))
        }
        out.append("  " + head.joined(separator: " "))
        out.append("  " + rule.joined(separator: " "))
        let rows = view.days.map(\.entries.count).max() ?? 0
        if rows == 0 { out += ["", "  Nothing dated this week. Undated cards wait in the carousel."] }
        for row in 0..<rows {
            var parts: [String] = []
            for cell in view.days {
                guard row < cell.entries.count else {
                    parts.append(String(repeating: " ", count: col))
                    continue
                }
                let e = cell.entries[row]
                // Without colour the dot says nothing, so the title gets its room.
                parts.append(t.color ? mark(e, t) + " " + title(e, width: col - 2, t) : title(e, width: col, t))
            }
            out.append("  " + parts.joined(separator: " "))
        }
        if view.days.contains(where: { $0.unlisted > 0 }) {
            out.append("  " + view.days.map { $0.unlisted > 0 ? t.dim(fit("+\($0.unlisted) more", col)) : String(repeating: " ", count: col) }
                .joined(separator: " "))
            out += ["", t.dim("  A day shows its first \(CalendarView.shownPerDay) cards: `carousel calendar --day DATE` lists one day, `--all` every card.")]
        }
        return out
    }
}
