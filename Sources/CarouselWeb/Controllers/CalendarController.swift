import CarouselCore
import Hummingbird

/// `/calendar?period=day|week|month|year&date=YYYY-MM-DD`: what falls on which day.
struct CalendarController {
    let shared: Shared

    func addRoutes(to router: Router<WebContext>) {
        router.get("/calendar") { request, _ in
            shared.page(request, title: "Calendar", current: "/calendar") { state in
                let period = request.query("period").flatMap(CalendarView.Period.init(rawValue:)) ?? .month
                let date = request.query("date").flatMap(Day.init(iso:)) ?? state.today
                return calendar(state, period: period, date: date)
            }
        }
    }

    func link(_ period: CalendarView.Period, _ date: Day, _ label: String, current: Bool = false) -> HTML {
        H.el("a", ["href": "/calendar?period=\(period.rawValue)&date=\(date.iso)", "aria-current": current ? "page" : nil,
                   "class": "tab"], label)
    }

    func calendar(_ state: VaultStore.State, period: CalendarView.Period, date: Day) -> [HTML] {
        let view = CalendarView.make(state.snapshot, period: period, date: date)
        let step: (Int) -> Day = { n in
            switch period {
            case .day: return date.adding(days: n)
            case .week: return date.adding(days: 7 * n)
            case .month: return date.adding(months: n)
            case .year: return date.adding(months: 12 * n)
            }
        }
        let title: String
        switch period {
        case .day: title = Words.longDate(date)
        case .week: title = "Week of " + Words.shortDate(view.from)
        case .month: title = Words.longMonths[date.month - 1] + " \(date.year)"
        case .year: title = "\(date.year)"
        }
        var content: [HTML] = [
            H.el("h1", [:], title),
            H.el("nav", ["class": "tabs", "aria-label": "Period"], CalendarView.Period.allCases.map { p in
                link(p, date, p.rawValue.capitalized, current: p == period)
            } + [H.text(" "), link(period, step(-1), "← Earlier"), link(period, state.today, "Today"), link(period, step(1), "Later →")]),
        ]
        switch period {
        case .day, .week:
            content.append(H.el("ol", ["class": "days"], view.days.map { cell in dayBlock(cell, today: state.today) }))
        case .month:
            content.append(month(view, year: date.year, month: date.month, today: state.today, full: true))
            // On a phone the grid's cells are too narrow for titles: the same month as a list.
            content.append(agenda(view, year: date.year, month: date.month, today: state.today))
        case .year:
            content.append(H.el("div", ["class": "year"], (1...12).map { m in
                month(view, year: date.year, month: m, today: state.today, full: false)
            }))
        }
        return content
    }

    func entry(_ e: Placement.Entry) -> HTML {
        H.el("li", ["class": (e.done ? "done " : "") + Pages.category(e.card)], [
            e.done ? H.el("s", [:], [Pages.cardLink(e.card)]) : Pages.cardLink(e.card),
            H.text(e.card.due?.timeText.map { "  " + $0 } ?? ""),
        ])
    }

    /// How many cards a day lists in the day and week views (a page stays small with any vault).
    static let perDay = 100

    func dayBlock(_ cell: CalendarView.DayCell, today: Day) -> HTML {
        H.el("li", ["class": cell.date == today ? "day is-today" : "day"], [
            H.el("h2", [:], Words.longDate(cell.date)),
            cell.entries.isEmpty ? Pages.muted("Nothing planned.") : H.el("ul", [:], cell.entries.prefix(Self.perDay).map(entry)),
            cell.entries.count > Self.perDay ? Pages.muted("… and \(cell.entries.count - Self.perDay) more: `carousel calendar` lists them all.") : .empty,
        ])
    }

    /// The month as a list of the days that have cards, each with its first four and a link to the day.
    func agenda(_ view: CalendarView, year: Int, month: Int, today: Day) -> HTML {
        let days = (1...31).compactMap { Day(year: year, month: month, day: $0) }.filter { $0.month == month }
        let rows = days.compactMap { day -> HTML? in
            let entries = view.cell(day)?.entries ?? []
            guard !entries.isEmpty || day == today else { return nil }
            return H.el("li", ["class": day == today ? "day is-today" : "day"], [
                H.el("h2", [:], [H.el("a", ["href": "/calendar?period=day&date=\(day.iso)"], Words.longDate(day))]),
                entries.isEmpty ? Pages.muted("Nothing planned.") : H.el("ul", [:], entries.prefix(4).map(entry)),
                entries.count > 4 ? H.el("p", [:], [H.el("a", ["href": "/calendar?period=day&date=\(day.iso)"], "+\(entries.count - 4) more")]) : .empty,
            ])
        }
        return H.el("ol", ["class": "days agenda", "aria-label": "The month as a list"],
                    rows.isEmpty ? [H.el("li", ["class": "day"], [Pages.muted("Nothing planned this month.")])] : rows)
    }

    func month(_ view: CalendarView, year: Int, month: Int, today: Day, full: Bool) -> HTML {
        let grid = CalendarView.monthGrid(year: year, month: month, weekStart: view.weekStart)
        let names = (0..<7).map { Words.weekdays[(view.weekStart - 1 + $0) % 7] }
        let rows = grid.map { week in
            H.el("tr", [:], week.map { day -> HTML in
                guard let day else { return H.el("td", ["class": "blank"], []) }
                let entries = view.cell(day)?.entries ?? []
                let cls = (day == today ? "is-today " : "") + (entries.isEmpty ? "" : "busy")
                let label = H.el("a", ["href": "/calendar?period=day&date=\(day.iso)", "class": "date"], "\(day.day)")
                if !full {
                    return H.el("td", ["class": cls, "title": Words.plural(entries.count, "card")], [label])
                }
                return H.el("td", ["class": cls], [label, H.el("ul", [:], entries.prefix(4).map(entry))]
                    + (entries.count > 4 ? [H.el("span", ["class": "more"], "+\(entries.count - 4) more")] : []))
            })
        }
        return H.el("table", ["class": full ? "month" : "month small"], [
            H.el("caption", [:], [H.el("a", ["href": "/calendar?period=month&date=\(Day(year: year, month: month, day: 1)?.iso ?? "")"],
                                       Words.longMonths[month - 1])]),
            H.el("thead", [:], [H.el("tr", [:], names.map { H.el("th", ["scope": "col"], $0) })]),
            H.el("tbody", [:], rows),
        ])
    }
}
