import XCTest
@testable import CarouselCore

final class RecurrenceParsingTests: XCTestCase {
    typealias Rule = RecurrenceRule
    typealias W = RecurrenceRule.WeekdayNum

    static func days(_ weekdays: Int...) -> [W] { weekdays.map { W(weekday: $0) } }

    /// Human phrasings and the rule each one means.
    static let human: [(String, Rule)] = [
        ("every day", Rule(frequency: .daily)),
        ("daily", Rule(frequency: .daily)),
        ("  Every   DAY  ", Rule(frequency: .daily)),
        ("every weekday", Rule(frequency: .weekly, byDay: days(1, 2, 3, 4, 5))),
        ("every weekend", Rule(frequency: .weekly, byDay: days(6, 7))),
        ("every 3 days", Rule(frequency: .daily, interval: 3)),
        ("every week", Rule(frequency: .weekly)),
        ("weekly", Rule(frequency: .weekly)),
        ("every other week", Rule(frequency: .weekly, interval: 2)),
        ("every two weeks", Rule(frequency: .weekly, interval: 2)),
        ("every week on mon", Rule(frequency: .weekly, byDay: days(1))),
        ("every 2 weeks on tue, thu", Rule(frequency: .weekly, interval: 2, byDay: days(2, 4))),
        ("every 2 weeks on tue and thu", Rule(frequency: .weekly, interval: 2, byDay: days(2, 4))),
        ("every 2 weeks on Thursday, Tuesday", Rule(frequency: .weekly, interval: 2, byDay: days(2, 4))),
        ("every monday", Rule(frequency: .weekly, byDay: days(1))),
        ("every mon, wed, fri", Rule(frequency: .weekly, byDay: days(1, 3, 5))),
        ("every mon & wed", Rule(frequency: .weekly, byDay: days(1, 3))),
        ("every month", Rule(frequency: .monthly)),
        ("monthly", Rule(frequency: .monthly)),
        ("every month on the 15th", Rule(frequency: .monthly, byMonthDay: [15])),
        ("every month on the 1st and 15th", Rule(frequency: .monthly, byMonthDay: [1, 15])),
        ("every month on the last day", Rule(frequency: .monthly, byMonthDay: [-1])),
        ("every month on the 2nd to last day", Rule(frequency: .monthly, byMonthDay: [-2])),
        ("every month on the 1st, 15th and last day", Rule(frequency: .monthly, byMonthDay: [1, 15, -1])),
        ("every month on the last friday", Rule(frequency: .monthly, byDay: [W(ordinal: -1, weekday: 5)])),
        ("every month on the 2nd tuesday", Rule(frequency: .monthly, byDay: [W(ordinal: 2, weekday: 2)])),
        ("every month on the second last mon", Rule(frequency: .monthly, byDay: [W(ordinal: -2, weekday: 1)])),
        ("every month on the 1st and 3rd mon",
         Rule(frequency: .monthly, byDay: [W(ordinal: 1, weekday: 1), W(ordinal: 3, weekday: 1)])),
        ("every month on fri the 13th", Rule(frequency: .monthly, byDay: days(5), byMonthDay: [13])),
        ("every 3 months on the 31st", Rule(frequency: .monthly, interval: 3, byMonthDay: [31])),
        ("every year", Rule(frequency: .yearly)),
        ("yearly", Rule(frequency: .yearly)),
        ("every year on mar 3", Rule(frequency: .yearly, byMonthDay: [3], byMonth: [3])),
        ("every year on march 3rd", Rule(frequency: .yearly, byMonthDay: [3], byMonth: [3])),
        ("every year on 3 mar", Rule(frequency: .yearly, byMonthDay: [3], byMonth: [3])),
        ("every year on the last friday of november",
         Rule(frequency: .yearly, byDay: [W(ordinal: -1, weekday: 5)], byMonth: [11])),
        ("every day in dec", Rule(frequency: .daily, byMonth: [12])),
        ("every day until 2026-12-30", Rule(frequency: .daily, end: .until(Day(year: 2026, month: 12, day: 30)!))),
        ("every day for 10 times", Rule(frequency: .daily, end: .count(10))),
        ("every day for 10 occurrences", Rule(frequency: .daily, end: .count(10))),
        ("every day 10 times", Rule(frequency: .daily, end: .count(10))),
        ("3 days after done", Rule(frequency: .daily, interval: 3, afterCompletion: true)),
        ("2 weeks after done", Rule(frequency: .weekly, interval: 2, afterCompletion: true)),
        ("every 3 days after done", Rule(frequency: .daily, interval: 3, afterCompletion: true)),
        ("a month after done", Rule(frequency: .monthly, afterCompletion: true)),
        ("3 days after done until 2026-01-01", Rule(frequency: .daily, interval: 3, end: .until(Day(iso: "2026-01-01")!), afterCompletion: true)),
        ("2 weeks after done for 4 times", Rule(frequency: .weekly, interval: 2, end: .count(4), afterCompletion: true)),
        ("every day after done 3 times", Rule(frequency: .daily, end: .count(3), afterCompletion: true)),
        ("every month on the last weekday", Rule(frequency: .monthly, byDay: days(1, 2, 3, 4, 5), bySetPos: [-1])),
        ("every month on the first and last weekday", Rule(frequency: .monthly, byDay: days(1, 2, 3, 4, 5), bySetPos: [1, -1])),
        ("every month on the 2nd to last weekday in dec",
         Rule(frequency: .monthly, byDay: days(1, 2, 3, 4, 5), byMonth: [12], bySetPos: [-2])),
        ("monthly on the 1st weekend day", Rule(frequency: .monthly, byDay: days(6, 7), bySetPos: [1])),
        ("every 2 weeks on sun, tue (weeks start sunday)", Rule(frequency: .weekly, interval: 2, byDay: days(2, 7), weekStart: 7)),
        ("every 2 weeks on sun week starts on sun", Rule(frequency: .weekly, interval: 2, byDay: days(7), weekStart: 7)),
        ("every 2 weeks on tue until 2027-01-01 (weeks start wed)",
         Rule(frequency: .weekly, interval: 2, byDay: days(2), weekStart: 3, end: .until(Day(iso: "2027-01-01")!))),
        ("every year in week 27 on monday", Rule(frequency: .yearly, byDay: days(1), byWeekNo: [27])),
        ("every year on mon in weeks 1, 27 and last", Rule(frequency: .yearly, byDay: days(1), byWeekNo: [1, 27, -1])),
        ("every year on day 256", Rule(frequency: .yearly, byYearDay: [256])),
        // The phrasings people say.
        ("last weekday of the month", Rule(frequency: .monthly, byDay: days(1, 2, 3, 4, 5), bySetPos: [-1])),
        ("the last weekday of every month", Rule(frequency: .monthly, byDay: days(1, 2, 3, 4, 5), bySetPos: [-1])),
        ("every month on the last weekday of the month", Rule(frequency: .monthly, byDay: days(1, 2, 3, 4, 5), bySetPos: [-1])),
        ("on the 15th of every month", Rule(frequency: .monthly, byMonthDay: [15])),
        ("the 2nd tuesday of each month", Rule(frequency: .monthly, byDay: [W(ordinal: 2, weekday: 2)])),
        ("last friday of the month", Rule(frequency: .monthly, byDay: [W(ordinal: -1, weekday: 5)])),
        ("every year on 3/14", Rule(frequency: .yearly, byMonthDay: [14], byMonth: [3])),
        ("every year on 14/3", Rule(frequency: .yearly, byMonthDay: [14], byMonth: [3])),
        ("every year on 7/4", Rule(frequency: .yearly, byMonthDay: [4], byMonth: [7])),
        ("every year on dec 5", Rule(frequency: .yearly, byMonthDay: [5], byMonth: [12])),
        ("every year on december 5th", Rule(frequency: .yearly, byMonthDay: [5], byMonth: [12])),
        ("every year on 5 dec", Rule(frequency: .yearly, byMonthDay: [5], byMonth: [12])),
        ("every year on days 1, 100 and -1 5 times", Rule(frequency: .yearly, byYearDay: [1, 100, -1], end: .count(5))),
    ]

    func testHumanSyntax() throws {
        for (text, expected) in Self.human {
            XCTAssertEqual(try RecurrenceRule.parse(text), expected, text)
        }
    }

    func testRRuleSyntax() throws {
        let cases: [(String, Rule)] = [
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261230",
             Rule(frequency: .weekly, interval: 2, byDay: Self.days(2, 4), end: .until(Day(year: 2026, month: 12, day: 30)!))),
            ("RRULE:FREQ=MONTHLY;BYDAY=2TU", Rule(frequency: .monthly, byDay: [W(ordinal: 2, weekday: 2)])),
            // Weekly rules read 2TU as TU, as dateutil does.
            ("FREQ=WEEKLY;BYDAY=2TU", Rule(frequency: .weekly, byDay: [W(weekday: 2)])),
            ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU", Rule(frequency: .weekly, interval: 2, byDay: [W(weekday: 7)], weekStart: 7)),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
             Rule(frequency: .monthly, byDay: (1...5).map { W(weekday: $0) }, bySetPos: [-1])),
            ("rrule: freq=monthly ; byday = -1FR , +1mo", Rule(frequency: .monthly,
                byDay: [W(ordinal: 1, weekday: 1), W(ordinal: -1, weekday: 5)])),
            ("FREQ=MONTHLY;BYMONTHDAY=-1,1", Rule(frequency: .monthly, byMonthDay: [1, -1])),
            ("FREQ=YEARLY;BYMONTH=11,3;COUNT=4", Rule(frequency: .yearly, byMonth: [3, 11], end: .count(4))),
            ("FREQ=DAILY;UNTIL=20261230T235959Z;WKST=MO",
             Rule(frequency: .daily, end: .until(Day(year: 2026, month: 12, day: 30)!))),
            ("FREQ=YEARLY;BYDAY=20MO", Rule(frequency: .yearly, byDay: [W(ordinal: 20, weekday: 1)])),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try RecurrenceRule.parse(text), expected, text)
        }
    }

    /// (input, offending word, column, part of the message)
    static let errors: [(String, String, Int, String)] = [
        ("every 0 days", "0", 7, "interval must be at least 1, found \"0\""),
        ("every fortnight", "fortnight", 7, "every 2 weeks"),
        ("fortnightly", "fortnightly", 1, "every 2 weeks"),
        ("blah blah", "blah", 1, "expected a rule"),
        ("", "", 1, "empty"),
        ("every", "every", 1, "after \"every\""),
        ("every 3", "3", 7, "days, weeks, months or years"),
        ("every day on", "on", 11, "expected a day"),
        ("every day at noon", "at", 11, "found \"at\""),
        ("every hour", "hour", 7, "more often than daily"),
        ("every month on the 32nd", "32nd", 20, "1st to 31st"),
        ("every month on the last", "last", 20, "last day"),
        ("every month on the 6th tue", "6th", 20, "1 to 5"),
        ("every week on the 2nd tue", "2nd", 19, "monthly or yearly"),
        ("every month on mon and the 2nd tue", "2nd", 28, "mixing"),
        ("every month on mon and the last weekday", "last", 28, "cannot be combined"),
        ("every month on the last weekday and the 2nd fri", "2nd", 41, "mixing"),
        ("every year in week 54 on mon", "54", 20, "1 to 53"),
        ("every year in week on mon", "on", 20, "week number"),
        ("every year on day 367", "367", 19, "1 to 366"),
        ("every 2 weeks on sun (weeks start noon)", "noon", 35, "weeks start sunday"),
        ("every 2 weeks on sun weeks start sun weeks start mon", "mon", 50, "both"),
        ("every day until tomorrow", "tomorrow", 17, "2026-12-30"),
        ("every day until 2026-02-30", "2026-02-30", 17, "2026-12-30"),
        ("every day for 0 times", "0", 15, "at least 1"),
        ("every day until 2026-01-05 for 3 times", "for", 28, "either until or a count"),
        ("every week on mon after done", "after", 19, "right after the interval"),
        ("3 days after done on mon", "on", 19, "only an end"),
        ("3 days after done until 2026-01-01 for 2 times", "for", 36, "already has an end"),
        ("3 days", "days", 3, "after done"),
        ("every year on mar 3, sep 5", "5", 26, "same days"),
        ("FREQ=HOURLY", "FREQ=HOURLY", 1, "not supported"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "BYMONTHDAY=32", 14, "found \"32\""),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY=0", 14, "found \"0\""),
        ("FREQ=YEARLY;BYMONTH=13", "BYMONTH=13", 13, "1 to 12"),
        ("FREQ=WEEKLY;BYDAY=XX", "BYDAY=XX", 13, "found \"XX\""),
        ("FREQ=MONTHLY;BYDAY=MO,2TU", "BYDAY=MO,2TU", 14, "mixing"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL=0", 12, "interval must be at least 1, found \"0\""),
        ("FREQ=DAILY;COUNT=0", "COUNT=0", 12, "at least 1"),
        ("FREQ=DAILY;UNTIL=2026-12-30", "UNTIL=2026-12-30", 12, "20261230"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20261230", "UNTIL=20261230", 20, "not both"),
        ("RRULE:FREQ=WEEKLY;WKST=XX", "WKST=XX", 19, "WKST must be a weekday"),
        ("FREQ=WEEKLY;BYSETPOS=0", "BYSETPOS=0", 13, "found \"0\""),
        ("FREQ=YEARLY;BYWEEKNO=54", "BYWEEKNO=54", 13, "found \"54\""),
        ("FREQ=YEARLY;BYYEARDAY=367", "BYYEARDAY=367", 13, "found \"367\""),
        ("FREQ=DAILY;BYHOUR=9", "BYHOUR", 12, "whole days"),
        ("FREQ=WEEKLY;FOO=1", "FOO", 13, "unknown"),
        ("FREQ=WEEKLY;FREQ=DAILY", "FREQ=DAILY", 13, "twice"),
        ("INTERVAL=2", "INTERVAL=2", 1, "FREQ"),
        ("FREQ=DAILY;BYDAY", "BYDAY", 12, "KEY=VALUE"),
    ]

    func testErrorsPointAtTheWord() {
        for (text, word, column, message) in Self.errors {
            do {
                let rule = try RecurrenceRule.parse(text)
                XCTFail("\(text) parsed as \(rule)")
            } catch {
                XCTAssertEqual(error.offendingWord, word, text)
                XCTAssertEqual(error.column, column, text)
                XCTAssertTrue(error.message.contains(message), "\(text): \(error.message)")
            }
        }
    }

    func testErrorColumnCountsCharactersOfTheInput() {
        XCTAssertThrowsError(try RecurrenceRule.parse("  évery day")) { error in
            let e = error as! RecurrenceError
            XCTAssertEqual(e.offendingWord, "évery")
            XCTAssertEqual(e.column, 3)
            XCTAssertNotNil(e.errorDescription)
        }
    }
}
