/// Reads todo.txt (github.com/todotxt/todo.txt): `x` done, `(A)` priority, completion and creation
/// dates, `+project`, `@context` and `key:value` extensions (`due:`, `rec:`, `t:`, `pri:`).
public enum TodoTxt {
    /// `today` dates a done line that carries no completion date.
    public static func parse(_ text: String, today: Day) throws(ImportError) -> ImportPlan {
        var plan = ImportPlan()
        let lines = TextLines.split(text)
        for (i, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if let item = try parseLine(line, number: i + 1, today: today, notes: &plan.notes) { plan.items.append(item) }
        }
        return plan
    }

    static func parseLine(_ line: String, number: Int, today: Day, notes: inout [String]) throws(ImportError) -> ImportedItem? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var done = false, doneDate: Day?, created: Day?, priority: Character?
        func date(_ s: String) -> Day? { Day(iso: s) }
        if words.first == "x" {
            done = true
            words.removeFirst()
            if let d = words.first.flatMap(date) { doneDate = d; words.removeFirst() }
        }
        if let w = words.first, w.count == 3, w.hasPrefix("("), w.hasSuffix(")"), let p = w.dropFirst().first, p.isUppercase {
            priority = p
            words.removeFirst()
        }
        if let d = words.first.flatMap(date) { created = d; words.removeFirst() }
        var title: [String] = [], projects: [String] = [], contexts: [String] = []
        var item = ImportedItem(key: "", line: number, title: "")
        for w in words {
            if w.count > 1, w.hasPrefix("+") { projects.append(String(w.dropFirst())); continue }
            if w.count > 1, w.hasPrefix("@") { contexts.append(String(w.dropFirst())); continue }
            if let colon = w.firstIndex(of: ":"), colon != w.startIndex, w.index(after: colon) != w.endIndex,
               !w.contains("://"), w[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                let key = String(w[..<colon]).lowercased(), value = String(w[w.index(after: colon)...])
                switch key {
                case "due":
                    // A date word (`due:tomorrow`) is read as of the import; anything else stays
                    // on the card as todotxt_due, said by its line, and the rest still comes in.
                    if let d = Day(iso: value) ?? DateInput.parse(value, today: today)?.day {
                        item.due = DateValue(day: d)
                    } else {
                        notes.append("line \(number): due:\(value) is not a date (todo.txt dates look like 2026-11-24); "
                            + "the card has no due date and keeps it as todotxt_due")
                        item.extras.append(("todotxt_due", value))
                    }
                case "rec":
                    if let rule = ImportRules.repeatRule(value) { item.repeatRule = rule } else {
                        notes.append("line \(number): rec:\(value) cannot be expressed as a Carousel rule; kept as todotxt_rec")
                        item.extras.append(("todotxt_rec", value))
                    }
                case "t":
                    if let d = Day(iso: value) ?? DateInput.parse(value, today: today)?.day {
                        item.wait = d
                    } else {
                        notes.append("line \(number): t:\(value) is not a date (todo.txt dates look like 2026-11-24); "
                            + "the card has no threshold and keeps it as todotxt_t")
                        item.extras.append(("todotxt_t", value))
                    }
                case "pri" where priority == nil && value.count == 1: priority = value.first
                default: item.extras.append((key.hasPrefix("todotxt_") ? key : "todotxt_" + key, value))
                }
                continue
            }
            title.append(w)
        }
        item.title = title.joined(separator: " ")
        if item.title.isEmpty {
            notes.append("line \(number): no description left, skipped: \(line)")
            return nil
        }
        // The key leaves out what changes as a task moves along (done mark, dates, priority).
        item.key = "todotxt:" + ImportRules.hash(([item.title] + projects + contexts).joined(separator: " ").lowercased())
        if let p = priority { item.importance = ["A": 5, "B": 4, "C": 3][p] ?? 2 }
        item.category = projects.first
        item.tags = contexts + projects.dropFirst()
        item.created = created.map { DateValue(day: $0) }
        if done { item.done = DateValue(day: doneDate ?? today) }
        if done && doneDate == nil {
            notes.append("line \(number): done without a completion date; dated the day of the import, \(today.iso)")
        }
        return item
    }
}
