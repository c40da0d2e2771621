@testable import CarouselCore
import XCTest

/// The shared date reader, each case on a pinned "today".
final class DateWordsTests: XCTestCase {
    /// The day `text` names on `today`, as ISO text (nil when it is not a date).
    func day(_ text: String, on today: String, weekStart: Int = 1) -> String? {
        DateWords(today: Day(iso: today)!, weekStart: weekStart).read(text)?.value.day.iso
    }

    func testEveryWeekdayOfOneWeekWithMondayStart() {
        // 2026-11-23 is a Monday; the week runs to Sunday 29.
        let days = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]
        let nextFriday = ["2026-11-27", "2026-11-27", "2026-11-27", "2026-11-27", "2026-12-04", "2026-12-04", "2026-12-04"]
        let nextMonday = ["2026-11-30", "2026-11-30", "2026-11-30", "2026-11-30", "2026-11-30", "2026-11-30", "2026-11-30"]
        for (i, today) in days.enumerated() {
            XCTAssertEqual(day("eow", on: today), "2026-11-29", today)
            XCTAssertEqual(day("sow", on: today), "2026-11-23", today)
            XCTAssertEqual(day("friday", on: today), nextFriday[i], today)
            XCTAssertEqual(day("fri", on: today), nextFriday[i], today)
            XCTAssertEqual(day("monday", on: today), nextMonday[i], today)
            XCTAssertEqual(day("next week", on: today), "2026-11-30", today)
            XCTAssertEqual(day("today", on: today), today)
        }
        XCTAssertEqual(day("this friday", on: "2026-11-27"), "2026-11-27")
        XCTAssertEqual(day("next friday", on: "2026-11-27"), "2026-12-04")
    }

    func testWeekStartSundayMovesTheWeek() {
        // Monday 23 to Saturday 28 lie in the week Sunday 22 – Saturday 28.
        for today in ["2026-11-23", "2026-11-25", "2026-11-28"] {
            XCTAssertEqual(day("sow", on: today, weekStart: 7), "2026-11-22", today)
            XCTAssertEqual(day("eow", on: today, weekStart: 7), "2026-11-28", today)
            XCTAssertEqual(day("next week", on: today, weekStart: 7), "2026-11-29", today)
        }
        // Sunday 29 starts a new week with a Sunday start, but ends the week with a Monday start.
        XCTAssertEqual(day("sow", on: "2026-11-29", weekStart: 7), "2026-11-29")
        XCTAssertEqual(day("eow", on: "2026-11-29", weekStart: 7), "2026-12-05")
        XCTAssertEqual(day("next week", on: "2026-11-29", weekStart: 7), "2026-12-06")
        XCTAssertEqual(day("eow", on: "2026-11-29", weekStart: 1), "2026-11-29")
        XCTAssertEqual(day("sow", on: "2026-11-29", weekStart: 1), "2026-11-23")
    }

    func testMonthEnds() {
        // 2026-01-31 is a Saturday.
        XCTAssertEqual(day("eom", on: "2026-01-31"), "2026-01-31")
        XCTAssertEqual(day("som", on: "2026-01-31"), "2026-01-01")
        XCTAssertEqual(day("tomorrow", on: "2026-01-31"), "2026-02-01")
        XCTAssertEqual(day("today+1", on: "2026-01-31"), "2026-02-01")
        XCTAssertEqual(day("next month", on: "2026-01-31"), "2026-02-01")
        XCTAssertEqual(day("in 1 month", on: "2026-01-31"), "2026-02-28")
        XCTAssertEqual(day("eow", on: "2026-01-31"), "2026-02-01")
        XCTAssertEqual(day("sow", on: "2026-01-31"), "2026-01-26")
        // 2026-04-30 is a Thursday.
        XCTAssertEqual(day("eom", on: "2026-04-30"), "2026-04-30")
        XCTAssertEqual(day("in 2 weeks", on: "2026-04-30"), "2026-05-14")
        XCTAssertEqual(day("eoq", on: "2026-04-30"), "2026-06-30")
        XCTAssertEqual(day("soq", on: "2026-04-30"), "2026-04-01")
        XCTAssertEqual(day("eom", on: "2026-11-23"), "2026-11-30")
        XCTAssertEqual(day("eom-1", on: "2026-11-23"), "2026-11-29")
        XCTAssertEqual(day("end of month", on: "2026-11-23"), "2026-11-30")
        XCTAssertEqual(day("eom", on: "2027-02-10"), "2027-02-28")
    }

    func testYearEnd() {
        // 2026-12-31 is a Thursday.
        XCTAssertEqual(day("tomorrow", on: "2026-12-31"), "2027-01-01")
        XCTAssertEqual(day("eoy", on: "2026-12-31"), "2026-12-31")
        XCTAssertEqual(day("soy", on: "2026-12-31"), "2026-01-01")
        XCTAssertEqual(day("eom", on: "2026-12-31"), "2026-12-31")
        XCTAssertEqual(day("next month", on: "2026-12-31"), "2027-01-01")
        XCTAssertEqual(day("eow", on: "2026-12-31"), "2027-01-03")
        XCTAssertEqual(day("in 2 weeks", on: "2026-12-31"), "2027-01-14")
        XCTAssertEqual(day("in 3 days", on: "2026-12-31"), "2027-01-03")
        XCTAssertEqual(day("today+3", on: "2026-12-31"), "2027-01-03")
        XCTAssertEqual(day("friday", on: "2026-12-31"), "2027-01-01")
        XCTAssertEqual(day("jan 2", on: "2026-12-31"), "2027-01-02")
    }

    func testLeapDay() {
        // 2028-02-29 is a Tuesday.
        XCTAssertEqual(day("eom", on: "2028-02-29"), "2028-02-29")
        XCTAssertEqual(day("eom", on: "2028-02-10"), "2028-02-29")
        XCTAssertEqual(day("tomorrow", on: "2028-02-29"), "2028-03-01")
        XCTAssertEqual(day("yesterday", on: "2028-02-29"), "2028-02-28")
        XCTAssertEqual(day("today-1", on: "2028-02-29"), "2028-02-28")
        XCTAssertEqual(day("in 1 year", on: "2028-02-29"), "2029-02-28")
        XCTAssertEqual(day("next month", on: "2028-02-29"), "2028-03-01")
        XCTAssertEqual(day("som", on: "2028-02-29"), "2028-02-01")
        XCTAssertEqual(day("sow", on: "2028-02-29"), "2028-02-28")
        XCTAssertEqual(day("eow", on: "2028-02-29"), "2028-03-05")
        XCTAssertEqual(day("sow", on: "2028-02-29", weekStart: 7), "2028-02-27")
        XCTAssertEqual(day("eow", on: "2028-02-29", weekStart: 7), "2028-03-04")
        XCTAssertEqual(day("tuesday", on: "2028-02-29"), "2028-03-07")
        // 29 Feb waits for the next leap year.
        XCTAssertEqual(day("feb 29", on: "2026-11-23"), "2028-02-29")
    }

    func testArithmeticIsoAndOldForms() {
        XCTAssertEqual(day("2026-12-05", on: "2026-11-23"), "2026-12-05")
        XCTAssertEqual(day("+3d", on: "2026-11-23"), "2026-11-26")
        XCTAssertEqual(day("+2w", on: "2026-11-23"), "2026-12-07")
        XCTAssertEqual(day("-1d", on: "2026-11-23"), "2026-11-22")
        XCTAssertEqual(day("today+2w", on: "2026-11-23"), "2026-12-07")
        XCTAssertEqual(day("sow+2", on: "2026-11-25"), "2026-11-25")
        XCTAssertEqual(day("in a week", on: "2026-11-23"), "2026-11-30")
        XCTAssertEqual(day("on dec 5", on: "2026-11-23"), "2026-12-05")
        XCTAssertEqual(day("5 december", on: "2026-11-23"), "2026-12-05")
        XCTAssertEqual(day("23rd", on: "2026-11-24"), "2026-12-23")
    }

    func testDatesPeopleType() {
        // Monday 23 November 2026.
        let cases: [(String, String)] = [
            ("dec 5", "2026-12-05"), ("5 dec", "2026-12-05"), ("december 5th", "2026-12-05"), ("5th of december", "2026-12-05"),
            ("sept 3", "2027-09-03"), ("3/14", "2027-03-14"), ("12/1", "2026-12-01"), ("11/23", "2026-11-23"),
            ("3/14/2027", "2027-03-14"), ("on 3/14", "2027-03-14"), ("the 14th", "2026-12-14"), ("the 30th", "2026-11-30"),
            ("on the 1st", "2026-12-01"), ("2/29", "2028-02-29"),
        ]
        for (text, iso) in cases { XCTAssertEqual(day(text, on: "2026-11-23"), iso, text) }
        // `date_order: dmy` reads 3/4 as 3 April.
        let dmy = DateWords(today: Day(iso: "2026-11-23")!, dayFirst: true)
        XCTAssertEqual(dmy.read("3/4")?.value.day.iso, "2027-04-03")
        XCTAssertEqual(dmy.read("14/3")?.value.day.iso, "2027-03-14")
        // A date that reads only one way is read that way, whichever order is set.
        XCTAssertEqual(dmy.read("3/14")?.value.day.iso, "2027-03-14")
        XCTAssertEqual(DateWords(today: Day(iso: "2026-11-23")!).read("3/4")?.value.day.iso, "2027-03-04")
        XCTAssertEqual(DateWords(today: Day(iso: "2026-11-23")!).read("25/12")?.value.day.iso, "2026-12-25")
        XCTAssertEqual(DateWords(today: Day(iso: "2026-11-23")!).read("13/1")?.value.day.iso, "2027-01-13")
        XCTAssertEqual(DateWords(today: Day(iso: "2026-11-23")!).read("25/12/2027")?.value.day.iso, "2027-12-25")
        // Words that start like a month are not one; a month must be a real date.
        for text in ["5 decorations", "mayo 3", "13/13", "2/30", "3/14/27", "the 14", "the 32nd", "1/2/3"] {
            XCTAssertNil(day(text, on: "2026-11-23"), text)
        }
    }

    func testWhatIsNotADate() {
        for text in ["blah", "in a while", "+3", "25:00", "2026-02-30", "next", "in 3 parsecs", "friday blah", ""] {
            XCTAssertNil(day(text, on: "2026-11-23"), text)
        }
    }

    func testTimesAreSpokenAndIsoTimesAreNot() {
        let words = DateWords(today: Day(iso: "2026-11-23")!)
        func minutes(_ text: String) -> Int? { words.read(text)?.value.minutes }
        XCTAssertEqual(minutes("3pm"), 15 * 60)
        XCTAssertEqual(minutes("3:30pm"), 15 * 60 + 30)
        XCTAssertEqual(minutes("at 9"), 9 * 60)
        XCTAssertEqual(minutes("at 9am"), 9 * 60)
        XCTAssertEqual(minutes("15:30"), 15 * 60 + 30)
        XCTAssertEqual(minutes("12am"), 0)
        XCTAssertEqual(minutes("12pm"), 12 * 60)
        XCTAssertEqual(minutes("noon"), 12 * 60)
        XCTAssertNil(minutes("13pm"))
        let spoken = words.read("fri 3pm")
        XCTAssertEqual(spoken?.value.day.iso, "2026-11-27")
        XCTAssertEqual(spoken?.spokenTime, true)
        XCTAssertEqual(words.read("3pm")?.value.day.iso, "2026-11-23")
        let iso = words.read("2026-12-01T09:00")
        XCTAssertEqual(iso?.value.minutes, 9 * 60)
        XCTAssertEqual(iso?.spokenTime, false)
    }

    func testQuickCaptureReadsTheSameWordsAndLeavesTheRest() {
        let monday = Day(iso: "2026-11-23")!
        let c = QuickCapture.parse("Call Mum at 3pm tomorrow #family", today: monday)
        XCTAssertEqual(c.title, "Call Mum")
        XCTAssertEqual(c.due?.iso, "2026-11-24")
        XCTAssertEqual(c.time, 15 * 60)
        XCTAssertEqual(QuickCapture.parse("Pay rent eom", today: monday).due?.iso, "2026-11-30")
        XCTAssertEqual(QuickCapture.parse("Pay rent by eow", today: monday, weekStart: 7).due?.iso, "2026-11-28")
        XCTAssertEqual(QuickCapture.parse("Review today+3", today: monday).due?.iso, "2026-11-26")
        XCTAssertEqual(QuickCapture.parse("Plan in 2 weeks", today: monday).due?.iso, "2026-12-07")
        for title in ["Enjoy the sun", "Sat down with Sam", "Run 5k", "Meet at 5th avenue", "Print 3d model", "Call now", "Fix follow-up"] {
            let plain = QuickCapture.parse(title, today: monday)
            XCTAssertEqual(plain.title, title)
            XCTAssertNil(plain.due, title)
            XCTAssertNil(plain.time, title)
        }
    }
}
