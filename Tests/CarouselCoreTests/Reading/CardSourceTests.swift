@testable import CarouselCore
import XCTest

/// Every question of `CardSource`, asked of the index and of the same cards in memory, on the
/// same days: the answers must be equal, so a view written once against the protocol shows the
/// same whichever source answers it.
final class CardSourceTests: XCTestCase {
    private var fixture: ReadFixture!
    private var index: CardIndex { fixture.index }
    private var memory: MemoryCardSource { fixture.memory }

    override func setUpWithError() throws {
        fixture = try ReadFixture.make(self, name: "card-source")
    }

    func testTheFixtureHoldsEveryKindOfCard() throws {
        let cards = memory.cards
        XCTAssertEqual(cards.count, 164)
        XCTAssertTrue(cards.contains { $0.repeatRule != nil && $0.start != nil })
        XCTAssertTrue(cards.contains { $0.done != nil })
        XCTAssertTrue(cards.contains { $0.parent != nil })
        XCTAssertTrue(cards.contains { $0.isBlocked }, "an open blocker blocks")
        XCTAssertTrue(cards.contains { !$0.blockedBy.isEmpty && !$0.isBlocked }, "a done blocker does not")
        XCTAssertTrue(cards.contains { $0.timeZone != nil })
        XCTAssertTrue(cards.contains { $0.kind == .event && $0.duration != nil })
        XCTAssertTrue(cards.contains { $0.due == nil && $0.repeatRule == nil })
        XCTAssertTrue(cards.contains { $0.today != nil })
    }

    func testTheDaysAreTheSame() throws {
        for day in ReadFixture.days {
            XCTAssertEqual(try index.cards(pulledOn: day), memory.cards(pulledOn: day), "\(day)")
            for days in [0, 1, 6, 41] {
                let to = day.adding(days: days)
                XCTAssertEqual(try index.cards(placedFrom: day, through: to).map(\.path),
                               memory.cards(placedFrom: day, through: to).map(\.path), "\(day) + \(days)")
                index.forgetBuilt()
                let timed = try index.cards(timedFrom: day, through: to)
                XCTAssertEqual(timed.map(\.path), memory.cards(timedFrom: day, through: to).map(\.path), "\(day) + \(days) timed")
                XCTAssertTrue(timed.allSatisfy(\.canBeFixed))
            }
        }
        XCTAssertFalse(try index.cards(pulledOn: ReadFixture.days[0]).isEmpty)
        for kind in [CardKind.event, .task, .idea] {
            XCTAssertEqual(try index.cards(ofKind: kind), memory.cards(ofKind: kind), "\(kind)")
        }
    }

    func testTheCarouselAndTheBoardAreTheSame() throws {
        for day in ReadFixture.days {
            for mode in [Settings.Mode.smart, .linear] {
                for limit in [0, 1, 3, 5, 40, 500] {
                    index.forgetBuilt()
                    let a = try index.carousel(today: day, mode: mode, limit: limit)
                    let b = memory.carousel(today: day, mode: mode, limit: limit)
                    XCTAssertEqual(a.strip, b.strip, "\(day) \(mode) \(limit)")
                    XCTAssertEqual(a.total, b.total, "\(day) \(mode) \(limit)")
                }
            }
            XCTAssertEqual(try index.boardCounts(today: day, weekStart: 1), memory.boardCounts(today: day, weekStart: 1), "\(day)")
            for limit in [0, 1, 2, 4, 50] {
                XCTAssertEqual(dumped(try index.board(today: day, weekStart: 1, limit: limit)),
                               dumped(memory.board(today: day, weekStart: 1, limit: limit)), "\(day) \(limit)")
            }
        }
        XCTAssertGreaterThan(memory.carousel(today: ReadFixture.days[0], mode: .smart, limit: 0).total, 40)
    }

    func testListsAndSearchesAreTheSame() throws {
        var filters: [CardFilter] = [CardFilter()]
        func add(_ change: (inout CardFilter) -> Void) {
            var f = CardFilter()
            change(&f)
            filters.append(f)
        }
        add { $0.overdue = true }
        add { $0.status = .open }
        add { $0.status = .done }
        add { $0.repeating = true }
        add { $0.kind = .event }
        add { $0.tag = "errands"; $0.sort = .importance }
        add { $0.spoons = 2...3; $0.importance = 4...4 }
        add { $0.hasDue = false }
        add { $0.pulled = true }
        add { $0.pulled = false; $0.limit = 5 }
        add { $0.sort = .title; $0.limit = 7 }
        add { $0.due = .before(Day(iso: "2026-11-15")!) }
        for day in ReadFixture.days {
            for filter in filters {
                for text in [nil, "watering", "CAFÉ", "mum", "zzz"] {
                    XCTAssertEqual(try index.cards(keptBy: filter, today: day, containing: text),
                                   try memory.cards(keptBy: filter, today: day, containing: text), "\(day) \(filter) \(text ?? "")")
                    for count in [1, 3, 50] {
                        let a = try index.firstCards(keptBy: filter, today: day, containing: text, count: count)
                        let b = try memory.firstCards(keptBy: filter, today: day, containing: text, count: count)
                        XCTAssertEqual(a.cards, b.cards, "\(day) \(filter) \(text ?? "") \(count)")
                        XCTAssertEqual(a.total, b.total, "\(day) \(filter) \(text ?? "") \(count)")
                    }
                }
            }
        }
        XCTAssertFalse(try memory.cards(keptBy: CardFilter(), today: ReadFixture.days[0], containing: "watering").isEmpty)
        XCTAssertEqual(try index.cardCount(), memory.cardCount())
        for day in ReadFixture.days {
            XCTAssertEqual(try index.numberingItems(today: day).map { dumped($0) }, memory.numberingItems(today: day).map { dumped($0) })
        }
    }

    func testNamesAndLinksAreTheSame() throws {
        XCTAssertEqual(try index.namingCards(), memory.namingCards())
        for card in memory.cards {
            XCTAssertEqual(try index.card(atPath: card.path), memory.card(atPath: card.path))
            XCTAssertEqual(try index.cards(withSlug: card.slug), memory.cards(withSlug: card.slug))
            XCTAssertEqual(try index.children(slug: card.slug, id: card.id), memory.children(slug: card.slug, id: card.id), card.slug)
            if let id = card.id { XCTAssertEqual(try index.cards(withID: id), memory.cards(withID: id)) }
        }
        XCTAssertNil(try index.card(atPath: "cards/none.md"))
        XCTAssertNil(memory.card(atPath: "cards/none.md"))
        for needle in ["card-1", "card-12", "01KTWIN", "twin", "cards/work/card-10.md", "card-1.md", "nothing"] {
            XCTAssertEqual(try index.cards(named: needle, path: needle), memory.cards(named: needle, path: needle), needle)
        }
        for prefix in ["card-1", "card-15", "01ktest00001", "tw", "zz"] {
            let test = { (c: Card) in c.slug.hasPrefix(prefix) || (c.id?.lowercased().hasPrefix(prefix) ?? false) }
            XCTAssertEqual(try index.cards(prefixed: prefix).filter(test), memory.cards(prefixed: prefix).filter(test), prefix)
            XCTAssertEqual(Set(try index.slugs(startingWith: prefix)), Set(memory.slugs(startingWith: prefix)), prefix)
        }
        XCTAssertEqual(try index.parentCandidates(), memory.parentCandidates())
        XCTAssertEqual(try index.blockedCards(), memory.blockedCards())
        XCTAssertFalse(memory.blockedCards().isEmpty)
        XCTAssertTrue(memory.parentCandidates().contains { $0.parent?.hasPrefix("01KTEST") ?? false }, "a parent named by id")
    }
}
