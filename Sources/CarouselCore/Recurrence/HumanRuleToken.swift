/// One word of a human rule, with where it starts, plus the word lists the grammar checks.
struct HumanRuleToken {
    let word: String  // lower-cased
    let raw: String   // as written
    let column: Int   // 1-based character column in the input

    /// Words split on spaces and parentheses; "," and "&" are tokens of their own.
    static func tokenize(_ text: String) -> [HumanRuleToken] {
        var tokens: [HumanRuleToken] = []
        var current = "", start = 0
        func flush() {
            if !current.isEmpty { tokens.append(HumanRuleToken(word: current.lowercased(), raw: current, column: start + 1)) }
            current = ""
        }
        for (i, ch) in text.enumerated() {
            if ch.isWhitespace || ch == "(" || ch == ")" {
                flush()
            } else if ch == "," || ch == "&" {
                flush()
                tokens.append(HumanRuleToken(word: String(ch), raw: String(ch), column: i + 1))
            } else {
                if current.isEmpty { start = i }
                current.append(ch)
            }
        }
        flush()
        return tokens
    }

    /// "the month", "every month", "each month" at the start of `rest`: how many words, or nil.
    static func theMonth(_ rest: ArraySlice<HumanRuleToken>) -> Int? {
        let words = rest.prefix(2).map(\.word)
        guard words.count == 2, ["the", "every", "each"].contains(words[0]), words[1] == "month" else { return nil }
        return 2
    }

    /// "last weekday of the month", "the 15th of every month", "on the 2nd tuesday of each month":
    /// said the way people say them, read as "every month on …". Other rules come back as they are.
    static func monthlyPhrase(_ tokens: [HumanRuleToken]) -> [HumanRuleToken] {
        guard tokens.count >= 4, tokens[tokens.count - 3].word == "of",
              theMonth(tokens[(tokens.count - 2)...]) != nil else { return tokens }
        var body = Array(tokens.dropLast(3))
        if body.first?.word == "on" { body.removeFirst() }
        guard let first = body.first, first.word == "the" || first.word == "last" || RecurrenceVocabulary.ordinal(first.word) != nil
        else { return tokens }
        let made = ["every", "month", "on"].map { HumanRuleToken(word: $0, raw: $0, column: first.column) }
        return made + body
    }

    /// ",", "&" and "and" join list items.
    static func isSeparator(_ t: HumanRuleToken) -> Bool { t.word == "," || t.word == "&" || t.word == "and" }

    /// The frequency a unit word names: "day", "weeks".
    static func unit(_ word: String) -> RecurrenceRule.Frequency? {
        switch word {
        case "day", "days": return .daily
        case "week", "weeks": return .weekly
        case "month", "months": return .monthly
        case "year", "years": return .yearly
        default: return nil
        }
    }

    /// The message for a word the grammar did not expect, with hints for common mistakes.
    static func unknownWordMessage(_ t: HumanRuleToken, expected: String) -> String {
        switch t.word {
        case "fortnight", "fortnights", "fortnightly", "biweekly":
            return "\"\(t.raw)\" is not supported; say \"every 2 weeks\""
        case "bimonthly":
            return "\"\(t.raw)\" is not supported; say \"every 2 months\""
        case "hour", "hours", "hourly", "minute", "minutes":
            return "repeating more often than daily is not supported, found \"\(t.raw)\""
        default:
            return "expected \(expected), found \"\(t.raw)\""
        }
    }
}
