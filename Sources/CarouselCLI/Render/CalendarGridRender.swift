import CarouselCore

/// Calendar text for a month (a grid of dots, then the list) and a year (twelve mini-months).
enum CalendarGridRender {
    static func weekdayLabels(_ weekStart: Int, short: Bool) -> [String] {
        (0..<7).map { i in
            let name = Words.weekdays[(weekStart - 1 + i) % 7]
            return short ? String(name.prefix(2)) : name
        }
    }

    static func month(_ view: CalendarView, today: Day, _ t: Terminal) -> [String] {
        let width = max(80, t.width)
        let col = min(16, (width - 2 - 6) / 7)
        var out = ["", "  " + t.bold(CalendarRender.header(view)), ""]
        out.append("  " + weekdayLabels(view.weekStart, short: false).map { t.bold(fit($0, col)) }.joined(separator: " "))
        let grid = CalendarView.monthGrid(year: view.from.year, month: view.from.month, weekStart: view.weekStart)
        let maxDots = max(1, col - 6)
        for week in grid {
            var parts: [String] = []
            for day in week {
                guard let day, let cell = view.cell(day) else {
                    parts.append(String(repeating: " ", count: col))
                    continue
                }
                let number = (day.day < 10 ? " " : "") + "\(day.day)"
                // The day (with today's marker), then as many dots as fit beside the "+N" of the
                // rest: a day of 1,000 cards keeps the cell's width.
                let lead = 3 + (day == today ? 1 : 0)
                func rest(_ dots: Int) -> String { cell.count > dots ? "+\(cell.count - dots)" : "" }
                var dotCount = cell.count > maxDots ? maxDots - 1 : cell.count
                while dotCount > 0, lead + dotCount + rest(dotCount).count > col { dotCount -= 1 }
                let dots = cell.entries.prefix(dotCount).map { t.category($0.card.category, $0.done ? "○" : "●") }.joined()
                let more = rest(dotCount)
                let visible = lead + dotCount + more.count
                let label = day == today ? t.bold(t.cyan("▸" + number)) : number
                parts.append(label + " " + dots + more + String(repeating: " ", count: max(0, col - visible)))
            }
            out.append("  " + parts.joined(separator: " "))
        }
        let listed = view.days.filter { $0.count > 0 }
        out.append("")
        if listed.isEmpty {
            out.append("  Nothing dated this month. Undated cards wait in the carousel.")
            return out
        }
        let titleWidth = max(20, min(60, width - 14))
        out += parallelLines(listed, count: \.entries.count) { cell in
            cell.entries.enumerated().map { i, e in
                let date = i == 0 ? fit(Words.shortDate(cell.date), 10) : String(repeating: " ", count: 10)
                let label = cell.date == today && i == 0 ? t.bold(date) : t.dim(date)
                return "  " + label + " " + CalendarRender.mark(e, t) + " " + CalendarRender.title(e, width: titleWidth, t)
            } + (cell.unlisted > 0 ? ["  " + String(repeating: " ", count: 11) + CalendarRender.more(cell, t)] : [])
        }
        return out
    }

    /// Twelve mini-months, three or more across; days with cards carry a dot.
    static func year(_ view: CalendarView, today: Day, _ t: Terminal) -> [String] {
        let width = max(80, t.width)
        let block = 22  // 7 cells of 3 characters, plus a space
        let across = max(3, min(6, (width - 2) / (block + 1)))
        var out = ["", "  " + t.bold(CalendarRender.header(view)) + t.dim("   ● a day with cards  ▸ today"), ""]
        let heads = weekdayLabels(view.weekStart, short: true).map { $0 + " " }.joined()
        for rowStart in stride(from: 1, through: 12, by: across) {
            let months = Array(rowStart...min(12, rowStart + across - 1))
            out.append("  " + months.map { t.bold(fit(Words.longMonths[$0 - 1], block)) }.joined(separator: " "))
            out.append("  " + months.map { _ in t.dim(fit(heads, block)) }.joined(separator: " "))
            let grids = months.map { CalendarView.monthGrid(year: view.from.year, month: $0, weekStart: view.weekStart) }
            let rows = grids.map(\.count).max() ?? 0
            for r in 0..<rows {
                var parts: [String] = []
                for grid in grids {
                    var line = ""
                    for day in (r < grid.count ? grid[r] : Array(repeating: nil, count: 7)) {
                        guard let day else {
                            line += "   "
                            continue
                        }
                        let busy = !(view.cell(day)?.entries.isEmpty ?? true)
                        let number = (day.day < 10 ? " " : "") + "\(day.day)"
                        let marker = day == today ? "▸" : (busy ? "●" : " ")
                        let category = view.cell(day)?.entries.first?.card.category
                        let cell = number + (busy && day != today ? t.category(category, marker) : marker)
                        line += day == today ? t.bold(t.cyan(cell)) : (busy ? t.bold(number) + t.category(category, marker) : cell)
                    }
                    parts.append(line + " ")
                }
                out.append("  " + parts.joined(separator: " "))
            }
            out.append("")
        }
        let total = view.days.reduce(0) { $0 + $1.entries.count }
        out.append("  " + t.dim("\(Words.plural(total, "card")) on \(Words.plural(view.days.filter { !$0.entries.isEmpty }.count, "day")) · one month: carousel calendar --month DATE"))
        return out
    }
}
