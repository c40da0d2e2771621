@testable import CarouselCore
import XCTest

final class CheckinViewTests: XCTestCase {
    let today = V.day("2026-11-23")

    func record(_ back: Int, planned: Int, done: Int, tasks: Int, tasksDone: Int) -> CheckinView.DayRecord {
        CheckinView.DayRecord(date: today.adding(days: -back), spoonsPlanned: planned, spoonsDone: done,
                              tasksPlanned: tasks, tasksDone: tasksDone)
    }

    func todayView(cards: Int, done: Int = 0, spoons: Int = 1) -> TodayView {
        let items = (0..<cards).map { i -> TodayView.Item in
            var c = V.card("c\(i)")
            c.spoons = spoons
            return TodayView.Item(card: c, done: i < done)
        }
        return TodayView(date: today, budget: 10, items: items)
    }

    func rule(_ history: [CheckinView.DayRecord], today view: TodayView, lastActive: Day? = nil) -> CheckinView.Rule {
        CheckinView.make(today: view, history: history, budget: 10, lastActiveBefore: lastActive).rule
    }

    func testOverBudget() {
        let history = (1...4).map { record($0, planned: 13, done: 10, tasks: 4, tasksDone: 3) }
        XCTAssertEqual(rule(history, today: todayView(cards: 3, done: 2, spoons: 4)), .overBudget)
        // Exactly budget × 1.2 on average is not above it.
        let edge = (1...4).map { record($0, planned: 12, done: 10, tasks: 4, tasksDone: 3) }
        XCTAssertEqual(rule(edge, today: todayView(cards: 3, done: 3, spoons: 4)), .fine)
    }

    func testLowCompletion() {
        let history = (1...4).map { record($0, planned: 8, done: 2, tasks: 4, tasksDone: 1) }
        XCTAssertEqual(rule(history, today: todayView(cards: 2, done: 0)), .lowCompletion)
    }

    func testWelcomeBack() {
        XCTAssertEqual(rule([record(3, planned: 5, done: 5, tasks: 2, tasksDone: 2)], today: todayView(cards: 0)), .welcomeBack)
        XCTAssertEqual(rule([], today: todayView(cards: 1), lastActive: V.day("2026-10-01")), .welcomeBack)
        // Two days ago is not "more than 2 days".
        XCTAssertEqual(rule([record(2, planned: 5, done: 5, tasks: 2, tasksDone: 2)], today: todayView(cards: 0)), .fine)
        // Never used: nothing to come back from.
        XCTAssertEqual(rule([], today: todayView(cards: 0)), .fine)
    }

    func testWeekStreak() {
        let history = (1...6).map { record($0, planned: 5, done: 4, tasks: 2, tasksDone: 2) }
        XCTAssertEqual(rule(history, today: todayView(cards: 2, done: 1)), .weekStreak)
        // Six days before today and nothing today yet: six in a row, not seven.
        XCTAssertEqual(rule(history, today: todayView(cards: 0)), .fine)
        let seven = (1...7).map { record($0, planned: 5, done: 4, tasks: 2, tasksDone: 2) }
        XCTAssertEqual(rule(seven, today: todayView(cards: 0)), .weekStreak)
    }

    func testBusyToday() {
        XCTAssertEqual(rule([], today: todayView(cards: 9, done: 4)), .busyToday)
        XCTAssertEqual(rule([], today: todayView(cards: 8, done: 4)), .fine)
    }

    func testDefaultAndPriority() {
        XCTAssertEqual(rule([record(1, planned: 6, done: 5, tasks: 3, tasksDone: 2)], today: todayView(cards: 2, done: 1)), .fine)
        // Over budget beats low completion, which beats busy today.
        let both = (1...4).map { record($0, planned: 15, done: 1, tasks: 5, tasksDone: 0) }
        XCTAssertEqual(rule(both, today: todayView(cards: 9, spoons: 2)), .overBudget)
        let low = (1...4).map { record($0, planned: 6, done: 1, tasks: 5, tasksDone: 0) }
        XCTAssertEqual(rule(low, today: todayView(cards: 9)), .lowCompletion)
    }

    func testWeekChartComesFromTheRecordsAndTodayFromTheCards() {
        let history = [record(1, planned: 7, done: 3, tasks: 3, tasksDone: 1), record(6, planned: 4, done: 4, tasks: 2, tasksDone: 2),
                       record(9, planned: 9, done: 9, tasks: 9, tasksDone: 9)]
        let view = CheckinView.make(today: todayView(cards: 2, done: 1, spoons: 2), history: history, budget: 10)
        XCTAssertEqual(view.week.map(\.date.iso).first, "2026-11-17")
        XCTAssertEqual(view.week.map(\.spoonsPlanned), [4, 0, 0, 0, 0, 7, 4])
        XCTAssertEqual(view.week.map(\.spoonsDone), [4, 0, 0, 0, 0, 3, 2])
        XCTAssertEqual(view.today.tasksPlanned, 2)
        XCTAssertEqual(view.today.tasksDone, 1)
    }

    func testGuardrailDays() {
        let started = V.day("2026-11-23")
        XCTAssertTrue(Settings.guardrailApplies(started: started, today: started))
        XCTAssertTrue(Settings.guardrailApplies(started: started, today: V.day("2026-11-25")))
        XCTAssertFalse(Settings.guardrailApplies(started: started, today: V.day("2026-11-26")))
        XCTAssertFalse(Settings.guardrailApplies(started: nil, today: started))
        XCTAssertFalse(Settings.guardrailApplies(started: started, today: V.day("2026-11-22")))
    }

    func testSettingsFileEditsOneLine() {
        let text = "# mine\nbudget: 10          # daily\nviews: [board]\ncategories:\n  work: red\n"
        var file = SettingsFile(text: text)
        file.set("budget", rendered: "12")
        XCTAssertEqual(file.text, "# mine\nbudget: 12          # daily\nviews: [board]\ncategories:\n  work: red\n")
        var bare = SettingsFile(text: "views: [board]\n")
        bare.set("budget", rendered: "7")
        XCTAssertEqual(bare.text, "views: [board]\nbudget: 7\n")
    }
}
