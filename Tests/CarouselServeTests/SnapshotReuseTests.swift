import CarouselCore
@testable import CarouselWeb
import Foundation
import XCTest

/// The web server keeps every card between loads and builds again only the cards whose files
/// changed (`Workspace.loadCards(reusing:)`). Whatever changed the files, and whoever brought the
/// index up to date, the cards it shows are exactly those of a fresh load.
final class SnapshotReuseTests: XCTestCase {
    private func freshCards(_ box: WebSandbox) throws -> [Card] {
        try workspace(box).snapshot.cards
    }

    private func workspace(_ box: WebSandbox, writing: Bool = false) throws -> Workspace {
        let moment = Moment(today: try XCTUnwrap(Day(iso: box.today)), minutes: 600, seconds: 0, epochMilliseconds: 1_795_000_000_000)
        return try Workspace(vault: try Vault(at: box.vault.path), moment: moment, environment: box.environment, forWriting: writing)
    }

    func testOnlyTheChangedCardsAreBuiltAgainAndTheResultIsAFreshLoad() throws {
        let box = try WebSandbox()
        try box.initVault(sample: true)
        let first = try workspace(box).loadCards(reusing: nil)
        XCTAssertEqual(first.built, first.cards.count)
        XCTAssertGreaterThan(first.cards.count, 5)

        let nothing = try workspace(box).loadCards(reusing: first)
        XCTAssertEqual(nothing.built, 0, "nothing changed, nothing is built")
        XCTAssertEqual(nothing.cards, first.cards)

        // An editor's edit, a new card, a removed card, a card that no longer parses and a
        // renamed card, all at once.
        let paths = first.cards.map(\.path)
        let edited = paths[0], removed = paths[1], broken = paths[2], renamed = paths[3]
        try box.write(edited, try box.read(edited).replacingOccurrences(of: "title:", with: "title: Edited"))
        try FileManager.default.removeItem(at: box.vault.appendingPathComponent(removed))
        try box.write(broken, "---\ntitle: [unclosed\n---\n")
        try FileManager.default.moveItem(at: box.vault.appendingPathComponent(renamed),
                                         to: box.vault.appendingPathComponent("cards/zz-renamed.md"))
        try box.write("cards/aa-new-card.md", "---\ntitle: A new card\ndue: 2026-11-24\n---\n")
        let after = try workspace(box).loadCards(reusing: first)
        XCTAssertEqual(after.cards, try freshCards(box))
        XCTAssertEqual(after.built, 3, "the edited, the renamed and the new card")
        XCTAssertTrue(after.cards.contains { $0.title.hasPrefix("Edited") })
        XCTAssertFalse(after.cards.contains { $0.path == removed || $0.path == broken || $0.path == renamed })

        // The broken card mended: it is built again, even though nothing else changed.
        try box.write(broken, "---\ntitle: Mended\n---\n")
        let mended = try workspace(box).loadCards(reusing: after)
        XCTAssertEqual(mended.built, 1)
        XCTAssertEqual(mended.cards, try freshCards(box))
    }

    /// Many changes at once (more than are put in place one by one): the cards kept and the
    /// fresh ones are merged in one pass, in the same order as a fresh load.
    func testManyChangesAtOnceAreMergedInOrder() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        for i in 0..<120 { try box.write("cards/card-\(i).md", "---\ntitle: Card \(i)\ndue: 2026-11-\(10 + i % 20)\n---\n") }
        let first = try workspace(box).loadCards(reusing: nil)
        XCTAssertEqual(first.cards.count, 120)
        for i in stride(from: 0, to: 120, by: 3) { try box.write("cards/card-\(i).md", "---\ntitle: Card \(i), edited\n---\n") }
        for i in stride(from: 1, to: 120, by: 7) { try FileManager.default.removeItem(at: box.vault.appendingPathComponent("cards/card-\(i).md")) }
        for i in 200..<230 { try box.write("cards/card-\(i).md", "---\ntitle: Card \(i)\n---\n") }
        let after = try workspace(box).loadCards(reusing: first)
        let edited = Set(stride(from: 0, to: 120, by: 3)).subtracting(stride(from: 1, to: 120, by: 7))
        XCTAssertEqual(after.built, edited.count + 30, "the edited cards still there, and 30 new")
        XCTAssertEqual(after.cards, try freshCards(box))
    }

    /// Two names that differ only in their Unicode normalization are two files: changing one
    /// keeps the other.
    func testNamesThatDifferOnlyInNormalizationAreTwoCards() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        try box.write("cards/caf\u{E9}.md", "---\ntitle: Composed\n---\n")
        try box.write("cards/cafe\u{301}.md", "---\ntitle: Decomposed\n---\n")
        let first = try workspace(box).loadCards(reusing: nil)
        XCTAssertEqual(Set(first.cards.map(\.title)), ["Composed", "Decomposed"])
        try box.write("cards/cafe\u{301}.md", "---\ntitle: Decomposed, edited\n---\n")
        let after = try workspace(box).loadCards(reusing: first)
        XCTAssertEqual(after.built, 1)
        func bytes(_ cards: [Card]) -> [[UInt8]] { cards.map { Array(($0.path + " " + $0.title).utf8) }.sorted { $0.lexicographicallyPrecedes($1) } }
        XCTAssertEqual(bytes(after.cards), bytes(try freshCards(box)))
        XCTAssertEqual(Set(after.cards.map(\.title)), ["Composed", "Decomposed, edited"])
    }

    func testAChangeMadeElsewhereOrAfterTheIndexWasRemovedIsSeen() throws {
        let box = try WebSandbox()
        try box.initVault(sample: true)
        let first = try workspace(box).loadCards(reusing: nil)
        let card = try XCTUnwrap(first.cards.first { $0.repeatRule == nil && $0.done == nil })
        // A command in a terminal brings the index up to date itself: the next load here finds
        // no file to read again, but the row's stamp differs from the one it kept.
        let r = try box.carousel(["done", card.slug, "--vault", box.vault.path])
        XCTAssertEqual(r.status, 0, r.err)
        let afterDone = try workspace(box).loadCards(reusing: first)
        XCTAssertEqual(afterDone.built, 1)
        XCTAssertNotNil(afterDone.cards.first { $0.path == card.path }?.done)
        XCTAssertEqual(afterDone.cards, try freshCards(box))

        // The index rebuilt from scratch holds the same stamps for the same files.
        try FileManager.default.removeItem(at: box.vault.appendingPathComponent(".carousel"))
        let rebuilt = try workspace(box).loadCards(reusing: afterDone)
        XCTAssertEqual(rebuilt.built, 0)
        XCTAssertEqual(rebuilt.cards, afterDone.cards)
    }

    /// A card in a sub-folder of cards/ is a card like any other: an edit to it is seen.
    func testTheServerSeesAnEditInASubFolder() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        try FileManager.default.createDirectory(at: box.vault.appendingPathComponent("cards/work"), withIntermediateDirectories: true)
        try box.write("cards/work/report.md", "---\ntitle: Report\n---\n")
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment,
                               recheckInterval: 0)
        XCTAssertEqual(try store.state().snapshot.cards.map(\.title), ["Report"])
        try box.write("cards/work/report.md", "---\ntitle: Report, edited\n---\n")
        let seen = try store.state()
        XCTAssertEqual(seen.snapshot.cards.map(\.title), ["Report, edited"])
        XCTAssertEqual(try store.state().version, seen.version, "loading changed nothing the next look sees")
    }

    func testTheServerShowsItsOwnChangesAndAnEditorsEdits() throws {
        let box = try WebSandbox()
        try box.initVault(sample: true)
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment,
                               recheckInterval: 0)
        let before = try store.state()
        let card = try XCTUnwrap(before.snapshot.cards.first { $0.repeatRule == nil && $0.done == nil })
        _ = try store.change { ws in try ws.done(card.slug) }
        let afterDone = try store.state()
        XCTAssertGreaterThan(afterDone.version, before.version)
        XCTAssertNotNil(afterDone.snapshot.cards.first { $0.path == card.path }?.done)
        XCTAssertEqual(afterDone.snapshot.cards, try freshCards(box))

        try box.write("cards/from-the-editor.md", "---\ntitle: From the editor\ndue: 2026-11-24\nimportance: 5\n---\n")
        let afterEdit = try store.state()
        XCTAssertTrue(afterEdit.snapshot.cards.contains { $0.title == "From the editor" })
        XCTAssertEqual(afterEdit.snapshot.cards, try freshCards(box))

        // The home page's view, from the index's narrow reads, is the one over every card.
        for state in [before, afterDone, afterEdit] {
            let narrow = try XCTUnwrap(state.home)
            let whole = HomeView.make(state.snapshot, today: state.today, stripLimit: VaultStore.homeStripLimit)
            XCTAssertEqual(narrow.carousel, whole.carousel)
            XCTAssertEqual(narrow.today.items.map { [$0.card.path, "\($0.done)"] }, whole.today.items.map { [$0.card.path, "\($0.done)"] })
            XCTAssertEqual(narrow.countdown.events.map { "\($0.card.path) \($0.date.iso) \($0.daysUntil)" }, whole.countdown.events.map { "\($0.card.path) \($0.date.iso) \($0.daysUntil)" })
            XCTAssertEqual([narrow.carouselTotal, narrow.overdue, narrow.dueToday, narrow.someday, narrow.upcomingEvents, narrow.problems, narrow.scheduledToday],
                           [whole.carouselTotal, whole.overdue, whole.dueToday, whole.someday, whole.upcomingEvents, whole.problems, whole.scheduledToday])
            XCTAssertEqual(BoardView.Column.allCases.map(narrow.count), BoardView.Column.allCases.map(whole.count))
        }
        XCTAssertTrue(afterEdit.home?.carousel.contains { $0.card.title == "From the editor" } ?? false)
    }
}
