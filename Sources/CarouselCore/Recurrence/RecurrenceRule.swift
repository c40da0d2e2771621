import Synchronization
import Foundation

/// A repeat rule: RFC 5545 `RRULE` semantics at day level plus an
/// "after done" mode where the next due date counts from the completion date.
///
/// Rules are pure values. They list dates only relative to an anchor (`DTSTART`), which the
/// caller picks: the card's `due`, else `start`, else the habit's `start`, else `created`.
public struct RecurrenceRule: Equatable, Sendable {
    public enum Frequency: String, Sendable { case daily, weekly, monthly, yearly }

    /// A weekday, optionally numbered within the month (or year): `2TU` is ordinal 2, weekday 2.
    public struct WeekdayNum: Equatable, Sendable, Hashable {
        /// nil for every such weekday; 1...5 or -1...-5 (-1 = last). Yearly rules without
        /// BYMONTH count within the year, so there 1...53 and -1...-53.
        public var ordinal: Int?
        /// 1 = Monday … 7 = Sunday.
        public var weekday: Int

        public init(ordinal: Int? = nil, weekday: Int) {
            self.ordinal = ordinal
            self.weekday = weekday
        }
    }

    public enum End: Equatable, Sendable { case never, until(Day), count(Int) }

    /// Bounds that keep expansion cheap and both syntaxes able to say every rule.
    public static let maxInterval = 1000
    public static let maxCount = 10_000

    public var frequency: Frequency
    public var interval: Int
    public var byDay: [WeekdayNum]
    public var byMonthDay: [Int]
    public var byMonth: [Int]
    /// BYYEARDAY: 1...366 or -366...-1 (-1 = the last day of the year).
    public var byYearDay: [Int]
    /// BYWEEKNO: 1...53 or -53...-1, weeks numbered as ISO 8601 does but from `weekStart`.
    public var byWeekNo: [Int]
    /// BYSETPOS: 1...366 or -366...-1, picks from each period's dates after the other parts.
    public var bySetPos: [Int]
    /// WKST: 1 = Monday … 7 = Sunday. It matters for weekly rules with an interval and BYWEEKNO.
    public var weekStart: Int
    public var end: End
    /// "3 days after done": the next due date is the completion date plus `interval` units.
    public var afterCompletion: Bool

    /// Makes a rule. The lists are put in canonical order (sorted, without repeats), the same
    /// order `parse` produces, so equal rules compare equal however they were written.
    public init(frequency: Frequency, interval: Int = 1, byDay: [WeekdayNum] = [], byMonthDay: [Int] = [],
                byMonth: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], bySetPos: [Int] = [],
                weekStart: Int = 1, end: End = .never, afterCompletion: Bool = false) {
        self.frequency = frequency
        self.interval = interval
        self.byDay = Self.canonical(byDay)
        self.byMonthDay = Self.canonical(monthDays: byMonthDay)
        self.byMonth = Array(Set(byMonth)).sorted()
        self.byYearDay = Self.canonical(monthDays: byYearDay)
        self.byWeekNo = Self.canonical(monthDays: byWeekNo)
        self.bySetPos = Self.canonical(monthDays: bySetPos)
        self.weekStart = weekStart
        self.end = end
        self.afterCompletion = afterCompletion
    }

    /// Parses the human syntax ("every 2 weeks on tue, thu") or RRULE text (with or without a
    /// leading "RRULE:"). Case-insensitive; extra spaces are fine.
    public static func parse(_ text: String) throws(RecurrenceError) -> RecurrenceRule {
        // Rules are pure values and a vault repeats a few texts ("every day") over many cards.
        if let hit = parsed.withLock({ $0[text] }) { return try hit.get() }
        let result = Result { () throws(RecurrenceError) in try parseUncached(text) }
        parsed.withLock { table in
            if table.count > 4096 { table.removeAll() }
            table[text] = result
        }
        return try result.get()
    }

    private static let parsed = Mutex<[String: Result<RecurrenceRule, RecurrenceError>]>([:])

    private static func parseUncached(_ text: String) throws(RecurrenceError) -> RecurrenceRule {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            throw RecurrenceError("the rule is empty; try \"every week\" or \"FREQ=WEEKLY\"", word: "", column: 1)
        }
        if trimmed.uppercased().hasPrefix("RRULE:") || trimmed.contains("=") {
            return try RRuleParser.parse(text)
        }
        return try HumanRuleParser.parse(text)
    }

    // MARK: Canonical order

    static func canonical(_ days: [WeekdayNum]) -> [WeekdayNum] {
        func key(_ d: WeekdayNum) -> Int {
            guard let n = d.ordinal else { return 0 }
            return n > 0 ? n : 100 + n  // 1st … 53rd, then -53 … -1 (last)
        }
        return Array(Set(days)).sorted { ($0.weekday, key($0)) < ($1.weekday, key($1)) }
    }

    static func canonical(monthDays: [Int]) -> [Int] {
        Array(Set(monthDays)).sorted { a, b in
            // 1st … 31st, then -31 … -1 (last), the order they fall in a long month (or year).
            if (a > 0) != (b > 0) { return a > 0 }
            return a < b
        }
    }
}

/// A rule that could not be read, with the word that is wrong and where it starts.
public struct RecurrenceError: Error, LocalizedError, Equatable, Sendable {
    /// What is wrong, e.g. `interval must be at least 1, found "0"`.
    public let message: String
    /// The word from the input that is wrong, e.g. `0`, `BYMONTHDAY=32`, `fortnightly`.
    public let offendingWord: String
    /// 1-based character column of `offendingWord` in the input text.
    public let column: Int

    public init(message: String, offendingWord: String, column: Int) {
        self.message = message
        self.offendingWord = offendingWord
        self.column = column
    }

    init(_ message: String, word: String, column: Int) {
        self.init(message: message, offendingWord: word, column: column)
    }

    public var errorDescription: String? { "\(message) (column \(column))" }
}
