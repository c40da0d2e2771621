@testable import CarouselCore
import XCTest

/// Lines typed the way Todoist, TaskNotes and Taskwarrior teach (their documented quick-add
/// syntax), each with what it must become. Typed on Monday 23 November 2026 at 08:00.
final class CaptureSyntaxTests: XCTestCase {
    let monday = Day(iso: "2026-11-23")!
    let eight = 8 * 60

    struct Row {
        var typed: String
        var title: String
        var due: String? = nil
        var time: String? = nil
        var importance: Int? = nil
        var tags: [String] = []
        var repeatRule: String? = nil
        /// The words the "Understood:" line names as kept in the title.
        var unread: [String] = []
    }

    let table: [Row] = [
        // Importance, as each tool writes it.
        Row(typed: "dentist fri 9:30 !high #health", title: "dentist", due: "2026-11-27", time: "09:30", importance: 5, tags: ["health"]),
        Row(typed: "Sort photos !medium", title: "Sort photos", importance: 3),
        Row(typed: "Dust the shelves !low", title: "Dust the shelves", importance: 1),
        Row(typed: "File taxes !5", title: "File taxes", importance: 5),
        Row(typed: "Submit report tomorrow at 5pm p1 #work", title: "Submit report", due: "2026-11-24", time: "17:00", importance: 5, tags: ["work"]),
        Row(typed: "Finish essay by friday p2", title: "Finish essay", due: "2026-11-27", importance: 4),
        Row(typed: "Call the bank p3", title: "Call the bank", importance: 3),
        Row(typed: "Tidy desk p4", title: "Tidy desk", importance: 1),
        Row(typed: "Review PR #123 tomorrow high priority @work", title: "Review PR #123", due: "2026-11-24", importance: 5, unread: ["#123"]),
        Row(typed: "Fix the sink low priority", title: "Fix the sink", importance: 1),
        Row(typed: "Prepare slides medium priority", title: "Prepare slides", importance: 3),
        Row(typed: "Pay bills due:eom priority:H +finance", title: "Pay bills", due: "2026-11-30", importance: 5, tags: ["finance"]),
        Row(typed: "Send report due:2026-12-01 priority:M", title: "Send report", due: "2026-12-01", importance: 3),
        Row(typed: "Clean gutters priority:L", title: "Clean gutters", importance: 1),
        // Markers not understood stay in the title, and are named; the rest of the line is read.
        Row(typed: "dentist fri 9:30 !urgent #health", title: "dentist !urgent", due: "2026-11-27", time: "09:30", tags: ["health"], unread: ["!urgent"]),
        Row(typed: "Buy milk p9", title: "Buy milk p9", unread: ["p9"]),
        Row(typed: "Call plumber !urgent tomorrow", title: "Call plumber !urgent", due: "2026-11-24", unread: ["!urgent"]),
        Row(typed: "Team meeting ~9 tomorrow", title: "Team meeting ~9", due: "2026-11-24", unread: ["~9"]),
        Row(typed: "Buy milk tomorrow !2 !4", title: "Buy milk !4", due: "2026-11-24", importance: 2, unread: ["!4"]),
        Row(typed: "Email boss !!", title: "Email boss !!"),
        // Days.
        Row(typed: "Dinner with Sam sat 7:30pm", title: "Dinner with Sam", due: "2026-11-28", time: "19:30"),
        Row(typed: "Laundry saturday", title: "Laundry", due: "2026-11-28"),
        Row(typed: "Take out recycling thu", title: "Take out recycling", due: "2026-11-26"),
        Row(typed: "Clean the garage this weekend", title: "Clean the garage", due: "2026-11-28"),
        Row(typed: "Visit grandma next weekend", title: "Visit grandma", due: "2026-12-05"),
        Row(typed: "Plan the trip next week", title: "Plan the trip", due: "2026-11-30"),
        Row(typed: "Renew insurance end of month", title: "Renew insurance", due: "2026-11-30"),
        Row(typed: "Call the dentist eod", title: "Call the dentist", due: "2026-11-23"),
        Row(typed: "Pay rent on the 15th", title: "Pay rent", due: "2026-12-15"),
        Row(typed: "Book the venue 3 december", title: "Book the venue", due: "2026-12-03"),
        Row(typed: "Send cards dec 3", title: "Send cards", due: "2026-12-03"),
        Row(typed: "Wrap presents 12/24", title: "Wrap presents", due: "2026-12-24"),
        Row(typed: "Plan party 12/5", title: "Plan party", due: "2026-12-05"),
        Row(typed: "File taxes 4/15/2027", title: "File taxes", due: "2027-04-15"),
        Row(typed: "Follow up in a week", title: "Follow up", due: "2026-11-30"),
        Row(typed: "Pay invoice in 2 weeks", title: "Pay invoice", due: "2026-12-07"),
        Row(typed: "Holiday shopping next month", title: "Holiday shopping", due: "2026-12-01"),
        Row(typed: "Learn Italian someday", title: "Learn Italian"),
        Row(typed: "Fix bike project:home due:tomorrow", title: "Fix bike", due: "2026-11-24"),
        Row(typed: "Water plants recur:weekly due:sat", title: "Water plants", due: "2026-11-28", repeatRule: "weekly"),
        // Times.
        Row(typed: "Run tomorrow morning", title: "Run", due: "2026-11-24", time: "09:00"),
        Row(typed: "Brunch with Alex sunday afternoon", title: "Brunch with Alex", due: "2026-11-29", time: "14:00"),
        Row(typed: "Read the new book tonight", title: "Read the new book", due: "2026-11-23", time: "20:00"),
        Row(typed: "Call Jo this evening", title: "Call Jo", due: "2026-11-23", time: "19:00"),
        Row(typed: "Movie night fri evening", title: "Movie night", due: "2026-11-27", time: "19:00"),
        Row(typed: "call mum at 5", title: "call mum", time: "17:00"),
        Row(typed: "Standup at 9", title: "Standup", time: "09:00"),
        Row(typed: "Call the bank tomorrow at 10am", title: "Call the bank", due: "2026-11-24", time: "10:00"),
        Row(typed: "Lunch with Kim 12:30", title: "Lunch with Kim", time: "12:30"),
        // Repeats.
        Row(typed: "Take vitamins daily", title: "Take vitamins", repeatRule: "daily"),
        Row(typed: "Review goals weekly #review", title: "Review goals", tags: ["review"], repeatRule: "weekly"),
        Row(typed: "Pay the bills monthly", title: "Pay the bills", repeatRule: "monthly"),
        Row(typed: "Renew the domain yearly", title: "Renew the domain", repeatRule: "yearly"),
        Row(typed: "Water plants every other week", title: "Water plants", repeatRule: "every other week"),
        Row(typed: "Change the filter every 3 months", title: "Change the filter", repeatRule: "every 3 months"),
        Row(typed: "Gym every mon, wed and fri at 7am", title: "Gym", time: "07:00", repeatRule: "every mon, wed and fri"),
        Row(typed: "gym mon wed fri 7am", title: "gym", time: "07:00", repeatRule: "every mon, wed, fri"),
        Row(typed: "Yoga tue and thu 6pm", title: "Yoga", time: "18:00", repeatRule: "every tue, thu"),
        Row(typed: "Pay rent every month on the last day", title: "Pay rent", repeatRule: "every month on the last day"),
        Row(typed: "Bins every tuesday #home", title: "Bins", tags: ["home"], repeatRule: "every tuesday"),
        Row(typed: "Meds every day at 8am !5", title: "Meds", time: "08:00", importance: 5, repeatRule: "every day"),
        // Titles with date words inside stay whole.
        Row(typed: "Weekly review of the budget", title: "Weekly review of the budget"),
        Row(typed: "Watch Friday Night Lights", title: "Watch Friday Night Lights"),
        Row(typed: "Weekend plans with Sam", title: "Weekend plans with Sam"),
        Row(typed: "Plan the morning routine", title: "Plan the morning routine"),
        Row(typed: "Put the basil in the sun", title: "Put the basil in the sun"),
        Row(typed: "Catch the 3pm train home", title: "Catch the 3pm train home"),
    ]

    func clock(_ m: Int?) -> String? { m.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) } }

    func testEveryLineBecomesWhatItSays() {
        XCTAssertGreaterThanOrEqual(table.count, 60)
        for row in table {
            let c = QuickCapture.parse(row.typed, today: monday, now: eight)
            XCTAssertEqual(c.title, row.title, row.typed)
            XCTAssertEqual(c.due?.iso, row.due, row.typed)
            XCTAssertEqual(clock(c.time), row.time, row.typed)
            XCTAssertEqual(c.importance, row.importance, row.typed)
            XCTAssertEqual(c.tags, row.tags, row.typed)
            XCTAssertEqual(c.repeatRule, row.repeatRule, row.typed)
            XCTAssertEqual(c.unread.map(\.word), row.unread, row.typed)
            XCTAssertEqual(c.problems, [], row.typed)
        }
    }

    /// Each word kept in the title that looks like a marker is named with what would work.
    func testTheEchoNamesWhatWasLeftUnread() throws {
        let c = QuickCapture.parse("dentist fri 9:30 !urgent p9 #health", today: monday, now: eight)
        let card = Card(slug: "dentist", path: "cards/dentist.md", title: c.title)
        let line = try XCTUnwrap(c.understoodLine(card: card, typed: "dentist fri 9:30 !urgent p9 #health"))
        XCTAssertTrue(line.contains("kept in the title: !urgent (importance is !1–!5, !high, !medium, !low, p1–p4"), line)
        XCTAssertTrue(line.contains("kept in the title: p9 ("), line)
        XCTAssertTrue(line.contains("tag health"), line)
        let someday = QuickCapture.parse("Learn Italian someday", today: monday)
        XCTAssertTrue(someday.someday)
        XCTAssertEqual(someday.understood(card: Card(slug: "learn", path: "cards/learn.md", title: someday.title), typed: "Learn Italian someday"),
                       ["title \"Learn Italian\"", "no date (someday)"])
    }

    /// `at 5` is the next 5 o'clock: 05:00 before dawn, 17:00 once the morning one is past, and
    /// tomorrow's 05:00 once both are (typed at 21:23, it was 05:00 that morning, already gone).
    func testAtFiveIsTheNextFiveOClock() {
        let early = QuickCapture.parse("call mum at 5", today: monday, now: 4 * 60)
        XCTAssertEqual(clock(early.time), "05:00")
        XCTAssertNil(early.due)
        let day = QuickCapture.parse("call mum at 5", today: monday, now: 10 * 60)
        XCTAssertEqual(clock(day.time), "17:00")
        let late = QuickCapture.parse("call mum at 5", today: monday, now: 21 * 60 + 23)
        XCTAssertEqual(clock(late.time), "05:00")
        XCTAssertEqual(late.due?.iso, "2026-11-24")
        // Another day, or a clock time, is as typed.
        XCTAssertEqual(clock(QuickCapture.parse("call mum tomorrow at 5", today: monday, now: 21 * 60).time), "05:00")
        XCTAssertEqual(clock(QuickCapture.parse("call mum at 5am", today: monday, now: 21 * 60).time), "05:00")
        // Without the time of day (a pinned day only), as typed.
        XCTAssertEqual(clock(QuickCapture.parse("call mum at 5", today: monday).time), "05:00")
    }

    /// Markers after `first:` are the card's, not the step's.
    func testMarkersAfterTheFirstStepAreTheCards() {
        let c = QuickCapture.parse("Write the report fri first: open the laptop ~3 !4", today: monday)
        XCTAssertEqual(c.title, "Write the report")
        XCTAssertEqual(c.firstStep, "open the laptop")
        XCTAssertEqual(c.spoons, 3)
        XCTAssertEqual(c.importance, 4)
        XCTAssertEqual(c.due?.iso, "2026-11-27")
    }
}
