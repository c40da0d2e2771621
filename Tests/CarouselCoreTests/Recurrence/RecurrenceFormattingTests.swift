import XCTest
@testable import CarouselCore

final class RecurrenceFormattingTests: XCTestCase {
    /// (input, normalized, rrule, summary)
    static let formats: [(String, String, String, String)] = [
        ("daily", "every day", "FREQ=DAILY", "Every day"),
        ("every weekday", "every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"),
        ("every weekend", "every weekend", "FREQ=WEEKLY;BYDAY=SA,SU", "Every weekend"),
        ("every 3 days", "every 3 days", "FREQ=DAILY;INTERVAL=3", "Every 3 days"),
        ("weekly", "every week", "FREQ=WEEKLY", "Every week"),
        ("every monday", "every week on mon", "FREQ=WEEKLY;BYDAY=MO", "Every Monday"),
        ("every fri, mon, wed", "every week on mon, wed, fri", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "Every Mon, Wed & Fri"),
        ("Every 2 Weeks on Tuesday and Thursday until 2026-12-30", "every 2 weeks on tue, thu until 2026-12-30",
         "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20261230", "Every 2 weeks on Tue & Thu, until 30 Dec 2026"),
        ("monthly", "every month", "FREQ=MONTHLY", "Every month"),
        ("every month on the 15th", "every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15", "Every month on the 15th"),
        ("every month on the 1st and 15th", "every month on the 1st, 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15",
         "Every month on the 1st & 15th"),
        ("every month on the last day", "every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1",
         "Every month on the last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=-2,1", "every month on the 1st, 2nd last day", "FREQ=MONTHLY;BYMONTHDAY=1,-2",
         "Every month on the 1st & 2nd-to-last day"),
        ("every month on the last friday", "every month on the last fri", "FREQ=MONTHLY;BYDAY=-1FR",
         "Every month on the last Friday"),
        ("every month on the 2nd tuesday", "every month on the 2nd tue", "FREQ=MONTHLY;BYDAY=2TU",
         "Every month on the 2nd Tuesday"),
        ("FREQ=MONTHLY;BYDAY=3MO,1MO", "every month on the 1st mon, 3rd mon", "FREQ=MONTHLY;BYDAY=1MO,3MO",
         "Every month on the 1st & 3rd Monday"),
        ("FREQ=MONTHLY;BYDAY=-2FR,2TU", "every month on the 2nd tue, 2nd last fri", "FREQ=MONTHLY;BYDAY=2TU,-2FR",
         "Every month on the 2nd Tuesday & 2nd-to-last Friday"),
        ("every month on friday the 13th", "every month on fri the 13th", "FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR",
         "Every month on Fri the 13th"),
        ("every 3 months on the 31st", "every 3 months on the 31st", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=31",
         "Every 3 months on the 31st"),
        ("yearly", "every year", "FREQ=YEARLY", "Every year"),
        ("every year on march 3", "every year on mar 3", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3", "Every year on 3 Mar"),
        ("every year on the last friday of november", "every year on the last fri in nov",
         "FREQ=YEARLY;BYMONTH=11;BYDAY=-1FR", "Every year on the last Friday in Nov"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "every year on the last day in feb",
         "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "Every year on the last day in Feb"),
        ("FREQ=YEARLY;BYMONTH=9,3;BYMONTHDAY=15,1", "every year on the 1st, 15th in mar, sep",
         "FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1,15", "Every year on the 1st & 15th in Mar & Sep"),
        ("every day 10 times", "every day for 10 times", "FREQ=DAILY;COUNT=10", "Every day, 10 times"),
        ("FREQ=DAILY;COUNT=1", "every day for 1 time", "FREQ=DAILY;COUNT=1", "Every day, once"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "every day on mon, tue, wed, thu, fri",
         "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "Every weekday"),
        ("every weekday in dec", "every weekday in dec", "FREQ=WEEKLY;BYMONTH=12;BYDAY=MO,TU,WE,TH,FR",
         "Every weekday in Dec"),
        ("3 days after done", "3 days after done", "FREQ=DAILY;INTERVAL=3", "3 days after done"),
        ("every week after done", "1 week after done", "FREQ=WEEKLY", "1 week after done"),
        ("3 days after done until 2026-12-30", "3 days after done until 2026-12-30", "FREQ=DAILY;INTERVAL=3",
         "3 days after done, until 30 Dec 2026"),
        ("2 days after done for 5 times", "2 days after done for 5 times", "FREQ=DAILY;INTERVAL=2", "2 days after done, 5 times"),
        ("every month on the last weekday", "every month on the last weekday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
         "Every month on the last weekday"),
        ("every month on the first and last weekday", "every month on the 1st, last weekday",
         "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1", "Every month on the 1st & last weekday"),
        ("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1", "every month on the 1st weekend day", "FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1",
         "Every month on the 1st weekend day"),
        ("every 2 weeks on sun, tue (weeks start sunday)", "every 2 weeks on tue, sun (weeks start sunday)",
         "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", "Every 2 weeks on Tue & Sun (weeks start Sunday)"),
        ("every year in week 27 on monday", "every year on mon in week 27", "FREQ=YEARLY;BYWEEKNO=27;BYDAY=MO",
         "Every year in week 27 on Monday"),
        ("every year on day 256", "every year on day 256", "FREQ=YEARLY;BYYEARDAY=256", "Every year on day 256"),
        ("every year on days 1 and -1 for 4 times", "every year on day 1, -1 for 4 times", "FREQ=YEARLY;BYYEARDAY=1,-1;COUNT=4",
         "Every year on day 1 & -1, 4 times"),
        ("FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1", "FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1", "FREQ=MONTHLY;BYDAY=MO,FR;BYSETPOS=1",
         "Every month on Mon & Fri, only the 1st of each month"),
    ]

    func testNormalizedRRuleAndSummary() throws {
        for (text, normalized, rrule, summary) in Self.formats {
            let rule = try RecurrenceRule.parse(text)
            XCTAssertEqual(rule.normalized, normalized, text)
            XCTAssertEqual(rule.rrule, rrule, text)
            XCTAssertEqual(rule.summary, summary, text)
        }
    }

    /// Every rule read anywhere in the tests writes out to text that reads back as the same rule.
    func testRoundTrips() throws {
        var inputs = Self.formats.map(\.0)
        inputs += RecurrenceParsingTests.human.map(\.0)
        inputs += RecurrenceExpansionTests.table.map(\.0)
        inputs += ["FREQ=WEEKLY;BYMONTHDAY=13;BYDAY=FR", "FREQ=MONTHLY;BYMONTH=1;BYMONTHDAY=13;BYDAY=-1FR",
                   "FREQ=YEARLY;BYDAY=MO", "FREQ=YEARLY;BYDAY=-53SU,20MO", "FREQ=DAILY;BYMONTH=12;BYMONTHDAY=24,-1",
                   "FREQ=YEARLY;INTERVAL=2;BYMONTH=6;BYDAY=1SA,-1SA;UNTIL=20300101",
                   "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU", "FREQ=MONTHLY;BYMONTHDAY=-31,31",
                   "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2,3;UNTIL=20300101;WKST=TH",
                   "FREQ=YEARLY;INTERVAL=2;BYMONTH=3;BYWEEKNO=-1,10;BYDAY=SA,SU;BYSETPOS=-1",
                   "FREQ=DAILY;BYYEARDAY=-366,100;BYMONTH=4", "FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO;WKST=SU",
                   "FREQ=YEARLY;BYYEARDAY=5;BYMONTHDAY=5", "FREQ=WEEKLY;BYDAY=MO;BYSETPOS=1"]
        for text in inputs {
            let rule = try RecurrenceRule.parse(text)
            XCTAssertEqual(try RecurrenceRule.parse(rule.normalized), rule, "\(text) → \(rule.normalized)")
            if !rule.afterCompletion {
                XCTAssertEqual(try RecurrenceRule.parse(rule.rrule), rule, "\(text) → \(rule.rrule)")
                XCTAssertEqual(try RecurrenceRule.parse("RRULE:" + rule.rrule), rule, text)
            }
        }
    }

    func testInitPutsListsInCanonicalOrder() {
        let a = RecurrenceRule(frequency: .monthly, byDay: [.init(ordinal: -1, weekday: 5), .init(ordinal: 2, weekday: 2)],
                               byMonthDay: [-1, 15, 1, 15], byMonth: [7, 1])
        XCTAssertEqual(a.byDay, [.init(ordinal: 2, weekday: 2), .init(ordinal: -1, weekday: 5)])
        XCTAssertEqual(a.byMonthDay, [1, 15, -1])
        XCTAssertEqual(a.byMonth, [1, 7])
        XCTAssertEqual(a.interval, 1)
        XCTAssertEqual(a.end, .never)
        XCTAssertFalse(a.afterCompletion)
    }
}
