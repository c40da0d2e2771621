import Foundation
import XCTest
@testable import CarouselCore

final class ShortNumbersTests: XCTestCase {
    /// At about 25,000 open cards the numbers file passed the size limit of a card file, so it
    /// was never read back: every command numbered the whole vault again and wrote the file.
    func testNumbersOfALargeVaultAreReadBack() throws {
        let day = Day(year: 2026, month: 11, day: 23)!
        let entries = (1...60_000).map { ShortNumbers.Entry(number: $0, id: $0 % 3 == 0 ? nil : "01KID\($0)", path: "cards/card-\($0).md") }
        let numbers = ShortNumbers(date: day, entries: entries)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("numbers.tsv").path
        try Data(numbers.text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertGreaterThan(numbers.text.utf8.count, 1 << 20)
        let read = try XCTUnwrap(ShortNumbers.load(path))
        XCTAssertEqual(read, numbers)
        var card = Card(slug: "card-59999", path: "cards/card-59999.md", title: "x")
        card.id = "01KID59999"
        XCTAssertEqual(read.number(for: card), 59_999)
        card = Card(slug: "card-60000", path: "cards/card-60000.md", title: "x")
        XCTAssertEqual(read.number(for: card), 60_000)
    }

    func testLinesThatDoNotReadAreSkipped() {
        let text = "2026-11-23\n1\t01KA\tcards/a.md\nnot a line\n2\t\tcards/b.md\n3\t01KC\t\n"
        let read = ShortNumbers(text: text)
        XCTAssertEqual(read?.entries.map(\.number), [1, 2])
        XCTAssertNil(ShortNumbers(text: "no date\n1\t\tcards/a.md\n"))
    }

    /// A view reads only the lines of the cards it shows: the same number for each of them as
    /// the whole file gives, for cards with and without ids, a card whose id changed since it
    /// was numbered, a path numbered twice, and lines that do not read.
    func testAViewReadsTheSameNumbersFromTheLinesItNeeds() {
        var text = "2026-11-23\n"
        for n in 1...5000 { text += "\(n)\t\(n % 4 == 0 ? "" : "01KID\(n)")\tcards/card-\(n).md\n" }
        text += "not a line\n5001\t\tcards/card-7.md\n5002\t01KNEW\tcards/card-8.md\nx\t01KID9\tcards/z.md\n5003\t01KC\t\n-4\t\tcards/neg.md\n"
        let full = ShortNumbers(text: text)!
        var shown: [Card] = []
        for n in [1, 4, 7, 8, 9, 12, 4999, 5000, 6000] {
            var card = Card(slug: "card-\(n)", path: "cards/card-\(n).md", title: "x")
            if n % 4 != 0 { card.id = "01KID\(n)" }
            shown.append(card)
        }
        var renamed = Card(slug: "card-8", path: "cards/card-8.md", title: "x")
        renamed.id = "01KNEW"
        shown.append(renamed)
        shown.append(Card(slug: "card-7", path: "cards/card-7.md", title: "x"))
        let partial = ShortNumbers(bytes: Array(text.utf8), keeping: .init(cards: shown))!
        XCTAssertEqual(partial.date, full.date)
        XCTAssertLessThan(partial.entries.count, 20)
        for card in shown { XCTAssertEqual(partial.number(for: card), full.number(for: card), card.path) }
        let one = ShortNumbers(bytes: Array(text.utf8), keeping: .init(number: 5001))!
        XCTAssertEqual(one.entries, full.entries.filter { $0.number == 5001 })
        XCTAssertNil(ShortNumbers(bytes: Array("no date\n1\t\tcards/a.md\n".utf8), keeping: .init(number: 1)))
    }

    /// A file over 256 KB is scanned in two halves on two cores: the kept lines are the ones a
    /// single pass keeps, in the file's order, wherever the cut falls (every line is asked for
    /// in turn around the middle).
    func testALargeFileScannedInTwoHalvesKeepsWhatOnePassKeeps() {
        var text = "2026-11-23\n\n"
        for n in 1...12_000 { text += "\(n)\t\(n % 5 == 0 ? "" : "01KIDLONGER\(n)")\tcards/some-longer-folder/card-\(n).md\n" }
        XCTAssertGreaterThan(text.utf8.count, 1 << 18)
        let full = ShortNumbers(text: text)!
        func card(_ n: Int) -> Card {
            var card = Card(slug: "card-\(n)", path: "cards/some-longer-folder/card-\(n).md", title: "x")
            if n % 5 != 0 { card.id = "01KIDLONGER\(n)" }
            return card
        }
        let spread = [1, 2, 999, 5_998, 5_999, 6_000, 6_001, 6_002, 11_999, 12_000].map(card)
        let partial = ShortNumbers(bytes: Array(text.utf8), keeping: .init(cards: spread))!
        XCTAssertEqual(partial.date, "2026-11-23")
        XCTAssertEqual(partial.entries, full.entries.filter { e in spread.contains { $0.path == e.path } })
        for middle in 5_980...6_020 {
            let one = ShortNumbers(bytes: Array(text.utf8), keeping: .init(cards: [card(middle)]))!
            XCTAssertEqual(one.entries.map(\.number), [middle])
        }
    }
}
