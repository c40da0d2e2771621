@testable import CarouselCore
import Foundation
import XCTest

/// Home and `suggest` count and rank the open one-off rows on a second connection to the index
/// file while the first reads the repeating cards (`CardIndex.secondRead`). Both ways must give
/// the same carousel, and the second connection must see what the first has written.
final class SecondReadTests: XCTestCase {
    private func makeVault() throws -> Vault {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("second-read-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try Data("week_start: monday\n".utf8).write(to: root.appendingPathComponent("carousel.yaml"))
        var files: [String: String] = [:]
        for i in 1...60 {
            var lines = ["---", "id: 01KSECOND\(String(format: "%04d", i))", "title: Card \(i)", "importance: \(1 + i % 5)"]
            if i % 4 != 0 { lines.append("due: 2026-11-\(String(format: "%02d", 1 + i % 28))") }
            if i % 9 == 0 { lines.append("today: 2026-11-23") }
            if i % 11 == 0 { lines.append("repeat: every week on mon") }
            if i % 13 == 0 { lines.append("wait: 2026-11-20") }
            files["cards/card-\(i).md"] = (lines + ["---", ""]).joined(separator: "\n")
        }
        for (path, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(path)) }
        return try Vault(at: root.path)
    }

    func testTheCarouselIsTheSameWithAndWithoutTheSecondConnection() throws {
        let vault = try makeVault()
        let index = try CardIndex(vault: vault)
        _ = try index.sync()
        XCTAssertNotNil(index.path, "the index is a file")
        let seen = index.secondRead { try Int.fetchOne($0, sql: "SELECT count(*) FROM cards") }?.wait()
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            XCTAssertEqual(seen, 60, "the second connection sees the rows the first wrote")
        }
        for day in ["2026-11-23", "2026-11-30", "2027-01-04"] {
            let today = try XCTUnwrap(Day(iso: day))
            for mode in [Settings.Mode.smart, .linear] {
                for limit in [0, 1, 5, 40] {
                    index.forgetBuilt()
                    index.secondReads = true
                    let both = try index.carouselParts(today: today, mode: mode, limit: limit)
                    let counts = try index.boardCounts(today: today, weekStart: 1)
                    index.forgetBuilt()
                    index.secondReads = false
                    let one = try index.carouselParts(today: today, mode: mode, limit: limit)
                    XCTAssertEqual(both.others, one.others, "\(day) \(mode) \(limit)")
                    XCTAssertEqual(both.plainCount, one.plainCount, "\(day) \(mode) \(limit)")
                    XCTAssertEqual(both.plainFirst, one.plainFirst, "\(day) \(mode) \(limit)")
                    XCTAssertEqual(counts, try index.boardCounts(today: today, weekStart: 1), "\(day)")
                    XCTAssertGreaterThan(one.plainCount, 0)
                }
            }
        }
    }

    /// A range of days is read half on each connection (`cardsOnBothCores`): the same cards, in
    /// the same order, as on one connection.
    func testARangeReadOnBothConnectionsIsTheSameAsOnOne() throws {
        let vault = try makeVault()
        let index = try CardIndex(vault: vault)
        _ = try index.sync()
        for (from, to) in [("2026-11-01", "2026-11-30"), ("2026-11-17", "2026-11-23"), ("2026-11-23", "2026-11-23"), ("2027-01-01", "2027-12-31")] {
            let first = try XCTUnwrap(Day(iso: from)), last = try XCTUnwrap(Day(iso: to))
            index.forgetBuilt()
            index.secondReads = true
            let both = try XCTUnwrap(index.cards(placedFrom: first, to: last))
            let kept = index.built.count
            index.forgetBuilt()
            index.secondReads = false
            let one = try XCTUnwrap(index.cards(placedFrom: first, to: last))
            XCTAssertEqual(both, one, "\(from)...\(to)")
            XCTAssertEqual(kept, index.built.count, "the repeating cards of both halves are kept")
            XCTAssertFalse(one.isEmpty)
        }
    }
}
