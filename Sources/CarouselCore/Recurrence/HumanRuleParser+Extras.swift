/// The parts of the human syntax for BYSETPOS, BYWEEKNO, BYYEARDAY and WKST:
/// "the last weekday", "in week 27", "on day 256", "(weeks start sunday)".
extension HumanRuleParser {
    private typealias Words = RecurrenceVocabulary

    /// "day 256" or "days 1, 100": the word starts a list of days of the year.
    func isYearDayStart(_ k: Int) -> Bool {
        k + 1 < tokens.count && (tokens[k].word == "day" || tokens[k].word == "days")
            && Int(tokens[k + 1].word) != nil && !isCountWord(k + 2)
    }

    /// "day 256", "days 1, 100 and -1" (-1 is the last day of the year).
    mutating func parseYearDays() throws(RecurrenceError) {
        pos += 1
        while let t = peek(), let n = Int(t.word), !isCountWord(pos + 1) {
            guard n != 0, abs(n) <= 366 else {
                throw fail(t, "a day of the year must be 1 to 366 (or -1 to -366 from the end), found \"\(t.raw)\"")
            }
            yearDays.append(n)
            pos += 1
            var k = pos
            while k < tokens.count, Token.isSeparator(tokens[k]) { k += 1 }
            guard k < tokens.count, Int(tokens[k].word) != nil, !isCountWord(k + 1) else { break }
            pos = k
        }
    }

    /// After "in week": "27", "1, 27 and 52", "-1" (the last week of the year).
    mutating func parseWeekNumbers(after w: Token) throws(RecurrenceError) {
        var any = false
        while true {
            var k = pos
            while k < tokens.count, Token.isSeparator(tokens[k]) { k += 1 }
            guard k < tokens.count else { break }
            let t = tokens[k]
            let n: Int
            if t.word == "last" {
                n = -1
            } else if let value = Int(t.word) ?? Words.ordinal(t.word), !isCountWord(k + 1) {
                n = value
            } else {
                break
            }
            guard n != 0, abs(n) <= 53 else {
                throw fail(t, "a week of the year must be 1 to 53 (or -1 to -53 from the end), found \"\(t.raw)\"")
            }
            weekNumbers.append(n)
            pos = k + 1
            any = true
        }
        if !any { throw fail(peek() ?? w, "expected a week number after \"\(w.raw)\", like \"in week 27\"") }
    }

    /// "weeks start sunday", "week starts on sun".
    func isWeekStartClause(_ k: Int) -> Bool {
        k + 1 < tokens.count && ["week", "weeks"].contains(tokens[k].word)
            && ["start", "starts", "begin", "begins"].contains(tokens[k + 1].word)
    }

    mutating func parseWeekStart() throws(RecurrenceError) {
        let head = tokens[pos]
        pos += 2
        if peek()?.word == "on" { pos += 1 }
        guard let t = peek(), let days = Words.weekdays(t.word), days.count == 1 else {
            throw fail(peek() ?? head, "expected the day weeks start on, like \"weeks start sunday\"")
        }
        if let earlier = weekStart, earlier.0 != days[0] {
            throw fail(t, "weeks cannot start on both \(earlier.1.raw) and \(t.raw)")
        }
        weekStart = (days[0], t)
        pos += 1
    }

    /// "the last weekday" picks from the weekdays, so it cannot be mixed with other days.
    func checkSetPositions() throws(RecurrenceError) {
        guard let (_, first) = setPositions.first else { return }
        for (n, t) in setPositions where abs(n) > 366 {
            throw fail(t, "a position must be 1 to 366 or last, found \"\(t.raw)\"")
        }
        if !monthDays.isEmpty || !yearDays.isEmpty || byDay.contains(where: { $0.0.ordinal != nil }) {
            throw fail(first, "\"the \(first.raw) weekday\" cannot be combined with other days; write it as its own rule")
        }
        let groups: Set<String> = ["weekday", "weekdays", "weekend", "weekends"]
        if byDay.contains(where: { !groups.contains($0.1.word) }) {
            throw fail(first, "\"the \(first.raw) weekday\" cannot be combined with other days; write it as its own rule")
        }
    }
}
