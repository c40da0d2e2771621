@testable import CarouselCore
import XCTest

/// The 40% rule, streaks, the heatmap and strength on a hand-built week (Mon 16 – Sun 22 Nov 2026).
final class HabitsViewTests: XCTestCase {
    static func habit(_ slug: String, _ log: [String: String], repeat rule: String = "every day",
                      target: Double = 1, period: HabitPeriod = .day, start: String = "2026-11-16") -> Habit {
        var h = Habit(slug: slug, path: "habits/\(slug).md", title: slug.capitalized)
        h.rule = try! RecurrenceRule.parse(rule)
        h.repeatText = rule
        h.target = target
        h.period = period
        h.start = Day(iso: start)
        for (d, v) in log { h.log[Day(iso: d)!] = HabitParser.entry(v)! }
        return h
    }

    /// day:  16  17          18              19  20  21 (all excused)   22
    /// A:    1   1           1               0   1   skip — travelling  1
    /// B:    1   skip        skip — sick     1   1   skip — travelling  0
    /// C:    0   0           0               1   0   skip — travelling  1
    /// →     Y   N (1/3)     Y (1/2)         Y   Y   neither            Y
    static let week: [Habit] = [
        habit("a", ["2026-11-16": "1", "2026-11-17": "1", "2026-11-18": "1", "2026-11-19": "0", "2026-11-20": "1",
                    "2026-11-21": "skip — travelling", "2026-11-22": "1"]),
        habit("b", ["2026-11-16": "1", "2026-11-17": "skip", "2026-11-18": "skip — sick", "2026-11-19": "1", "2026-11-20": "1",
                    "2026-11-21": "skip — travelling", "2026-11-22": "0"]),
        habit("c", ["2026-11-19": "1", "2026-11-21": "skip — travelling", "2026-11-22": "1"]),
    ]

    func d(_ s: String) -> Day { Day(iso: s)! }

    func testFortyPercentRuleWithSkips() {
        let days = (16...22).map { HabitsView.day(Self.week, d("2026-11-\($0)")) }
        XCTAssertEqual(days.map(\.qualifies), [true, false, true, true, true, false, true])
        XCTAssertEqual(days.map(\.counted), [3, 3, 2, 3, 3, 0, 3])
        XCTAssertEqual(days.map(\.completed), [2, 1, 1, 2, 2, 0, 2])
        XCTAssertNil(days[5].ratio)
        XCTAssertEqual(days[2].ratio, 0.5)
        // Exactly 40% counts; just under does not.
        XCTAssertTrue(HabitDay(date: d("2026-11-16"), counted: 5, completed: 2).qualifies)
        XCTAssertFalse(HabitDay(date: d("2026-11-16"), counted: 3, completed: 1).qualifies)
        XCTAssertFalse(HabitDay(date: d("2026-11-16"), counted: 0, completed: 0).qualifies)
    }

    func testDayStreaks() {
        let view = HabitsView.make(habits: Self.week, today: d("2026-11-22"), weeks: 1)
        XCTAssertTrue(view.dayQualifies)
        XCTAssertEqual(view.streak, 4)  // 18, 19, 20, (21 excused), 22
        XCTAssertEqual(view.bestStreak, 4)
        // A new day with nothing done yet does not break the streak…
        XCTAssertEqual(HabitsView.dayStreaks(Self.week, today: d("2026-11-23")).current, 4)
        // …but once it is over without qualifying, it does.
        XCTAssertEqual(HabitsView.dayStreaks(Self.week, today: d("2026-11-24")).current, 0)
        XCTAssertEqual(HabitsView.dayStreaks(Self.week, today: d("2026-11-24")).best, 4)
    }

    func testHabitStreaks() {
        let today = d("2026-11-22")
        XCTAssertEqual(HabitStats.streaks(Self.week[0], today: today).current, 2)
        XCTAssertEqual(HabitStats.streaks(Self.week[0], today: today).best, 3)
        // B: the bare skip on the 17th breaks, the sick day does not; today (0) is still open.
        XCTAssertEqual(HabitStats.streaks(Self.week[1], today: today).current, 2)
        XCTAssertEqual(HabitStats.streaks(Self.week[1], today: today).best, 2)
        XCTAssertEqual(HabitStats.streaks(Self.week[2], today: today).current, 1)
    }

    func testWeeklyTargetStreaksCountInWeeks() {
        let steps = Self.habit("steps", ["2026-11-02": "6000", "2026-11-04": "5000", "2026-11-09": "3000",
                                         "2026-11-16": "10000", "2026-11-23": "2000"],
                               repeat: "every week on mon, wed, fri", target: 10000, period: .week, start: "2026-11-02")
        let today = d("2026-11-24")
        XCTAssertEqual(HabitStats.progress(steps, on: today), 2000)
        XCTAssertEqual(HabitStats.progress(steps, on: d("2026-11-04")), 11000)
        XCTAssertTrue(HabitStats.completed(steps, on: d("2026-11-06")))  // target already met that week
        XCTAssertFalse(HabitStats.completed(steps, on: d("2026-11-11")))
        XCTAssertEqual(HabitStats.streaks(steps, today: today).current, 1)  // week of 16th; this week still open
        XCTAssertEqual(HabitStats.streaks(steps, today: today).best, 1)
    }

    func testHeatmapMatchesTheRule() {
        let view = HabitsView.make(habits: Self.week, today: d("2026-11-22"), weeks: 1)
        XCTAssertEqual(view.heatmap.count, 14)
        XCTAssertEqual(view.heatmap.first?.date, d("2026-11-09"))
        XCTAssertEqual(view.heatmap.first?.date.weekday, 1)
        XCTAssertEqual(view.heatmap.last?.date, d("2026-11-22"))
        XCTAssertTrue(view.heatmap.prefix(7).allSatisfy { $0.ratio == nil && !$0.qualifies })
        XCTAssertEqual(view.heatmap.suffix(7).map(\.qualifies), [true, false, true, true, true, false, true])
        XCTAssertEqual(HabitsView.make(habits: Self.week, today: d("2026-11-25")).heatmap.count, 12 * 7 + 3)
    }

    /// Drop in strength, as a fraction, from one missed repetition after a long run of done ones.
    func missCost(_ rule: String) -> (before: Double, after: Double) {
        var h = Self.habit("h", [:], repeat: rule, start: "2026-01-05")
        var day = d("2026-01-05")
        var last = day
        while day < d("2026-05-01") {
            if h.isScheduled(on: day) { h.log[day] = .amount(1); last = day }
            day = day.adding(days: 1)
        }
        var miss = last.adding(days: 1)
        while !h.isScheduled(on: miss) { miss = miss.adding(days: 1) }
        let before = HabitStats.strength(h, today: miss)  // the missed day is still open
        let after = HabitStats.strength(h, today: miss.adding(days: 1))
        return (before, after)
    }

    func testStrengthPunishesAMissedDailyRepetitionMore() {
        let daily = missCost("every day")
        let thrice = missCost("every week on mon, wed, fri")
        XCTAssertGreaterThan(daily.before, 0.99)
        XCTAssertGreaterThan(thrice.before, 0.8)
        let dailyCost = (daily.before - daily.after) / daily.before
        let thriceCost = (thrice.before - thrice.after) / thrice.before
        XCTAssertGreaterThan(dailyCost, thriceCost)
        XCTAssertEqual(dailyCost, 1 - pow(0.5, 1.0 / 13), accuracy: 0.001)
        XCTAssertEqual(thriceCost, 1 - pow(0.5, (3.0 / 7).squareRoot() / 13), accuracy: 0.002)
        XCTAssertEqual(HabitStats.strength(Self.habit("new", [:]), today: d("2026-11-16")), 0)
    }

    func testArchivedHabitsLeaveTheView() {
        var archived = Self.habit("old", ["2026-11-22": "0"])
        archived.archived = true
        let view = HabitsView.make(habits: Self.week + [archived], today: d("2026-11-22"))
        XCTAssertEqual(view.habits.map(\.habit.slug), ["a", "b", "c"])
        XCTAssertEqual(view.today.counted, 3)
    }

    /// A habit past its end (UNTIL, COUNT or `end`) is not scheduled and does not break a streak.
    func testHabitPastItsEndIsNotScheduledAndKeepsTheStreak() {
        var byEnd = Self.habit("e", ["2026-11-16": "1", "2026-11-17": "1"])
        byEnd.end = d("2026-11-17")
        let forms = [Self.habit("u", ["2026-11-16": "1", "2026-11-17": "1"], repeat: "every day until 2026-11-17"),
                     Self.habit("t", ["2026-11-16": "1", "2026-11-17": "1"], repeat: "FREQ=DAILY;UNTIL=20261117T120000Z"),
                     Self.habit("n", ["2026-11-16": "1", "2026-11-17": "1"], repeat: "every day for 2 times"),
                     Self.habit("r", ["2026-11-16": "1", "2026-11-17": "1"], repeat: "FREQ=DAILY;COUNT=2"), byEnd]
        for h in forms {
            XCTAssertTrue(h.isScheduled(on: d("2026-11-17")), h.slug)
            XCTAssertFalse(h.isScheduled(on: d("2026-11-18")), h.slug)
            XCTAssertEqual(h.lastDay, d("2026-11-17"), h.slug)
            XCTAssertTrue(h.hasEnded(by: d("2026-11-18")), h.slug)
            XCTAssertEqual(HabitStats.streaks(h, today: d("2026-11-30")).current, 2, h.slug)
            XCTAssertEqual(HabitsView.dayStreaks([h], today: d("2026-11-30")).current, 2, h.slug)
            let view = HabitsView.make(habits: [h], today: d("2026-11-30"), weeks: 1)
            XCTAssertTrue(view.habits[0].ended, h.slug)
            XCTAssertEqual(view.habits.filter(\.scheduledToday).count, 0, h.slug)
        }
    }
}
