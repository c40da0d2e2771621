import Foundation
import XCTest

/// A cold index of many cards (parsed in batches on every core, SQLite indexes built after the
/// rows) answers exactly as an index built a few files at a time.
final class ColdIndexTests: XCTestCase {
    func testColdIndexOfManyCardsAnswersAsAnIndexBuiltInSteps() throws {
        let s = try Sandbox()
        try s.initVault()
        func write(_ range: ClosedRange<Int>) throws {
            for i in range {
                let dated = i % 3 == 0 ? "due: 2026-11-\(String(format: "%02d", i % 28 + 1))\n" : ""
                let today = i % 97 == 0 ? "today: 2026-11-23\n" : ""
                let folder = i % 10 == 0 ? "archive/" : ""
                try s.write("cards/\(folder)card-\(i).md", "---\nid: COLD\(i)\ntitle: Card number \(i)\nspoons: \(i % 5 + 1)\ntags: [t\(i % 7)]\n\(dated)\(today)---\nBody of card \(i), word\(i % 13).\n")
            }
        }
        try write(1...1000)
        // Built in steps: 1,000 files, then 1,500 more on top of a filled index.
        XCTAssertEqual(try s.carousel(["index", "--json"]).json()["parsed"] as? Int, 1000)
        try write(1001...2500)
        XCTAssertEqual(try s.carousel(["index", "--json"]).json()["parsed"] as? Int, 1500)
        let queries = [["list", "--json"], ["today", "--json"], ["show", "card-1234", "--json"], ["search", "word7", "--json"],
                       ["calendar", "--month", "--json"], ["list", "+t3", "--json"]]
        let stepped = try queries.map { try s.carousel($0).stdout }
        // Cold: every file parsed in one go.
        try s.removeLocalStateKeepingNumbers()
        let stats = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(stats["parsed"] as? Int, 2500)
        XCTAssertEqual(stats["rebuilt"] as? Bool, true)
        for (query, expected) in zip(queries, stepped) {
            XCTAssertEqual(try s.carousel(query).stdout, expected, "\(query)")
        }
        XCTAssertTrue(stepped[0].contains("card-2500"))
        // The next refresh reads nothing again.
        XCTAssertEqual(try s.carousel(["index", "--json"]).json()["parsed"] as? Int, 0)
    }
}
