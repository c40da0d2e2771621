import Foundation
import XCTest

/// Short numbers per open card, several REFs in one commit, and REFs that are wrong.
final class ShortNumberTests: XCTestCase {
    /// Slug → today's number, from `list --json`.
    func numbers(_ s: Sandbox) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for card in try s.carousel(["list", "--json"]).json().cards() {
            if let slug = card["slug"] as? String, let n = card["number"] as? Int { out[slug] = n }
        }
        return out
    }

    func testDoneByNumberAndNumbersStayForTheDay() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum", "--due", "2026-11-24"])
        try s.carousel(["add", "Pack bag", "--due", "2026-11-23"])
        try s.carousel(["add", "Read a book"])
        // The first view of the day numbers the open cards: soonest due first, undated last.
        XCTAssertEqual(try numbers(s), ["pack-bag": 1, "call-mum": 2, "read-a-book": 3])
        let done = try s.carousel(["done", "2"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try s.log().first, "done: Call Mum")
        // A card added later gets the next number; nobody else moves, and the done card keeps 2.
        try s.carousel(["add", "Water plants", "--due", "2026-11-23"])
        let after = try numbers(s)
        XCTAssertEqual(after["pack-bag"], 1)
        XCTAssertEqual(after["read-a-book"], 3)
        XCTAssertEqual(after["water-plants"], 4)
        XCTAssertEqual(after["call-mum"], 2, "a card done today keeps its number")
        let text = try s.carousel(["list"]).stdout
        XCTAssertTrue(text.split(separator: "\n").contains { $0.hasPrefix("  ✓") && $0.contains("call-mum") }, "text shows a tick, not the number: \(text)")
        let undone = try s.carousel(["undone", "2", "--json"]).json()
        XCTAssertEqual(undone["slug"] as? String, "call-mum")
        // The next day numbers start again from what is open, soonest due first, undated last.
        s.today = "2026-11-24"
        XCTAssertEqual(try numbers(s), ["pack-bag": 1, "water-plants": 2, "call-mum": 3, "read-a-book": 4])
        try s.assertClean()
    }

    func testViewsShowTheNumbers() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Pack bag", "--due", "2026-11-23"])
        try s.carousel(["add", "Call Mum", "--due", "2026-11-25"])
        try s.carousel(["pull", "call-mum"])
        let today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().first?["number"] as? Int, 2)
        let suggest = try s.carousel(["suggest", "--json"]).json()
        XCTAssertEqual(suggest.cards().first?["number"] as? Int, 1)
        let home = try s.carousel(["home"]).stdout
        XCTAssertTrue(home.split(separator: "\n").contains { $0.hasPrefix("    2 ○ ") && $0.contains("Call Mum") }, home)
        let board = try s.carousel(["board"]).stdout
        XCTAssertTrue(board.split(separator: "\n").contains { $0.hasPrefix("    1 ● ") && $0.contains("Pack bag") }, board)
        try s.carousel(["add", "Concert", "--kind", "event", "--due", "2026-12-05"])
        try s.carousel(["add", "Stand-up", "--due", "tomorrow 9am"])
        let countdown = try s.carousel(["countdown", "--json"]).json()
        // Both new cards are numbered at the next view, soonest due first.
        XCTAssertEqual((countdown["events"] as? [[String: Any]])?.first?["number"] as? Int, 4)
        let timeline = try s.carousel(["timeline", "tomorrow", "--json"]).json()
        XCTAssertEqual((timeline["items"] as? [[String: Any]])?.first?["number"] as? Int, 3)
        XCTAssertTrue(try s.carousel(["calendar", "--day", "2026-12-05"]).stdout.contains("carousel pull 4"))
    }

    /// A view's numbers are kept with the numbers file's stamp: asked again they are the same,
    /// and a file rewritten since (here by hand, as a new day's numbering does) is read again.
    func testKeptNumbersFollowTheNumbersFile() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Pack bag", "--due", "2026-11-23"])
        try s.carousel(["add", "Call Mum", "--due", "2026-11-24"])
        func shown() throws -> [String: Int] {
            var out: [String: Int] = [:]
            for card in try s.carousel(["suggest", "--json"]).json().cards() {
                if let slug = card["slug"] as? String, let n = card["number"] as? Int { out[slug] = n }
            }
            return out
        }
        // Numbered, then read from the file and kept, then read back.
        for _ in 0..<3 { XCTAssertEqual(try shown(), ["pack-bag": 1, "call-mum": 2]) }
        let file = s.vault.appendingPathComponent(".carousel/numbers.tsv")
        let text = try String(contentsOf: file, encoding: .utf8)
        let swapped = text.split(separator: "\n").map { line -> String in
            if line.hasPrefix("1\t") { return "7" + line.dropFirst() }
            if line.hasPrefix("2\t") { return "8" + line.dropFirst() }
            return String(line)
        }.joined(separator: "\n") + "\n"
        try swapped.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try shown(), ["pack-bag": 7, "call-mum": 8])
        XCTAssertEqual(try s.carousel(["done", "8"]).status, 0)
        XCTAssertEqual(try s.log().first, "done: Call Mum")
    }

    func testListFitsTheColumnsAndNeverCutsTheSlug() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        try s.write("cards/long.md", "---\ntitle: A card with a really rather long title that goes on and on past any screen\ntags: [one, two, three]\n---\n")
        let slugs = try s.carousel(["list", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        for width in [60, 100] {
            let r = try s.carousel(["list"], env: ["COLUMNS": String(width)])
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            for line in lines { XCTAssertLessThanOrEqual(columns(line), width, "at \(width): \(line)") }
            for slug in slugs { XCTAssertTrue(lines.contains { $0.contains(" " + slug + " ") || $0.hasSuffix(" " + slug) }, "\(slug) cut at \(width)") }
        }
    }

    func testSeveralRefsAreOneCommit() throws {
        let s = try Sandbox()
        try s.initVault()
        for title in ["Call Mum", "Pack bag", "Book dentist"] { try s.carousel(["add", title]) }
        let n = try numbers(s)
        let commits = try s.log().count
        let pack = try XCTUnwrap(n["pack-bag"]), dentist = try XCTUnwrap(n["book-dentist"])
        let r = try s.carousel(["done", String(pack), String(dentist), "call-mum"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().count, commits + 1)
        XCTAssertEqual(try s.log().first, "done: Pack bag, Book dentist and Call Mum")
        let open = try s.carousel(["list", "status:open", "--json"]).json().cards()
        XCTAssertEqual(open.count, 0)
        try s.assertClean()
    }

    func testAmbiguousRefListsTenAndCountsTheRest() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...13 { try s.carousel(["add", "Water plant \(i)"]) }
        let r = try s.carousel(["done", "water"])
        XCTAssertEqual(r.status, 1)
        let candidates = r.stderr.split(separator: "\n").filter { $0.contains("water-plant-") }
        XCTAssertEqual(candidates.count, 10, r.stderr)
        XCTAssertTrue(r.stderr.contains("… and 3 more"), r.stderr)
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "")
    }

    func testUnknownRefSuggestsTheNearest() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"])
        let r = try s.carousel(["done", "cal-mum"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no card 'cal-mum'. Did you mean 'call-mum'?"), r.stderr)
        let number = try s.carousel(["done", "42"])
        XCTAssertEqual(number.status, 1)
        XCTAssertTrue(number.stderr.contains("no card has number 42 today"), number.stderr)
    }

    /// Terminal columns of plain text: emoji and wide characters take two.
    func columns(_ text: String) -> Int {
        text.reduce(0) { sum, ch in
            let wide = ch.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
            return sum + (wide ? 2 : 1)
        }
    }
}
