@testable import CarouselCore
import XCTest

final class ProgressViewTests: XCTestCase {
    func d(_ s: String) -> Day { Day(iso: s)! }

    func testXPFromHabitsTasksDaysReflectionsAndFocus() {
        let habits = HabitsViewTests.week
        var report = Card(slug: "report", path: "cards/report.md", title: "Report")
        report.done = DateValue(text: "2026-11-20T10:00")
        var stretch = Card(slug: "stretch", path: "cards/stretch.md", title: "Stretch")
        stretch.repeatRule = "every day"
        stretch.completed = [d("2026-11-21"), d("2026-11-22")]
        var idea = Card(slug: "idea", path: "cards/idea.md", title: "Idea")
        idea.kind = .idea
        idea.done = DateValue(text: "2026-11-20")
        var future = Card(slug: "later", path: "cards/later.md", title: "Later")
        future.done = DateValue(text: "2026-11-30")
        let journal = [d("2026-11-22"): JournalActivity(reflections: 1, focusMinutes: [30, 10, 25])]

        let view = ProgressView.make(cards: [report, stretch, idea, future], habits: habits, journal: journal,
                                     today: d("2026-11-22"), weeks: 2)
        let week = view.thisWeek
        XCTAssertEqual(week.start, d("2026-11-16"))
        XCTAssertEqual(week.habitCompletions, 10)  // a: 5, b: 3, c: 2
        XCTAssertEqual(week.taskCompletions, 3)    // the report, two stretches; ideas and the future don't count
        XCTAssertEqual(week.qualifyingDays, 5)
        XCTAssertEqual(week.reflections, 1)
        XCTAssertEqual(week.focusSessions, 2)      // 30 and 25 minutes; 10 is too short
        XCTAssertEqual(week.xp, 130 + 250 + 10 + 40)
        XCTAssertEqual(view.total, 430)
        XCTAssertEqual(view.weeks.map(\.start), [d("2026-11-09"), d("2026-11-16")])
        XCTAssertEqual(view.weeks[0].xp, 0)
        // Weeks start on Monday: Monday the 23rd begins a new, empty week.
        let next = ProgressView.make(cards: [report], habits: [], journal: [:], today: d("2026-11-23"))
        XCTAssertEqual(next.thisWeek.start, d("2026-11-23"))
        XCTAssertEqual(next.thisWeek.xp, 0)
        XCTAssertEqual(next.weeks.count, 8)
    }

    func testWeeklyTargetEarnsOnceWhenReached() {
        let steps = HabitsViewTests.habit("steps", ["2026-11-16": "6000", "2026-11-18": "5000", "2026-11-20": "3000"],
                                          repeat: "every week on mon, wed, fri", target: 10000, period: .week)
        XCTAssertFalse(ProgressView.completionDay(steps, d("2026-11-16")))
        XCTAssertTrue(ProgressView.completionDay(steps, d("2026-11-18")))
        XCTAssertFalse(ProgressView.completionDay(steps, d("2026-11-20")))
    }

    func testJournalKeys() throws {
        let doc = try FrontMatterDocument(text: "---\nreflection: A good day.\nreflections: [one, two]\nfocus:\n  - 25\n  - minutes: 40\n  - 5\n---\n")
        let a = JournalActivity.read(try FrontMatterFields(document: doc))
        XCTAssertEqual(a, JournalActivity(reflections: 3, focusMinutes: [25, 40, 5]))
    }
}
