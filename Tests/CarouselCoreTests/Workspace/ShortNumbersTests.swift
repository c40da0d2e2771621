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
}
