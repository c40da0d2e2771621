@testable import CarouselCore
import Foundation
import XCTest

/// The answers the index keeps for the next command (`CardIndex.remember`): read back, they
/// are the answers every card in memory gives; any change to a card's file makes them stale.
final class KeptAnswersTests: XCTestCase {
    private var fixture: ReadFixture!
    private var index: CardIndex { fixture.index }

    override func setUpWithError() throws {
        fixture = try ReadFixture.make(self, name: "kept-answers")
    }

    /// Every question the index keeps an answer to, asked twice: the second answer is the kept
    /// one, and it is the answer from memory.
    func testKeptAnswersAreTheAnswers() throws {
        let memory = fixture.memory
        for day in ReadFixture.days {
            for round in 0..<2 {
                index.forgetBuilt()
                for mode in [Settings.Mode.smart, .linear] {
                    for limit in [1, 3, 5, 40] {
                        let a = try index.carousel(today: day, mode: mode, limit: limit)
                        let b = memory.carousel(today: day, mode: mode, limit: limit)
                        XCTAssertEqual(a.strip, b.strip, "\(day) \(mode) \(limit) round \(round)")
                        XCTAssertEqual(a.total, b.total, "\(day) \(mode) \(limit) round \(round)")
                        XCTAssertNotNil(index.remembered("carousel \(day.iso) \(mode.rawValue) \(limit)"))
                    }
                }
                XCTAssertEqual(try index.boardCounts(today: day, weekStart: 1), memory.boardCounts(today: day, weekStart: 1), "\(day)")
                XCTAssertNotNil(index.remembered("counts \(day.iso) 1"))
                for limit in [1, 2, 4, 50] {
                    XCTAssertEqual(dumped(try index.board(today: day, weekStart: 1, limit: limit)),
                                   dumped(memory.board(today: day, weekStart: 1, limit: limit)), "\(day) \(limit) round \(round)")
                    XCTAssertNotNil(index.remembered("board \(day.iso) 1 \(limit)"))
                }
            }
        }
    }

    /// `list`'s first cards, asked twice: the second from the kept answer.
    func testKeptFirstCardsAreTheFirstCards() throws {
        let memory = fixture.memory
        var filters: [CardFilter] = [CardFilter()]
        for change in [{ (f: inout CardFilter) in f.overdue = true }, { $0.status = .open }, { $0.sort = .title },
                       { $0.status = .done; $0.sort = .importance }] {
            var f = CardFilter()
            change(&f)
            filters.append(f)
        }
        for day in ReadFixture.days {
            for round in 0..<2 {
                index.forgetBuilt()
                for filter in filters {
                    for count in [1, 3, 50] {
                        let a = try index.firstCards(keptBy: filter, today: day, containing: nil, count: count)
                        let b = try memory.firstCards(keptBy: filter, today: day, containing: nil, count: count)
                        XCTAssertEqual(a.cards, b.cards, "\(day) \(filter) \(count) round \(round)")
                        XCTAssertEqual(a.total, b.total, "\(day) \(filter) \(count) round \(round)")
                    }
                }
            }
        }
        XCTAssertNotNil(index.remembered("first \(ReadFixture.days[0].iso) 3 \(String(describing: CardFilter()))"))
    }

    /// A card edited in an editor: the refresh gives the rows a new generation, nothing kept
    /// before is read back, and the answers are those of the cards as they are now.
    func testAnEditMakesEveryKeptAnswerStale() throws {
        let day = ReadFixture.days[0]
        let before = try index.carousel(today: day, mode: .smart, limit: 3)
        _ = try index.boardCounts(today: day, weekStart: 1)
        XCTAssertNotNil(index.remembered("carousel \(day.iso) smart 3"))
        // A new card, due today: the carousel holds one more.
        let url = URL(fileURLWithPath: fixture.vault.root).appendingPathComponent("cards/urgent-new.md")
        try Data("---\ntitle: Urgent new\nimportance: 4\ndue: \(day.iso)\nspoons: 1\n---\n".utf8).write(to: url)
        index.forgetBuilt()
        _ = try index.sync()
        XCTAssertNil(index.remembered("carousel \(day.iso) smart 3"))
        XCTAssertNil(index.remembered("counts \(day.iso) 1"))
        let memory = MemoryCardSource(cards: try index.cards(), bodies: [:])
        let after = try index.carousel(today: day, mode: .smart, limit: 3)
        XCTAssertEqual(after.strip, memory.carousel(today: day, mode: .smart, limit: 3).strip)
        XCTAssertEqual(after.total, before.total + 1)
        XCTAssertEqual(try index.boardCounts(today: day, weekStart: 1), memory.boardCounts(today: day, weekStart: 1))
    }

    /// An answer that names a card whose row is gone is worked out again, not read back short.
    func testAnAnswerNamingAMissingRowIsWorkedOutAgain() throws {
        let day = ReadFixture.days[0]
        let truth = try index.carousel(today: day, mode: .smart, limit: 3)
        index.remember("carousel \(day.iso) smart 3", "99\ncards/not-there.md")
        index.forgetBuilt()
        let again = try index.carousel(today: day, mode: .smart, limit: 3)
        XCTAssertEqual(again.strip, truth.strip)
        XCTAssertEqual(again.total, truth.total)
    }

    /// Kept cards are read by their row number and checked by path: rows renumbered under a kept
    /// answer (the generation is the same) make every kept view work its answer out again.
    func testRowsRenumberedUnderAKeptAnswerAreNotTrusted() throws {
        let memory = fixture.memory
        let day = ReadFixture.days[0]
        func check(_ round: String) throws {
            index.forgetBuilt()
            XCTAssertEqual(dumped(try index.board(today: day, weekStart: 1, limit: 2)),
                           dumped(memory.board(today: day, weekStart: 1, limit: 2)), round)
            let kept = try index.carousel(today: day, mode: .smart, limit: 3)
            let truth = memory.carousel(today: day, mode: .smart, limit: 3)
            XCTAssertEqual(kept.strip, truth.strip, round)
            XCTAssertEqual(kept.total, truth.total, round)
        }
        try check("worked out")
        try check("kept")
        // Reversed, so each kept row number now names another card (no trigger sees this).
        try index.db.write { db in
            try db.execute(sql: "UPDATE cards SET rowid = -rowid")
            try db.execute(sql: "UPDATE cards SET rowid = (SELECT count(*) FROM cards) + 1 + rowid")
        }
        XCTAssertNotNil(index.remembered("board \(day.iso) 1 2"), "the kept answers are still there")
        try check("renumbered")
        try check("kept again")
    }

    /// The text board counts the cards due later without reading them; the counts are the same.
    func testAKeptBoardCountsTheCardsDueLaterWithoutListingThem() throws {
        let memory = fixture.memory
        for day in ReadFixture.days {
            _ = try index.board(today: day, weekStart: 1, limit: 2)
            index.forgetBuilt()
            let counted = try index.board(today: day, weekStart: 1, limit: 2, listingLater: false)
            let truth = memory.board(today: day, weekStart: 1, limit: 2)
            XCTAssertTrue(counted.later.isEmpty, "\(day)")
            XCTAssertEqual(counted.totals, truth.totals, "\(day)")
            XCTAssertEqual(dumped(counted.columns), dumped(truth.columns), "\(day)")
        }
    }

    /// A path with a tab or a line break is never written into an answer.
    func testAFieldWithALineBreakIsNotKept() {
        XCTAssertNil(MemoText.join([["cards/a\tb.md"]]))
        XCTAssertNil(MemoText.join([["cards/a\nb.md"]]))
        XCTAssertEqual(MemoText.split(MemoText.join([["3"], ["cards/a.md"], ["cards/b c.md"]])!), [["3"], ["cards/a.md"], ["cards/b c.md"]])
    }
}
