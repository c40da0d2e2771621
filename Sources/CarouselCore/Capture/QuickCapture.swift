/// What quick capture understood in one line typed to `carousel add`, e.g.
/// `Call Mum tomorrow #family !4 ~1` → title "Call Mum", due tomorrow, tag family, importance 4, 1 spoon.
///
/// The grammar (docs/ecosystem.md): `#tag`, `@category`, `!1`–`!5` importance, `~1`–`~5` spoons,
/// `every …` a repeat rule up to the next marker or the end, and one date phrase (`today`,
/// `tomorrow`, a weekday, `next week`, `in 3 days`, `on dec 5`, `2026-12-05`), optionally after
/// `due` or `by`. Everything else, in order, is the title.
public struct QuickCapture: Sendable, Equatable {
    public var title: String
    public var due: Day?
    /// The words that gave the date, as typed.
    public var dueText: String?
    public var tags: [String] = []
    public var category: String?
    public var importance: Int?
    public var spoons: Int?
    public var repeatRule: String?

    public init(title: String) { self.title = title }

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Reads `text` relative to `today`. Never fails: what is not understood stays in the title.
    /// With `words: false` only the unambiguous markers (`#`, `@`, `!`, `~`) are read, so a title
    /// such as "Plan today's talk" given with other flags keeps its date words.
    public static func parse(_ text: String, today: Day, words readWords: Bool = true) -> QuickCapture {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var result = QuickCapture(title: "")
        var title: [String] = []
        var i = 0
        while i < words.count {
            let w = words[i]
            if let tag = marker(w, "#") {
                if !result.tags.contains(tag) { result.tags.append(tag) }
                i += 1; continue
            }
            if let cat = marker(w, "@"), result.category == nil {
                result.category = cat
                i += 1; continue
            }
            if let n = level(w, "!"), result.importance == nil {
                result.importance = n
                i += 1; continue
            }
            if let n = level(w, "~"), result.spoons == nil {
                result.spoons = n
                i += 1; continue
            }
            if readWords, w.lowercased() == "every", result.repeatRule == nil, let (rule, used) = repeatRule(words, from: i) {
                result.repeatRule = rule
                i += used; continue
            }
            if readWords, result.due == nil {
                let intro = ["due", "by"].contains(w.lowercased()) ? 1 : 0
                if let (day, used) = date(words, from: i + intro, today: today) {
                    result.due = day
                    result.dueText = words[(i + intro)..<(i + intro + used)].joined(separator: " ")
                    i += intro + used; continue
                }
            }
            title.append(w)
            i += 1
        }
        result.title = title.joined(separator: " ")
        return result
    }

    static func isMarker(_ w: String) -> Bool {
        marker(w, "#") != nil || marker(w, "@") != nil || level(w, "!") != nil || level(w, "~") != nil
    }

    /// `#family` → "family"; a bare `#` or `#` followed by punctuation only is not a marker.
    static func marker(_ w: String, _ sigil: Character) -> String? {
        guard w.first == sigil, w.count > 1 else { return nil }
        let rest = String(w.dropFirst())
        guard rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "/" }) else { return nil }
        return rest
    }

    static func level(_ w: String, _ sigil: Character) -> Int? {
        guard w.first == sigil, w.count == 2, let n = Int(w.dropFirst()), (1...5).contains(n) else { return nil }
        return n
    }

    /// The longest run of words from `every` up to the next marker that parses as a rule.
    static func repeatRule(_ words: [String], from start: Int) -> (String, Int)? {
        var end = start + 1
        while end < words.count, !isMarker(words[end]) { end += 1 }
        while end > start + 1 {
            let text = words[start..<end].joined(separator: " ")
            if (try? RecurrenceRule.parse(text)) != nil { return (text, end - start) }
            end -= 1
        }
        return nil
    }

    /// A date phrase starting at `start`: the day and how many words it took.
    static func date(_ words: [String], from start: Int, today: Day) -> (Day, Int)? {
        guard start < words.count else { return nil }
        let w = words[start].lowercased()
        let next = start + 1 < words.count ? words[start + 1].lowercased() : nil
        let third = start + 2 < words.count ? words[start + 2].lowercased() : nil
        switch w {
        case "today": return (today, 1)
        case "tomorrow": return (today.adding(days: 1), 1)
        default: break
        }
        if let d = Day(iso: w) { return (d, 1) }
        if let i = weekdays.firstIndex(of: w) { return (nextWeekday(i + 1, after: today), 1) }
        if w == "next", next == "week" { return (nextWeekday(1, after: today), 2) }
        if w == "next", let n = next, let i = weekdays.firstIndex(of: n) { return (nextWeekday(i + 1, after: today), 2) }
        if w == "in", let n = next.flatMap({ Int($0) }), n >= 0, n < 10000, let unit = third {
            switch unit {
            case "day", "days": return (today.adding(days: n), 3)
            case "week", "weeks": return (today.adding(days: 7 * n), 3)
            case "month", "months": return (today.adding(months: n), 3)
            default: return nil
            }
        }
        if w == "on", let n = next {
            if let i = weekdays.firstIndex(of: n) { return (nextWeekday(i + 1, after: today), 2) }
            if let t = third, let d = monthDay(n, t, today: today) { return (d, 3) }
            if let d = Day(iso: n) { return (d, 2) }
        }
        return nil
    }

    /// `dec 5` or `5 dec` (month names may be written out): the next such date on or after today.
    static func monthDay(_ a: String, _ b: String, today: Day) -> Day? {
        func month(_ s: String) -> Int? {
            guard s.count >= 3 else { return nil }
            return months.firstIndex(where: { s.hasPrefix($0) }).map { $0 + 1 }
        }
        func number(_ s: String) -> Int? {
            Int(s.trimmingCharacters(in: CharacterSet.letters))
        }
        guard let (m, d) = month(a).flatMap({ m in number(b).map { (m, $0) } }) ?? month(b).flatMap({ m in number(a).map { (m, $0) } })
        else { return nil }
        if let day = Day(year: today.year, month: m, day: d), day >= today { return day }
        return Day(year: today.year + 1, month: m, day: d)
    }

    /// The next given weekday (1 = Monday) strictly after `today`.
    static func nextWeekday(_ weekday: Int, after today: Day) -> Day {
        var ahead = (weekday - today.weekday + 7) % 7
        if ahead == 0 { ahead = 7 }
        return today.adding(days: ahead)
    }
}

import Foundation
