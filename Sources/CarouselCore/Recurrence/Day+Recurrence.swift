/// Small calendar helpers the recurrence engine needs on top of `Day`.
extension Day {
    /// Months since year 0: `year * 12 + month - 1`.
    var monthIndex: Int { year * 12 + month - 1 }

    /// Day number of the Monday that starts this date's week (WKST = Monday).
    var weekStartDayNumber: Int { dayNumber - (weekday - 1) }

    /// `YYYYMMDD`, the RRULE date form.
    var basicISO: String { iso.filter { $0 != "-" } }

    /// "30 Dec 2026".
    var friendly: String { "\(day) \(RecurrenceVocabulary.shortMonths[month - 1]) \(year)" }

    /// Parses `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]` (the time is dropped).
    init?(basicISO text: String) {
        let chars = Array(text)
        guard chars.count == 8 || (chars.count >= 15 && (chars[8] == "T" || chars[8] == "t")) else { return nil }
        let date = String(chars[0..<8])
        guard date.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if chars.count > 8 {
            let time = chars[9...]
            let digits = time.prefix(6)
            let rest = time.dropFirst(6)
            guard digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  rest.isEmpty || rest.elementsEqual(["Z"]) || rest.elementsEqual(["z"]) else { return nil }
        }
        let s = Array(date)
        self.init(iso: "\(String(s[0..<4]))-\(String(s[4..<6]))-\(String(s[6..<8]))")
    }

    /// This date plus `count` whole `unit`s; months and years clamp to the end of the month.
    /// Nil past year 9999.
    func adding(_ count: Int, _ unit: RecurrenceRule.Frequency) -> Day? {
        let result: Day
        switch unit {
        case .daily: result = adding(days: count)
        case .weekly: result = adding(days: count * 7)
        case .monthly, .yearly:
            let months = unit == .monthly ? count : count * 12
            guard monthIndex + months < 10_000 * 12 else { return nil }
            return adding(months: months)
        }
        return (1...9999).contains(result.year) ? result : nil
    }
}
