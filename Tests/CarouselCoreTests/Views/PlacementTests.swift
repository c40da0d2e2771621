@testable import CarouselCore
import XCTest

/// `Placement.entries` places many cards on two cores (every other card on each, then each
/// day's list joined and sorted): it must give exactly what one pass over the cards gives.
final class PlacementTests: XCTestCase {
    /// The placement done in one pass, as it was before it was shared out: a dictionary by day,
    /// then each day sorted.
    private func onePass(_ cards: [Card], from: Day, to: Day) -> [(day: Day, entries: [Placement.Entry])] {
        var byDay: [Day: [Placement.Entry]] = [:]
        for card in cards {
            for day in Placement.days(of: card, from: from, to: to) {
                let done = card.isRepeating ? card.isDone(on: day) : card.done != nil
                byDay[day, default: []].append(Placement.Entry(card: card, day: day, done: done, occurrence: card.isRepeating))
            }
        }
        var result: [(day: Day, entries: [Placement.Entry])] = []
        var d = from
        while d <= to {
            result.append((d, (byDay[d] ?? []).sorted(by: Placement.order)))
            d = d.adding(days: 1)
        }
        return result
    }

    /// 700 cards: series of several rules, one-off cards due or starting in and out of the
    /// month, some with times, many sharing a title (the order then falls back on the path),
    /// some done, some undated.
    private func cards() -> [Card] {
        let rules = ["every day", "every week on mon, thu", "every 2 weeks on fri", "every month on the 15th", "every weekday"]
        let titles = ["Call Mum", "Water the plants", "Pay rent", "Stretch", "Review notes"]
        var cards: [Card] = []
        for i in 0..<700 {
            var due: String?
            switch i % 7 {
            case 0, 1: due = "2026-11-\(String(format: "%02d", 1 + i % 30))"
            case 2: due = "2026-11-\(String(format: "%02d", 1 + i % 30))T\(String(format: "%02d", 8 + i % 10)):30"
            case 3: due = "2026-12-0\(1 + i % 9)"
            default: due = nil
            }
            var card = V.card("card-\(i)", due: i % 7 == 4 ? nil : due, start: i % 7 == 4 ? "2026-11-\(String(format: "%02d", 1 + i % 30))" : nil,
                              repeatRule: i % 7 == 5 ? rules[i % rules.count] : nil)
            card.title = titles[i % titles.count]
            if card.isRepeating { card.due = DateValue(text: "2026-10-0\(1 + i % 9)") }
            if i % 11 == 0 { card.done = DateValue(text: "2026-11-20") }
            cards.append(card)
        }
        return cards
    }

    private func same(_ a: [(day: Day, entries: [Placement.Entry])], _ b: [(day: Day, entries: [Placement.Entry])],
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.map(\.day), b.map(\.day), file: file, line: line)
        for (x, y) in zip(a, b) {
            XCTAssertEqual(x.entries.map(\.card.path), y.entries.map(\.card.path), "\(x.day)", file: file, line: line)
            XCTAssertEqual(x.entries, y.entries, "\(x.day)", file: file, line: line)
        }
    }

    func testManyCardsArePlacedAsOnePassWouldPlaceThem() {
        let cards = cards()
        let (from, to) = (V.day("2026-11-01"), V.day("2026-11-30"))
        let placed = Placement.entries(cards, from: from, to: to)
        same(placed, onePass(cards, from: from, to: to))
        XCTAssertGreaterThanOrEqual(cards.count, 256, "this many cards take the path shared out over two cores")
        XCTAssertGreaterThan(placed.reduce(0) { $0 + $1.entries.count }, 1_000)
        // In any order of the cards, the same days and the same order within each day.
        same(Placement.entries(cards.reversed(), from: from, to: to), placed)
    }

    /// With a limit, each day keeps the first cards of its full order, however many it holds
    /// (ties on time and title included), and counts them all.
    func testADaysFirstCardsAreTheFirstOfItsFullOrder() {
        let cards = cards()
        let (from, to) = (V.day("2026-11-01"), V.day("2026-11-30"))
        let full = onePass(cards, from: from, to: to)
        XCTAssertGreaterThan(full.map(\.entries.count).max() ?? 0, 40, "days with many cards, many of them tying")
        for limit in [1, 2, 3, 10, 40, 1_000] {
            for order in [cards, cards.reversed(), cards.shuffledDeterministically()] {
                let placed = Placement.entries(order, from: from, to: to, limit: limit)
                XCTAssertEqual(placed.map(\.day), full.map(\.day))
                for (kept, all) in zip(placed, full) {
                    XCTAssertEqual(kept.count, all.entries.count, "\(all.day)")
                    XCTAssertEqual(kept.entries, Array(all.entries.prefix(limit)), "\(all.day) limit \(limit)")
                }
            }
        }
    }

    func testAFewCardsAndOneDayAndAnEmptyRange() {
        let few = Array(cards().prefix(40))
        let day = V.day("2026-11-13")
        same(Placement.entries(few, from: day, to: day), onePass(few, from: day, to: day))
        same(Placement.entries(cards(), from: day, to: day), onePass(cards(), from: day, to: day))
        XCTAssertTrue(Placement.entries(cards(), from: day, to: day.adding(days: -1)).isEmpty)
    }
}

private extension Array {
    /// A fixed shuffle (every seventh element first, and so on), so the test is the same each run.
    func shuffledDeterministically() -> [Element] {
        (0..<7).flatMap { start in stride(from: start, to: count, by: 7).map { self[$0] } }
    }
}
