/// The words quick capture reads beyond its markers, as Todoist, TaskNotes and Taskwarrior users
/// type them (docs/cli.md, "What quick capture reads"): `!high`, `p1`, "high priority", `daily`,
/// `mon wed fri`, "tomorrow morning", "tonight", `someday`; and the words that look like markers
/// but are not understood (`!urgent`, `p9`), which stay in the title and are named.
extension QuickCapture {
    /// A word left in the title that looks like a marker, and what would work instead.
    public struct Unread: Sendable, Equatable {
        public var word: String
        public var hint: String
    }

    static let importanceHint = "importance is !1–!5, !high, !medium, !low, p1–p4 or \"high priority\""
    static let spoonsHint = "spoons are ~1–~5"

    /// `!high` 5, `!medium` 3, `!low` 1 (as Taskwarrior's H, M, L); Todoist's `p1` (highest) 5,
    /// `p2` 4, `p3` 3 and `p4` (Todoist's "no priority") 1.
    static func importanceWord(_ w: String) -> Int? {
        switch w.lowercased() {
        case "!high", "!hi", "!h": return 5
        case "!medium", "!med", "!m", "!normal": return 3
        case "!low", "!lo", "!l": return 1
        case "p1": return 5
        case "p2": return 4
        case "p3": return 3
        case "p4": return 1
        default: return nil
        }
    }

    /// "high priority", "medium priority", "low priority" (TaskNotes' words) at `i`.
    static func priorityPhrase(_ words: [String], at i: Int) -> Int? {
        guard i + 1 < words.count, DateWords.clean(words[i + 1]) == "priority" else { return nil }
        return ["high": 5, "top": 5, "medium": 3, "normal": 3, "low": 1][DateWords.clean(words[i])]
    }

    /// `!urgent`, `!9`, `~lots`, `p9`: a word shaped like a marker that is not one.
    static func looksLikeMarker(_ w: String) -> Bool {
        if level(w, "!") != nil || level(w, "~") != nil || importanceWord(w) != nil { return false }
        if let first = w.first, first == "!" || first == "~" {
            let rest = w.dropFirst()
            return !rest.isEmpty && rest.allSatisfy { $0.isLetter || $0.isNumber }
        }
        if w.first == "#", w.count > 1, w.dropFirst().allSatisfy(\.isNumber) { return true }
        if let first = w.first, first == "p" || first == "P" {
            let rest = w.dropFirst()
            return !rest.isEmpty && rest.count <= 2 && rest.allSatisfy(\.isNumber)
        }
        return false
    }

    /// What would work instead of `w`, when it is kept in the title but looks like a marker
    /// (or is a second one of a kind only read once).
    static func markerHint(_ w: String, _ so: QuickCapture) -> String? {
        if looksLikeMarker(w) {
            if w.first == "#" { return "a tag needs a letter, as in Obsidian; #\(w.dropFirst()) stays a number in the title" }
            return w.first == "~" ? spoonsHint : importanceHint
        }
        if level(w, "!") != nil || importanceWord(w) != nil { return "importance was already read (\(so.importance ?? 0)); only the first counts" }
        if level(w, "~") != nil { return "spoons were already read (\(so.spoons ?? 0)); only the first counts" }
        if marker(w, "@") != nil, let c = so.category { return "the category was already read (\(c)); only the first counts" }
        return nil
    }

    /// `daily`, `weekly`, `monthly`, `yearly` (and `monthly on the 15th`) from `i`.
    static func bareRepeat(_ words: [String], from i: Int) -> (String, Int)? {
        guard ["daily", "weekly", "monthly", "yearly", "annually"].contains(DateWords.clean(words[i])) else { return nil }
        return longestRule(words, from: i, least: 1)
    }

    /// Two or more weekdays in a row (`mon wed fri`, `tue and thu`): a weekly repeat on them.
    static func weekdayRun(_ words: [String], from i: Int) -> (String, Int)? {
        func isDay(_ k: Int) -> Bool {
            let c = DateWords.clean(words[k])
            return DateWords.weekdayNames.contains(c) || DateWords.weekdayShort[c] != nil
        }
        var days: [String] = []
        var k = i
        while k < words.count {
            if isDay(k) {
                days.append(DateWords.clean(words[k]))
                k += 1
            } else if !days.isEmpty, ["and", "&"].contains(words[k].lowercased()), k + 1 < words.count, isDay(k + 1) {
                k += 1
            } else {
                break
            }
        }
        guard days.count >= 2 else { return nil }
        let rule = "every " + days.joined(separator: ", ")
        guard (try? RecurrenceRule.parse(rule)) != nil else { return nil }
        return (rule, k - i)
    }

    /// A day said from `start`: a `DateWords` day, "tonight", "this morning", `sat`/`sun` before
    /// a time ("Dinner with Sam sat 7:30pm"), each maybe followed by a part of the day
    /// ("tomorrow morning", "sunday afternoon"), which gives the time.
    struct SpokenDay {
        var day: Day
        var used: Int
        var dayText: String
        var minutes: Int?
        var timeText: String?
    }

    static func spokenDay(_ words: [String], from start: Int, dates: DateWords) -> SpokenDay? {
        guard start < words.count else { return nil }
        let w = DateWords.clean(words[start])
        let next = start + 1 < words.count ? words[start + 1] : nil
        if w == "tonight" { return SpokenDay(day: dates.today, used: 1, dayText: words[start], minutes: DateWords.partOfDay(w), timeText: words[start]) }
        if w == "this", let next, let m = DateWords.partOfDay(next), DateWords.clean(next) != "tonight" {
            let text = words[start...(start + 1)].joined(separator: " ")
            return SpokenDay(day: dates.today, used: 2, dayText: text, minutes: m, timeText: text)
        }
        var read = dates.day(words, from: start)
        if read == nil, w == "sat" || w == "sun", next.flatMap(DateWords.partOfDay) != nil || dates.time(words, from: start + 1) != nil {
            read = (dates.nextWeekday(w == "sat" ? 6 : 7), 1)
        }
        guard let (day, used) = read else { return nil }
        var said = SpokenDay(day: day, used: used, dayText: words[start..<(start + used)].joined(separator: " "))
        if start + used < words.count, let m = DateWords.partOfDay(words[start + used]) {
            said.minutes = m
            said.timeText = words[start + used]
            said.used += 1
        }
        return said
    }

    /// `at 5` is the next 5 o'clock after `now` on the day it is for: 05:00 while the morning
    /// one is ahead, 17:00 once it is past, and 05:00 tomorrow (when no day was said) once both are.
    mutating func placeBareHour(now: Int, today: Day) {
        guard bareHour, let t = time, (due ?? today) == today, t <= now else { return }
        if t + 12 * 60 > now {
            time = t + 12 * 60
        } else if due == nil {
            due = today.adding(days: 1)
        }
    }
}
