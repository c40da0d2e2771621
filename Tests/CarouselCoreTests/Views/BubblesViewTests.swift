@testable import CarouselCore
import XCTest

final class BubblesViewTests: XCTestCase {
    func testNoOverlapsChildrenInsideAndRadiiByImportance() {
        var cards: [Card] = []
        let categories = ["personal", "work", "health", "creative", "gardening"]
        for i in 0..<40 {
            cards.append(V.card("c\(i)", importance: i % 5 + 1, category: categories[i % 5]))
        }
        cards.append(V.card("trip", importance: 3, category: "personal"))
        for i in 0..<3 { cards.append(V.card("trip-\(i)", importance: 2, category: "personal", parent: "trip")) }
        cards.append(V.card("deep", importance: 1, category: "personal", parent: "trip-0"))
        let view = BubblesView.layout(cards)
        XCTAssertEqual(view.bubbles.count, cards.count)
        let bySlug = Dictionary(uniqueKeysWithValues: view.bubbles.map { ($0.card.slug, $0) })
        func ancestors(_ b: BubblesView.Bubble) -> Set<String> {
            var out = Set<String>()
            var p = b.card.parent
            while let slug = p, let parent = bySlug[slug] {
                out.insert(slug)
                p = parent.card.parent
            }
            return out
        }
        for a in view.bubbles {
            XCTAssertGreaterThanOrEqual(a.x - a.r, 0)
            XCTAssertGreaterThanOrEqual(a.y - a.r, 0)
            XCTAssertLessThanOrEqual(a.x + a.r, view.width)
            XCTAssertLessThanOrEqual(a.y + a.r, view.height)
            for b in view.bubbles where a.card.slug < b.card.slug {
                let d = hypot(a.x - b.x, a.y - b.y)
                if ancestors(a).contains(b.card.slug) || ancestors(b).contains(a.card.slug) {
                    let (outer, inner) = ancestors(a).contains(b.card.slug) ? (b, a) : (a, b)
                    XCTAssertLessThanOrEqual(d + inner.r, outer.r + 0.2, "\(inner.card.slug) inside \(outer.card.slug)")
                } else {
                    XCTAssertGreaterThanOrEqual(d, a.r + b.r - 0.2, "\(a.card.slug) overlaps \(b.card.slug)")
                }
            }
        }
        // Childless bubbles: radius grows with importance.
        let leaves = view.bubbles.filter { !$0.hasChildren }
        for a in leaves { for b in leaves where a.card.importance < b.card.importance { XCTAssertLessThan(a.r, b.r) } }
        XCTAssertEqual(Set(view.clusters.map(\.category)), Set(categories))
        // Deterministic.
        XCTAssertEqual(BubblesView.layout(cards).bubbles.map(\.x), view.bubbles.map(\.x))
    }

    func testEmptyVault() {
        let view = BubblesView.layout([])
        XCTAssertTrue(view.bubbles.isEmpty)
        XCTAssertGreaterThan(view.width, 0)
    }

    /// Cards on a parent cycle are drawn at the top level and marked, never dropped.
    func testParentCycleIsDrawnAndMarked() {
        let cards = [V.card("a", parent: "b"), V.card("b", parent: "a"), V.card("c", parent: "a"), V.card("d")]
        let view = BubblesView.layout(cards)
        XCTAssertEqual(Set(view.bubbles.map(\.card.slug)), ["a", "b", "c", "d"])
        XCTAssertEqual(Set(view.bubbles.filter(\.inCycle).map(\.card.slug)), ["a", "b"])
        XCTAssertEqual(view.bubbles.first { $0.card.slug == "c" }?.depth, 1)
    }
}
