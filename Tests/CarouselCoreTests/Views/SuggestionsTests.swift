@testable import CarouselCore
import XCTest

final class SuggestionsTests: XCTestCase {
    let today = Day(iso: "2026-11-23")!

    func card(_ slug: String, importance: Int, due: String?) -> Card {
        var c = Card(slug: slug, path: "cards/\(slug).md", title: slug)
        c.id = "ID-" + slug
        c.importance = importance
        c.due = due.flatMap { DateValue(text: $0) }
        return c
    }

    func testScoreParts() {
        XCTAssertEqual(Suggestions.urgency(daysUntilDue: nil), 3)
        XCTAssertEqual(Suggestions.urgency(daysUntilDue: 3), 7)
        XCTAssertEqual(Suggestions.urgency(daysUntilDue: 14), 0)
        XCTAssertEqual(Suggestions.urgency(daysUntilDue: -2), 12)
        XCTAssertEqual(Suggestions.score(importance: 5, urgency: 7, variety: 0.5), 21)
        let v = Suggestions.variety(key: "ID-a", day: today)
        XCTAssertTrue((0..<2).contains(v))
        XCTAssertEqual(v, Suggestions.variety(key: "ID-a", day: today))
        XCTAssertNotEqual(v, Suggestions.variety(key: "ID-a", day: today.adding(days: 1)))
    }

    func testVarietySpreadsOverTheRange() {
        let values = (0..<1000).map { Suggestions.variety(key: "card-\($0)", day: today) }
        XCTAssertLessThan(values.min()!, 0.1)
        XCTAssertGreaterThan(values.max()!, 1.9)
        XCTAssertEqual(values.reduce(0, +) / 1000, 1, accuracy: 0.1)
    }

    func testRankExcludesDoneAndPulled() {
        var done = card("done", importance: 5, due: "2026-11-23")
        done.done = DateValue(text: "2026-11-22T10:00")
        var pulled = card("pulled", importance: 5, due: nil)
        pulled.today = today
        var yesterday = card("yesterday", importance: 1, due: nil)
        yesterday.today = today.adding(days: -1)
        let snapshot = VaultSnapshot(settings: Settings(), cards: [done, pulled, yesterday, card("a", importance: 3, due: "2026-11-24")],
                                     journal: JournalDay(date: today))
        let ranked = Suggestions.rank(snapshot, today: today, mode: .smart, limit: 0)
        XCTAssertEqual(ranked.map(\.card.slug), ["a", "yesterday"])
    }

    /// A limit is never exceeded: a repeating card due today ranks by score with the rest.
    func testLimitIsNeverExceededAndRoutinesRankByScore() {
        var routine = card("routine", importance: 1, due: "2026-11-23")
        routine.repeatRule = "every day"
        var other = card("big", importance: 5, due: "2026-11-23")
        other.created = DateValue(text: "2026-11-01")
        let snapshot = VaultSnapshot(settings: Settings(), cards: [routine, other, card("c", importance: 3, due: nil)],
                                     journal: JournalDay(date: today))
        let all = Suggestions.rank(snapshot, today: today, mode: .smart, limit: 0)
        XCTAssertTrue(all.contains { $0.card.slug == "routine" && $0.pinned })
        XCTAssertEqual(Suggestions.rank(snapshot, today: today, mode: .smart, limit: 1).map(\.card.slug), ["big"])
        XCTAssertEqual(Suggestions.rank(snapshot, today: today, mode: .smart, limit: 2).map(\.card.slug), ["big", "routine"])
        for limit in 1...3 {
            XCTAssertEqual(Suggestions.rank(snapshot, today: today, mode: .linear, limit: limit).count, limit)
        }
    }

    /// The strip sorts positions instead of suggestions; the order must be exactly the one
    /// sorting the suggestions gives, ties included, in both modes and for every limit.
    func testTheFirstFewAreTheStartOfTheWholeOrder() {
        var all: [Suggestion] = []
        for i in 0..<300 {
            // Few distinct importances, due days and titles: many exact ties.
            var c = card("c\(i % 7)", importance: i % 3 + 1, due: i % 5 == 0 ? nil : "2026-11-\(20 + i % 9)")
            c.path = "cards/c\(i).md"
            c.id = i % 2 == 0 ? nil : "ID-\(i % 4)"
            if let s = Suggestions.suggestion(for: c, today: today) { all.append(s) }
        }
        XCTAssertGreaterThan(all.count, 200)
        for mode in [Settings.Mode.smart, .linear] {
            let whole = all.sorted(by: mode == .smart ? Suggestions.smartOrder : Suggestions.linearOrder)
            XCTAssertEqual(Suggestions.ordered(all, mode: mode, limit: 0).map(\.card.path), whole.map(\.card.path))
            for limit in [1, 2, 5, 7, 50, all.count - 1, all.count, all.count + 3] {
                let first = Suggestions.ordered(all, mode: mode, limit: limit)
                XCTAssertEqual(first.map(\.card.path), whole.prefix(limit).map(\.card.path), "\(mode) limit \(limit)")
            }
        }
    }
}
