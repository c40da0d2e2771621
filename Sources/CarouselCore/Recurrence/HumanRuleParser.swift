/// Reads the human syntax: "every 2 weeks on tue, thu until 2026-12-30", "every month on the
/// last friday", "every year on mar 3", "3 days after done". See docs/recurrence.md.
struct HumanRuleParser {
    typealias Token = HumanRuleToken

    private typealias Words = RecurrenceVocabulary
    typealias WeekdayNum = RecurrenceRule.WeekdayNum

    let tokens: [Token]
    var pos = 0
    private var frequency = RecurrenceRule.Frequency.daily
    private var interval = 1
    private var afterCompletion = false
    var byDay: [(WeekdayNum, Token)] = []
    var monthDays: [Int] = []
    private var months: [Int] = []
    private var pairs: [(month: Int, day: Int, token: Token)] = []
    private var end = RecurrenceRule.End.never
    /// "the last weekday": BYSETPOS over the weekdays in `byDay`.
    var setPositions: [(Int, Token)] = []
    var yearDays: [Int] = []
    var weekNumbers: [Int] = []
    var weekStart: (Int, Token)?

    static func parse(_ text: String) throws(RecurrenceError) -> RecurrenceRule {
        let tokens = HumanRuleToken.tokenize(text)
        guard !tokens.isEmpty else { throw RecurrenceError("the rule is empty", word: "", column: 1) }
        var parser = HumanRuleParser(tokens: HumanRuleToken.monthlyPhrase(tokens))
        return try parser.parseRule()
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    // MARK: Grammar

    private mutating func parseRule() throws(RecurrenceError) -> RecurrenceRule {
        let first = tokens[0]
        var unitHead = false
        pos = 1
        switch first.word {
        case "daily": frequency = .daily; unitHead = true
        case "weekly": frequency = .weekly; unitHead = true
        case "monthly": frequency = .monthly; unitHead = true
        case "yearly", "annually": frequency = .yearly; unitHead = true
        case "every", "each":
            guard let next = peek() else {
                throw fail(first, "say what repeats after \"every\": day, week, month, year or a weekday")
            }
            if let days = Words.weekdays(next.word) {
                pos += 1
                frequency = .weekly
                for w in days { byDay.append((WeekdayNum(weekday: w), next)) }
                for (w, t) in parseMoreWeekdays() { byDay.append((WeekdayNum(weekday: w), t)) }
            } else {
                try parseIntervalAndUnit(after: first)
                unitHead = true
            }
        default:
            if Words.number(first.word) != nil || first.word == "a" || first.word == "an" {
                pos = 0
                unitHead = true
                try parseIntervalAndUnit(after: first)
                guard peek()?.word == "after" else {
                    throw fail(peek() ?? tokens[pos - 1], "expected \"after done\", like \"3 days after done\"")
                }
            } else {
                throw fail(first, Token.unknownWordMessage(first, expected: "a rule like \"every week on mon\""))
            }
        }
        if unitHead, let after = peek(), after.word == "after" {
            pos += 1
            guard let done = peek(), ["done", "completion", "completed", "completing"].contains(done.word) else {
                throw fail(peek() ?? after, "expected \"after done\"")
            }
            pos += 1
            afterCompletion = true
        }
        try parseClauses()
        return try build()
    }

    /// `3 days`, `other week`, `a month`, or just `year`.
    private mutating func parseIntervalAndUnit(after head: Token) throws(RecurrenceError) {
        guard let t = peek() else { throw fail(head, "expected days, weeks, months or years") }
        if let n = Words.number(t.word) ?? (t.word == "a" || t.word == "an" ? 1 : nil) {
            pos += 1
            guard n >= 1 else { throw fail(t, "interval must be at least 1, found \"\(t.raw)\"") }
            guard n <= RecurrenceRule.maxInterval else {
                throw fail(t, "interval must be at most \(RecurrenceRule.maxInterval), found \"\(t.raw)\"")
            }
            guard let u = peek(), let f = Token.unit(u.word) else {
                throw fail(peek() ?? t, "expected days, weeks, months or years after \"\(t.raw)\"")
            }
            pos += 1
            interval = n
            frequency = f
        } else if let f = Token.unit(t.word) {
            pos += 1
            frequency = f
        } else {
            throw fail(t, Token.unknownWordMessage(t, expected: "a day, week, month, year or weekday after \"\(head.raw)\""))
        }
    }

    private mutating func parseClauses() throws(RecurrenceError) {
        while let t = peek() {
            if Token.isSeparator(t) { pos += 1; continue }
            let isEnd = t.word == "until" || t.word == "for" || (Words.number(t.word) != nil && isCountWord(pos + 1))
            if afterCompletion && !isEnd {
                throw fail(t, "\"after done\" rules take only an end (until DATE, for N times), found \"\(t.raw)\"")
            }
            switch t.word {
            case "on":
                pos += 1
                try parseDays(after: t)
            case "in", "of":
                pos += 1
                if frequency == .monthly, let n = HumanRuleToken.theMonth(tokens[pos...]) {
                    pos += n  // "… on the last weekday of the month": the month the rule already says
                } else if let w = peek(), w.word == "week" || w.word == "weeks" {
                    pos += 1
                    try parseWeekNumbers(after: w)
                } else {
                    try parseMonths(after: t)
                }
            case "until":
                pos += 1
                guard let d = peek() else { throw fail(t, "expected a date like 2026-12-30 after \"until\"") }
                guard let day = Day(iso: d.word) else {
                    throw fail(d, "until needs a date like 2026-12-30, found \"\(d.raw)\"")
                }
                pos += 1
                try setEnd(.until(day), at: t)
            case "for":
                pos += 1
                guard let n = peek(), Words.number(n.word) != nil else {
                    throw fail(peek() ?? t, "expected a number after \"for\", like \"for 10 times\"")
                }
                try parseCount(n, endToken: t)
            case "after":
                throw fail(t, "\"after done\" goes right after the interval, like \"every 3 days after done\"")
            default:
                if Words.number(t.word) != nil, isCountWord(pos + 1) {
                    try parseCount(t, endToken: t)
                } else if isWeekStartClause(pos) {
                    try parseWeekStart()
                } else if isItemStart(pos) {
                    try parseDays(after: t)
                } else {
                    throw fail(t, Token.unknownWordMessage(t, expected: "on, in, until or for"))
                }
            }
        }
    }

    private mutating func parseCount(_ n: Token, endToken: Token) throws(RecurrenceError) {
        let count = Words.number(n.word) ?? 0
        guard count >= 1 else { throw fail(n, "the count must be at least 1, found \"\(n.raw)\"") }
        guard count <= RecurrenceRule.maxCount else {
            throw fail(n, "the count must be at most \(RecurrenceRule.maxCount), found \"\(n.raw)\"")
        }
        pos += 1
        if isCountWord(pos) { pos += 1 }
        try setEnd(.count(count), at: endToken)
    }

    private mutating func setEnd(_ newEnd: RecurrenceRule.End, at t: Token) throws(RecurrenceError) {
        guard end == .never else { throw fail(t, "the rule already has an end; give either until or a count") }
        end = newEnd
    }

    /// Items after "on": weekdays, numbered weekdays, days of the month, dates like "mar 3".
    private mutating func parseDays(after on: Token) throws(RecurrenceError) {
        var any = false
        while true {
            var k = pos
            while k < tokens.count, Token.isSeparator(tokens[k]) { k += 1 }
            guard isItemStart(k) else { break }
            pos = k
            try parseDayItem()
            any = true
        }
        if !any {
            throw fail(peek() ?? on, "expected a day after \"\(on.raw)\", like \"on mon\" or \"on the 15th\"")
        }
    }

    private mutating func parseDayItem() throws(RecurrenceError) {
        let t = tokens[pos]
        if let days = Words.weekdays(t.word) {
            pos += 1
            for w in days { byDay.append((WeekdayNum(weekday: w), t)) }
            return
        }
        if isYearDayStart(pos) {
            try parseYearDays()
            return
        }
        if let (month, day) = Words.slashDate(t.word) {
            // `3/14`: month first, as `date_order` says nothing to a rule (docs/recurrence.md).
            pos += 1
            months.append(month)
            try addMonthDay(day, t)
            pairs.append((month, day, t))
            return
        }
        if let month = Words.month(t.word) {
            pos += 1
            months.append(month)
            if let d = peek(), let day = Words.ordinal(d.word), !isCountWord(pos + 1) {
                pos += 1
                try addMonthDay(day, d)
                pairs.append((month, day, d))
            }
            return
        }
        if t.word == "the" {
            pos += 1
            guard isOrdinalStart(pos) else {
                throw fail(peek() ?? t, "expected a day like \"15th\" or \"last friday\" after \"the\"")
            }
        }
        try parsePositions()
    }

    /// "1st and 15th", "2nd tue", "1st and 3rd mon", "last day", "2nd to last fri", "3 mar".
    private mutating func parsePositions() throws(RecurrenceError) {
        var positions: [(Int, Token)] = []
        while true {
            let t = tokens[pos]
            pos += 1
            var n = t.word == "last" ? -1 : (Words.ordinal(t.word) ?? 0)
            if n > 0, peek()?.word == "last" {
                pos += 1; n = -n
            } else if n > 0, peek()?.word == "to", peek(1)?.word == "last" {
                pos += 2; n = -n
            }
            guard n != 0 else { throw fail(t, "expected a day like \"15th\" or \"last\", found \"\(t.raw)\"") }
            positions.append((n, t))
            var k = pos
            while k < tokens.count, Token.isSeparator(tokens[k]) { k += 1 }
            guard k > pos, k < tokens.count else { break }
            if tokens[k].word == "the", isOrdinalStart(k + 1) { pos = k + 1; continue }
            if isOrdinalStart(k) { pos = k; continue }
            break
        }
        if let next = peek(), let days = Words.weekdays(next.word) {
            pos += 1
            if days.count > 1 {
                // "the last weekday": the last of the period's weekdays (BYSETPOS).
                for w in days { byDay.append((WeekdayNum(weekday: w), next)) }
                setPositions += positions
                if days.count == 2, peek()?.word == "day" { pos += 1 }  // "the 1st weekend day"
                return
            }
            let weekdays = [days[0]] + parseMoreWeekdays(singleOnly: true).map(\.0)
            for (n, t) in positions { for w in weekdays { byDay.append((WeekdayNum(ordinal: n, weekday: w), t)) } }
            return
        }
        var month: Int?
        if let next = peek() {
            if next.word == "day" || next.word == "days" {
                pos += 1
            } else if let m = Words.month(next.word) {
                pos += 1
                month = m
                months.append(m)
            } else if let (_, t) = positions.first(where: { $0.0 < 0 }) {
                throw fail(t, "say \"last day\" or \"last friday\", not just \"\(t.raw)\"")
            }
        } else if let (_, t) = positions.first(where: { $0.0 < 0 }) {
            throw fail(t, "say \"last day\" or \"last friday\", not just \"\(t.raw)\"")
        }
        for (n, t) in positions {
            try addMonthDay(n, t)
            if let month { pairs.append((month, n, t)) }
        }
    }

    /// More weekdays, with or without separators: ", wed and fri". `singleOnly` stops at
    /// "weekday"/"weekend", which cannot be numbered.
    private mutating func parseMoreWeekdays(singleOnly: Bool = false) -> [(Int, Token)] {
        var found: [(Int, Token)] = []
        while true {
            var k = pos
            while k < tokens.count, Token.isSeparator(tokens[k]) { k += 1 }
            guard k < tokens.count, let days = Words.weekdays(tokens[k].word),
                  days.count == 1 || !singleOnly else { return found }
            for w in days { found.append((w, tokens[k])) }
            pos = k + 1
        }
    }

    private mutating func parseMonths(after t: Token) throws(RecurrenceError) {
        var any = false
        while true {
            var k = pos
            while k < tokens.count, Token.isSeparator(tokens[k]) { k += 1 }
            guard k < tokens.count, let m = Words.month(tokens[k].word) else { break }
            months.append(m)
            pos = k + 1
            any = true
        }
        if !any { throw fail(peek() ?? t, "expected a month after \"\(t.raw)\", like \"in mar\"") }
    }

    private mutating func addMonthDay(_ n: Int, _ t: Token) throws(RecurrenceError) {
        guard n != 0, abs(n) <= 31 else {
            throw fail(t, "a day of the month must be 1st to 31st or last, found \"\(t.raw)\"")
        }
        monthDays.append(n)
    }

    // MARK: Checks

    private func build() throws(RecurrenceError) -> RecurrenceRule {
        if let first = byDay.first {
            let numbered = first.0.ordinal != nil
            if let other = byDay.first(where: { ($0.0.ordinal != nil) != numbered }) {
                throw fail(other.1, "mixing plain and numbered weekdays (like \"mon and the 2nd tue\") is not supported")
            }
            for (d, t) in byDay {
                if let n = d.ordinal, let problem = Words.ordinalProblem(n, frequency: frequency, hasByMonth: !months.isEmpty) {
                    throw fail(t, problem)
                }
            }
        }
        if !pairs.isEmpty {
            let pairMonths = Set(pairs.map(\.month)), pairDays = Set(pairs.map(\.day))
            let distinct = Set(pairs.map { $0.month * 100 + $0.day })
            if distinct.count != pairMonths.count * pairDays.count {
                let t = pairs.last!.token
                throw fail(t, "one rule can list several dates only when each month gets the same days; write a rule per date")
            }
        }
        try checkSetPositions()
        return RecurrenceRule(frequency: frequency, interval: interval, byDay: byDay.map(\.0),
                              byMonthDay: monthDays, byMonth: months, byYearDay: yearDays, byWeekNo: weekNumbers,
                              bySetPos: setPositions.map(\.0), weekStart: weekStart?.0 ?? 1, end: end,
                              afterCompletion: afterCompletion)
    }

    // MARK: Helpers

    func peek(_ offset: Int = 0) -> Token? {
        pos + offset < tokens.count ? tokens[pos + offset] : nil
    }

    func fail(_ t: Token, _ message: String) -> RecurrenceError {
        RecurrenceError(message, word: t.raw, column: t.column)
    }

    func isCountWord(_ k: Int) -> Bool {
        k < tokens.count && ["time", "times", "occurrence", "occurrences"].contains(tokens[k].word)
    }

    private func isOrdinalStart(_ k: Int) -> Bool {
        k < tokens.count && (tokens[k].word == "last" || (Words.ordinal(tokens[k].word) != nil && !isCountWord(k + 1)))
    }

    private func isItemStart(_ k: Int) -> Bool {
        guard k < tokens.count else { return false }
        let w = tokens[k].word
        return Words.weekdays(w) != nil || Words.month(w) != nil || Words.slashDate(w) != nil || w == "the" || isOrdinalStart(k)
            || isYearDayStart(k)
    }
}
