@testable import CarouselCore
import XCTest

final class FilterTermsTests: XCTestCase {
    let monday = Day(iso: "2026-11-23")!

    func card(_ slug: String, due: String? = nil, tags: [String] = [], done: Bool = false) -> Card {
        var c = Card(slug: slug, path: "cards/\(slug).md", title: slug)
        c.due = due.flatMap { DateValue(text: $0) }
        c.tags = tags
        if done { c.done = DateValue(text: "2026-11-20") }
        return c
    }

    func slugs(_ words: [String], _ cards: [Card], weekStart: Int = 1) throws -> [String] {
        let t = try FilterTerms.parse(words, dates: DateWords(today: monday, weekStart: weekStart))
        return t.filter.apply(cards, today: monday).map(\.slug)
    }

    func testEndOfWeekIncludesItsLastDayAndOtherDatesAreStrict() throws {
        let cards = [card("sat", due: "2026-11-28"), card("sun", due: "2026-11-29"), card("mon", due: "2026-11-30")]
        XCTAssertEqual(try slugs(["due.before:eow"], cards), ["sat", "sun"])
        XCTAssertEqual(try slugs(["due.before:eow"], cards, weekStart: 7), ["sat"])
        XCTAssertEqual(try slugs(["due.before:2026-11-29"], cards), ["sat"])
        XCTAssertEqual(try slugs(["due.by:2026-11-29"], cards), ["sat", "sun"])
        XCTAssertEqual(try slugs(["due.after:eow"], cards), ["mon"])
        XCTAssertEqual(try slugs(["due:sunday"], cards), ["sun"])
    }

    func testTagsVirtualTagsAndWords() throws {
        let cards = [card("late", due: "2026-11-20", tags: ["home"]), card("free", tags: ["home", "someday"]),
                     card("finished", due: "2026-11-20", done: true), card("soon", due: "2026-11-24", tags: ["work"])]
        XCTAssertEqual(try slugs(["+home", "-someday"], cards), ["late"])
        XCTAssertEqual(try slugs(["+OVERDUE"], cards), ["late"])
        XCTAssertEqual(try slugs(["+SOMEDAY"], cards), ["free"])
        XCTAssertEqual(try slugs(["-SOMEDAY", "-OVERDUE", "status:open"], cards), ["soon"])
        XCTAssertEqual(try slugs(["status:done"], cards), ["finished"])
        let t = try FilterTerms.parse(["3", "call-mum", "+home"], dates: DateWords(today: monday))
        XCTAssertEqual(t.words, ["3", "call-mum"])
        XCTAssertTrue(t.hasTerms)
        XCTAssertThrowsError(try FilterTerms.parse(["colour:red"], dates: DateWords(today: monday)))
        XCTAssertThrowsError(try FilterTerms.parse(["due.before:someday-ish"], dates: DateWords(today: monday)))
    }

    /// What `add` reads as a marker, `list` reads as the same filter: one grammar for both.
    func testCaptureMarkersAreFiltersToo() throws {
        var home = card("home", tags: ["home"]), work = card("work", tags: ["work"])
        home.importance = 5
        home.category = "personal"
        work.spoons = 2
        work.category = "work"
        let cards = [home, work]
        XCTAssertEqual(try slugs(["#home"], cards), ["home"])
        XCTAssertEqual(try slugs(["@work"], cards), ["work"])
        XCTAssertEqual(try slugs(["!5"], cards), ["home"])
        XCTAssertEqual(try slugs(["!high"], cards), ["home"])
        XCTAssertEqual(try slugs(["~2"], cards), ["work"])
        XCTAssertTrue(FilterTerms.isTerm("#home") && FilterTerms.isTerm("@work") && FilterTerms.isTerm("!high"))
        // A number is not a tag (as in Obsidian), and a slug stays a REF.
        let t = try FilterTerms.parse(["#123", "p1", "call-mum"], dates: DateWords(today: monday))
        XCTAssertEqual(t.words, ["#123", "p1", "call-mum"])
        XCTAssertFalse(t.hasTerms)
    }
}
