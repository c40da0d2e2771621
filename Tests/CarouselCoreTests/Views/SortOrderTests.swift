@testable import CarouselCore
import XCTest

/// `list` and `board` sort keys worked out once per card (`CardFilter.SortKey`,
/// `Array.sorted(byKey:)`); these check that order against the card-by-card comparisons they
/// replaced, on cards full of ties: equal titles in other cases, equal dues, no dates, repeats.
final class SortOrderTests: XCTestCase {
    let today = V.day("2026-11-23")

    /// 600 cards whose fields come from a small set, so every field ties with many others.
    func cards() -> [Card] {
        var rng = CardTextGenerator(seed: 23)
        let titles = ["Call mum", "call Mum", "Dentist", "dentist", "Écrire", "écrire", "Zoo", "a", "B"]
        let dues: [String?] = [nil, "2026-11-20", "2026-11-23", "2026-11-23T09:30", "2026-11-27", "2026-12-30", "2027-02-01"]
        let created: [String?] = [nil, "2026-01-01", "2026-01-01T08:00", "2025-12-31"]
        return (0..<600).map { i in
            var c = V.card("card-\(rng.below(400))", due: rng.pick(dues),
                           repeatRule: i % 17 == 0 ? "every week" : nil, importance: 1 + rng.below(5))
            c.path = "cards/\(i % 3 == 0 ? "a/" : "")\(c.slug)-\(i).md"
            c.title = rng.pick(titles)
            c.spoons = 1 + rng.below(5)
            c.created = rng.pick(created).flatMap { DateValue(text: $0) }
            if i % 11 == 0 { c.done = DateValue(text: "2026-11-01") }
            return c
        }
    }

    func testListOrderIsTheCardByCardOrder() {
        let cards = cards()
        for sort in CardFilter.Sort.allCases {
            for limit in [nil, 1, 7] {
                var filter = CardFilter()
                filter.sort = sort
                filter.limit = limit
                filter.status = .open
                let expected = Array(cards.filter { filter.matches($0, today: today) }.sorted { a, b in
                    switch sort {
                    case .due:
                        let da = Occurrence.dueDay(of: a, today: today), db = Occurrence.dueDay(of: b, today: today)
                        if da != db { return (da?.dayNumber ?? Int.max) < (db?.dayNumber ?? Int.max) }
                    case .importance where a.importance != b.importance: return a.importance > b.importance
                    case .spoons where a.spoons != b.spoons: return a.spoons < b.spoons
                    case .created where a.created != b.created:
                        guard let ca = a.created else { return false }
                        guard let cb = b.created else { return true }
                        return ca < cb
                    default: break
                    }
                    return (a.title.lowercased(), a.slug) < (b.title.lowercased(), b.slug)
                }.prefix(limit ?? .max))
                XCTAssertEqual(filter.apply(cards, today: today).map(\.path), expected.map(\.path), "sort \(sort), limit \(String(describing: limit))")
            }
        }
    }

    func testBoardOrderIsTheCardByCardOrder() {
        let cards = cards()
        let view = BoardView.make(V.snapshot(cards, today: today), today: today)
        let never = V.day("9999-12-31")
        func expected(_ items: [BoardView.Item]) -> [String] {
            items.sorted { a, b in
                if a.due != b.due { return (a.due ?? never) < (b.due ?? never) }
                if a.card.importance != b.card.importance { return a.card.importance > b.card.importance }
                if a.card.title != b.card.title { return a.card.title < b.card.title }
                return a.card.path < b.card.path
            }.map(\.card.path)
        }
        XCTAssertGreaterThan(view.columns.reduce(0) { $0 + $1.items.count }, 300)
        for (column, items) in view.columns {
            XCTAssertEqual(items.map(\.card.path), expected(items.shuffled()), "\(column)")
        }
        XCTAssertEqual(view.later.map(\.card.path), expected(view.later.shuffled()))
    }

    func testSortedByKeyKeepsTheOrderOfEqualKeys() {
        let words = (0..<500).map { i in (key: i % 7, at: i) }
        XCTAssertEqual(words.shuffled().sorted(byKey: \.key, <).map(\.key), words.map(\.key).sorted())
        let sorted = words.sorted(byKey: \.key, <)
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.key == b.key { XCTAssertLessThan(a.at, b.at) }
    }
}
