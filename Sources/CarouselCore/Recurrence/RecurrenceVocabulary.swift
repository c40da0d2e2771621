/// Names and numbers shared by the parsers and the formatters.
enum RecurrenceVocabulary {
    static let rruleWeekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    static let shortWeekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static let workweek: Set<Int> = [1, 2, 3, 4, 5]
    static let weekend: Set<Int> = [6, 7]

    /// Weekdays a lower-case word names: "tue", "tuesday", "tuesdays", "weekday" (Mon–Fri), "weekends".
    static func weekdays(_ word: String) -> [Int]? {
        switch word {
        case "mon", "monday", "mondays": return [1]
        case "tue", "tues", "tuesday", "tuesdays": return [2]
        case "wed", "weds", "wednesday", "wednesdays": return [3]
        case "thu", "thur", "thurs", "thursday", "thursdays": return [4]
        case "fri", "friday", "fridays": return [5]
        case "sat", "saturday", "saturdays": return [6]
        case "sun", "sunday", "sundays": return [7]
        case "weekday", "weekdays": return [1, 2, 3, 4, 5]
        case "weekend", "weekends": return [6, 7]
        default: return nil
        }
    }

    /// The month a lower-case word names: "mar", "march", "sept".
    static func month(_ word: String) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july",
                     "august", "september", "october", "november", "december"]
        if word == "sept" { return 9 }
        for (i, name) in names.enumerated() where word == name || (word.count == 3 && name.hasPrefix(word)) {
            return i + 1
        }
        return nil
    }

    /// A count word: "3", "three", "other" (2).
    /// `3/14` → (3, 14): month then day, the way `7/4` is said; `14/3`, which can only be day
    /// then month, is read that way. Nil for anything else.
    static func slashDate(_ word: String) -> (month: Int, day: Int)? {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        if (1...12).contains(a), (1...31).contains(b) { return (a, b) }
        if (1...12).contains(b), (13...31).contains(a) { return (b, a) }
        return nil
    }

    static func number(_ word: String) -> Int? {
        if !word.isEmpty, word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber) {
            return word.count > 9 ? Int.max : Int(word)
        }
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        if let i = words.firstIndex(of: word) { return i + 1 }
        return word == "other" ? 2 : nil
    }

    /// An ordinal word: "1st", "22nd", "15", "third". Nil for anything else (including "last").
    static func ordinal(_ word: String) -> Int? {
        let words = ["first", "second", "third", "fourth", "fifth"]
        if let i = words.firstIndex(of: word) { return i + 1 }
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            digits = word.dropLast(2)
        }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// "1st", "2nd", "3rd", "11th", "22nd".
    static func ordinalText(_ n: Int) -> String {
        let tens = n % 100
        if (11...13).contains(tens) { return "\(n)th" }
        switch n % 10 {
        case 1: return "\(n)st"
        case 2: return "\(n)nd"
        case 3: return "\(n)rd"
        default: return "\(n)th"
        }
    }

    /// Position words: 2 → "2nd", -1 → "last", -2 → `"2nd" + lastJoin + "last"`.
    static func positionText(_ n: Int, lastJoin: String = " ") -> String {
        if n > 0 { return ordinalText(n) }
        if n == -1 { return "last" }
        return ordinalText(-n) + lastJoin + "last"
    }

    /// Why a numbered weekday does not fit the rule, or nil when it does.
    static func ordinalProblem(_ n: Int, frequency: RecurrenceRule.Frequency, hasByMonth: Bool) -> String? {
        switch frequency {
        case .daily, .weekly:
            return "numbered weekdays (like the 2nd Tuesday) need a monthly or yearly rule"
        case .monthly, .yearly:
            let limit = frequency == .yearly && !hasByMonth ? 53 : 5
            if n == 0 || abs(n) > limit {
                let scope = limit == 5 ? "a month" : "a year"
                return "a weekday can be numbered 1 to \(limit) or last (-1 to -\(limit)) in \(scope), found \(n)"
            }
            return nil
        }
    }
}
