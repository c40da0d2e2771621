import XCTest

/// The words people type reach the card or the command they mean: any word of a title, git's
/// `-n`, a file's own extension, and an import whose one bad line does not stop the rest.
final class EverydayWordsTests: XCTestCase {
    func testAnyWordOfATitleNamesTheCardWhenItIsTheOnlyOne() throws {
        let s = try Sandbox()
        try s.initVault()
        for title in ["Take out recycling", "Water the ferns", "Water the roses"] {
            XCTAssertEqual(try s.carousel(["add", title]).status, 0)
        }
        let done = try s.carousel(["done", "recycling"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(try s.log().first, "done: Take out recycling")
        XCTAssertEqual(try s.carousel(["show", "ferns", "--json"]).json()["slug"] as? String, "water-the-ferns")

        // Two cards with that word: an error that lists both, and nothing changes.
        let count = try s.log().count
        let both = try s.carousel(["done", "the"])
        XCTAssertEqual(both.status, 1)
        XCTAssertTrue(both.stderr.contains("water-the-ferns") && both.stderr.contains("water-the-roses"), both.stderr)
        XCTAssertEqual(try s.log().count, count)
        // A piece of a word is not a word.
        XCTAssertNotEqual(try s.carousel(["done", "cycling"]).status, 0)
        XCTAssertEqual(try s.log().count, count)
    }

    func testLogTakesGitsDashN() throws {
        let s = try Sandbox()
        try s.initVault()
        for title in ["One", "Two", "Three", "Four"] { XCTAssertEqual(try s.carousel(["add", title]).status, 0) }
        let r = try s.carousel(["log", "-n", "3", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let entries = try XCTUnwrap(try r.json()["changes"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 3)
        XCTAssertEqual(entries.first?["summary"] as? String, "add: Four")
    }

    func testImportReadsTheFormatFromTheFileName() throws {
        let s = try Sandbox()
        try s.initVault()
        let ics = s.root.appendingPathComponent("party.ics")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:party-1\r\nDTSTART;VALUE=DATE:20261205\r\nSUMMARY:Street party\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: ics, atomically: false, encoding: .utf8)
        var r = try s.carousel(["import", ics.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "import: 1 card from iCalendar")
        let todo = s.root.appendingPathComponent("todo.txt")
        try "Call the plumber +home\n".write(to: todo, atomically: false, encoding: .utf8)
        r = try s.carousel(["import", todo.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "import: 1 card from todo.txt")
        let tasks = s.root.appendingPathComponent("tasks.json")
        try "[{\"description\": \"Fix the gate\", \"status\": \"pending\", \"uuid\": \"b0000000-0000-0000-0000-000000000001\", \"entry\": \"20261101T090000Z\"}]"
            .write(to: tasks, atomically: false, encoding: .utf8)
        r = try s.carousel(["import", tasks.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try s.log().first, "import: 1 card from Taskwarrior")

        let other = s.root.appendingPathComponent("notes.md")
        try "Something\n".write(to: other, atomically: false, encoding: .utf8)
        r = try s.carousel(["import", other.path])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("--from"), r.stderr)
    }

    func testABadLineInATodoTxtImportIsReportedAndTheRestComesIn() throws {
        let s = try Sandbox()
        try s.initVault()
        let file = s.root.appendingPathComponent("todo.txt")
        try "Call Mum\nPay rent due:2026-13-45\nBuy stamps due:tomorrow\nWater plants\n".write(to: file, atomically: false, encoding: .utf8)
        let r = try s.carousel(["import", "--from", "todotxt", file.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("todo.txt:2: due:2026-13-45 is not a date"), r.stderr)
        XCTAssertEqual(try s.log().first, "import: 4 cards from todo.txt")
        let rent = try s.read("cards/pay-rent.md")
        XCTAssertTrue(rent.contains("todotxt_due: 2026-13-45"), rent)
        XCTAssertFalse(rent.contains("\ndue:"), rent)
        XCTAssertTrue(try s.read("cards/buy-stamps.md").contains("\ndue: 2026-11-24\n"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/water-plants.md").path))
        try s.assertClean()
    }

    func testAddKeepsDateWordsInsideATitle() throws {
        let s = try Sandbox()
        try s.initVault()
        let cases: [([String], String, String?)] = [
            (["add", "Read Tomorrow Never Dies"], "Read Tomorrow Never Dies", nil),
            (["add", "Yesterday", "task"], "Yesterday task", nil),
            (["add", "Watch Friday Night Lights"], "Watch Friday Night Lights", nil),
            (["add", "Buy", "2", "apples"], "Buy 2 apples", nil),
            (["add", "Call", "Mum", "fri", "3pm"], "Call Mum", "2026-11-27"),
        ]
        for (args, title, due) in cases {
            let r = try s.carousel(args + ["--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let card = try r.json()
            XCTAssertEqual(card["title"] as? String, title, "\(args)")
            XCTAssertEqual(card["due"] as? String, due, "\(args)")
        }
        XCTAssertTrue(try s.read("cards/call-mum.md").contains("start: 2026-11-27T15:00"))
    }
}
