@testable import CarouselCore
import XCTest

final class CardRefTests: XCTestCase {
    let monday = Day(iso: "2026-11-23")!

    func card(_ slug: String, due: String? = nil, done: Bool = false, id: String? = nil) -> Card {
        var c = Card(slug: slug, path: "cards/\(slug).md", title: slug.replacingOccurrences(of: "-", with: " ").capitalized)
        c.id = id
        c.due = due.flatMap { DateValue(text: $0) }
        if done { c.done = DateValue(text: "2026-11-22") }
        return c
    }

    func testNumbersFollowDueDateAndStayForTheDay() {
        var cards = [card("later", due: "2026-12-01"), card("undated"), card("soon", due: "2026-11-24"), card("finished", done: true)]
        let first = ShortNumbers.assign(previous: nil, cards: cards, today: monday)
        XCTAssertEqual(first.number(for: cards[2]), 1)
        XCTAssertEqual(first.number(for: cards[0]), 2)
        XCTAssertEqual(first.number(for: cards[1]), 3)
        XCTAssertNil(first.number(for: cards[3]))
        // "soon" is done and a new card arrives: nobody is renumbered, the new card gets 4.
        cards[2].done = DateValue(text: "2026-11-23")
        cards.append(card("new", due: "2026-11-23"))
        let again = ShortNumbers.assign(previous: first, cards: cards, today: monday)
        XCTAssertEqual(again.number(for: cards[2]), 1)
        XCTAssertEqual(again.number(for: cards[4]), 4)
        XCTAssertEqual(again.card(numbered: 1, in: cards)?.slug, "soon")
        // The next day starts again from 1 with what is open then.
        XCTAssertEqual(ShortNumbers(text: again.text), again, "the cache file reads back")
        // A card made again at a removed card's path is a new card with a new number.
        var remade = cards
        remade[4] = card("new", due: "2026-11-23", id: "01KNEW")
        let renumbered = ShortNumbers.assign(previous: ShortNumbers.assign(previous: nil, cards: [card("new", id: "01KOLD")], today: monday),
                                             cards: remade, today: monday)
        XCTAssertEqual(renumbered.number(for: remade[4]), 2, "1 stays with the removed card")
        XCTAssertNil(renumbered.card(numbered: 1, in: remade))
        XCTAssertNil(ShortNumbers(text: "not a date\n1\t\tcards/a.md\n"))
        let tomorrow = ShortNumbers.assign(previous: again, cards: cards, today: monday.adding(days: 1))
        XCTAssertEqual(tomorrow.number(for: cards[4]), 1)
        XCTAssertNil(tomorrow.number(for: cards[2]))
    }

    func testResolveByNumberSlugIdAndPrefix() throws {
        let cards = [card("call-mum", id: "01KAAA"), card("call-the-bank", id: "01KBBB"), card("pack-bag", due: "2026-11-24")]
        let numbers = ShortNumbers.assign(previous: nil, cards: cards, today: monday)
        XCTAssertEqual(try CardRef.resolve("1", cards: cards, numbers: numbers).slug, "pack-bag")
        XCTAssertEqual(try CardRef.resolve("call-mum", cards: cards, numbers: numbers).slug, "call-mum")
        XCTAssertEqual(try CardRef.resolve("01KB", cards: cards, numbers: numbers).slug, "call-the-bank")
        XCTAssertEqual(try CardRef.resolve("pack", cards: cards, numbers: numbers).slug, "pack-bag")
        XCTAssertThrowsError(try CardRef.resolve("9", cards: cards, numbers: numbers)) { error in
            XCTAssertEqual((error as? CarouselError)?.errorDescription, "no card has number 9 today. `carousel list` shows today's numbers.")
        }
    }

    func testUnknownRefSuggestsTheNearest() {
        let cards = [card("call-mum"), card("pack-bag"), card("book-club")]
        XCTAssertThrowsError(try CardRef.resolve("cal-mum", cards: cards, numbers: nil)) { error in
            XCTAssertEqual((error as? CarouselError)?.errorDescription, "no card 'cal-mum'. Did you mean 'call-mum'?")
        }
        XCTAssertEqual(CardRef.nearest("pakc-bag", in: cards).map(\.slug), ["pack-bag"])
        XCTAssertEqual(CardRef.nearest("zzzz", in: cards), [])
        XCTAssertEqual(Nearest.distance("kitten", "sitting"), 3)
    }

    /// `nearest` compares ASCII slugs and titles as bytes: each score must be the one the
    /// comparison by characters gives, for needles that are close, contained, longer, shorter, in
    /// capitals or not ASCII, among slugs and titles that are and are not ASCII.
    func testNearestByBytesIsNearestByCharacters() {
        let words = ["call", "mum", "Call-Mum", "pack", "bag", "café", "crème", "book", "club", "x", "", "water", "plants"]
        var cards: [Card] = []
        for (i, a) in words.enumerated() {
            for b in words.prefix(6) {
                var c = card(a.isEmpty ? "c\(i)" : "\(a)-\(b)".lowercased())
                c.title = "\(b) \(a) Title \(i)"
                cards.append(c)
            }
        }
        cards.append(card("line"))
        cards[cards.count - 1].title = "two\r\nlines"
        var asked = 0
        for needle in ["cal-mum", "call", "mum-call", "pakc-bag", "cafe", "café-call", "crème", "title 3", "TITLE", "b", "bo", "zzzz",
                       "water-plants-and-more", "x-", "\r", "\n", "two\r", "e\u{301}"] {
            var bytes = ASCIIDistance(needle)
            for card in cards {
                guard let score = bytes?.score(slug: card.slug, title: card.title) else { continue }
                XCTAssertEqual(score, CardRef.score(card, byCharacters: needle), "\(needle) ~ \(card.slug) (\(card.title))")
                asked += 1
            }
        }
        XCTAssertGreaterThan(asked, 500, "most pairs are ASCII")
        XCTAssertNil(ASCIIDistance("café"))
        var plain = ASCIIDistance("cafe")
        XCTAssertNil(plain?.score(slug: "café", title: "x"))
        XCTAssertNil(plain?.score(slug: "line", title: "two\r\nlines"), "CR LF is one character")
    }

    func testCandidatesLineUpTheirNumbers() {
        let cards = (1...12).map { card("walk-\($0)", due: "2026-11-\(String(format: "%02d", 23 + $0 % 5))") }
        let numbers = ShortNumbers.assign(previous: nil, cards: cards, today: monday)
        XCTAssertThrowsError(try CardRef.resolve("walk", cards: cards, numbers: numbers)) { error in
            let lines = ((error as? CarouselError)?.errorDescription ?? "").split(separator: "\n").dropFirst().prefix(10)
            XCTAssertEqual(lines.count, 10)
            // Every slug starts in the same column, whether its number has one digit or two.
            XCTAssertEqual(Set(lines.map { $0.firstRange(of: "walk-")?.lowerBound.utf16Offset(in: $0) }).count, 1, lines.joined(separator: "\n"))
            XCTAssertTrue(lines.contains { $0.hasPrefix("   ") } && lines.contains { $0.hasPrefix("  1") }, lines.joined(separator: "\n"))
        }
    }

    func testAmbiguousRefListsTenAndCountsTheRest() {
        let cards = (1...14).map { card("water-plant-\($0)") }
        XCTAssertThrowsError(try CardRef.resolve("water", cards: cards, numbers: nil)) { error in
            let text = (error as? CarouselError)?.errorDescription ?? ""
            let lines = text.split(separator: "\n")
            XCTAssertEqual(lines.count, 1 + 10 + 1, text)
            XCTAssertEqual(lines.last, "  … and 4 more")
        }
    }
}
