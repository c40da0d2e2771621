@testable import CarouselCore
import XCTest

final class QuickCaptureTests: XCTestCase {
    let monday = Day(iso: "2026-11-23")!

    func testMustShowExample() {
        let c = QuickCapture.parse("Call Mum tomorrow #family !4 ~1", today: monday)
        XCTAssertEqual(c.title, "Call Mum")
        XCTAssertEqual(c.due, Day(iso: "2026-11-24"))
        XCTAssertEqual(c.tags, ["family"])
        XCTAssertEqual(c.importance, 4)
        XCTAssertEqual(c.spoons, 1)
        XCTAssertNil(c.category)
        XCTAssertNil(c.repeatRule)
    }

    func testDatePhrases() {
        func due(_ text: String) -> String? { QuickCapture.parse(text, today: monday).due?.iso }
        XCTAssertEqual(due("x today"), "2026-11-23")
        XCTAssertEqual(due("x friday"), "2026-11-27")
        XCTAssertEqual(due("x monday"), "2026-11-30")
        XCTAssertEqual(due("x next week"), "2026-11-30")
        XCTAssertEqual(due("x in 3 days"), "2026-11-26")
        XCTAssertEqual(due("x in 2 weeks"), "2026-12-07")
        XCTAssertEqual(due("x on dec 5"), "2026-12-05")
        XCTAssertEqual(due("x on 5 december"), "2026-12-05")
        XCTAssertEqual(due("x on jan 2"), "2027-01-02")
        XCTAssertEqual(due("x 2026-12-05"), "2026-12-05")
        XCTAssertEqual(due("x due friday"), "2026-11-27")
        XCTAssertEqual(QuickCapture.parse("Pay bills by friday", today: monday).title, "Pay bills")
    }

    func testCategoryRepeatAndOrder() {
        let c = QuickCapture.parse("Water plants every 2 weeks on sat #home @personal", today: monday)
        XCTAssertEqual(c.title, "Water plants")
        XCTAssertEqual(c.repeatRule, "every 2 weeks on sat")
        XCTAssertEqual(c.category, "personal")
        XCTAssertEqual(c.tags, ["home"])
    }

    func testWhatIsNotUnderstoodStaysInTheTitle() {
        let c = QuickCapture.parse("Email #42 ! ~9 every so often in a while", today: monday)
        XCTAssertEqual(c.title, "Email #42 ! ~9 every so often in a while", "a number is not a tag, as in Obsidian")
        XCTAssertEqual(c.tags, [])
        XCTAssertNil(c.due)
        XCTAssertNil(c.repeatRule)
    }

    /// A day inside a title, or after "to", is what the task is about: the title keeps both.
    func testDaysInsideATitleStayInIt() {
        let c = QuickCapture.parse("Move tuesday meeting to friday", today: monday)
        XCTAssertNil(c.due)
        XCTAssertEqual(c.title, "Move tuesday meeting to friday")
        let d = QuickCapture.parse("Move tuesday meeting to friday by wednesday", today: monday)
        XCTAssertEqual(d.due, Day(iso: "2026-11-25"))
        XCTAssertEqual(d.title, "Move tuesday meeting to friday")
    }

    func testIconsMatchWholeWordsFirst() {
        XCTAssertEqual(Icons.pick(for: "Call Mum"), "📞")
        XCTAssertEqual(Icons.pick(for: "Recall the plan"), nil)
        XCTAssertEqual(Icons.pick(for: "Buy carrots"), nil)
        XCTAssertEqual(Icons.pick(for: "Go running"), "🏃")
        XCTAssertEqual(Icons.pick(for: "Gym then coffee"), "🏋️")
    }
}

final class QuickCaptureMarkersOnlyTests: XCTestCase {
    func testWithOtherFlagsOnlyMarkersAreRead() {
        let c = QuickCapture.parse("In today every day #x !3", today: Day(iso: "2026-11-23")!, words: false)
        XCTAssertEqual(c.title, "In today every day")
        XCTAssertNil(c.due)
        XCTAssertNil(c.repeatRule)
        XCTAssertEqual(c.tags, ["x"])
        XCTAssertEqual(c.importance, 3)
    }

    let monday = Day(iso: "2026-11-23")!

    /// Taskwarrior's words: `due:`, `+tag`, `project:`, `priority:`, `recur:`; the keys of
    /// `list`'s filters. A value that cannot be read is a problem, not part of the title.
    func testTaskwarriorFieldWords() {
        let c = QuickCapture.parse("Pay rent due:eom +money project:home priority:H recur:monthly", today: monday)
        XCTAssertEqual(c.title, "Pay rent")
        XCTAssertEqual(c.due?.iso, "2026-11-30")
        XCTAssertEqual(c.tags, ["money"])
        XCTAssertEqual(c.category, "home")
        XCTAssertEqual(c.importance, 5)
        XCTAssertEqual(c.repeatRule, "monthly")
        XCTAssertEqual(c.problems, [])
        // A value may go on in the next words; a field word ends an `every` rule as a marker does.
        let d = QuickCapture.parse("Call dentist due:next friday repeat:every 2 weeks on tue, thu kind:event +health", today: monday)
        XCTAssertEqual(d.title, "Call dentist")
        XCTAssertEqual(d.due?.iso, "2026-11-27")
        XCTAssertEqual(d.repeatRule, "every 2 weeks on tue, thu")
        XCTAssertEqual(d.kind, CardKind.event)
        XCTAssertEqual(d.tags, ["health"])
        let t = QuickCapture.parse("Meeting re:budget due:2026-12-01T09:30 tags:work,money spoons:2 importance:3 remind:30m parent:q4", today: monday)
        XCTAssertEqual(t.title, "Meeting re:budget", "an unknown key stays in the title")
        XCTAssertEqual(t.due?.iso, "2026-12-01")
        XCTAssertEqual(t.time, 9 * 60 + 30)
        XCTAssertEqual(t.tags, ["work", "money"])
        XCTAssertEqual(t.spoons, 2)
        XCTAssertEqual(t.importance, 3)
        XCTAssertEqual(t.remind, "30m")
        XCTAssertEqual(t.parent, "q4")
        // Field words are read even beside a field flag (`words: false`), as the markers are.
        XCTAssertEqual(QuickCapture.parse("In today due:friday", today: monday, words: false).title, "In today")
        XCTAssertEqual(QuickCapture.parse("In today due:friday", today: monday, words: false).due?.iso, "2026-11-27")
        // "+1", "C++", "Status:" and an empty value are titles.
        XCTAssertEqual(QuickCapture.parse("C++ notes +1 Status: due:", today: monday).title, "C++ notes +1 Status: due:")
        for bad in ["due:flarb", "spoons:9", "importance:0", "priority:X", "kind:chore", "recur:sometimes", "remind:soon", "tags:a,b!"] {
            let p = QuickCapture.parse("Thing \(bad)", today: monday)
            XCTAssertEqual(p.problems.count, 1, bad)
            XCTAssertTrue(p.problems.first?.hasPrefix(bad + " — expected") == true, "\(p.problems)")
            XCTAssertEqual(p.title, "Thing", bad)
        }
    }
}
