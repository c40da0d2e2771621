import XCTest

/// What people bring from Todoist, TaskNotes and Taskwarrior, typed at the command line: the
/// capture line and its "Understood:" echo, other tools' command words, their filter words and
/// Taskwarrior's order of words.
final class OtherToolsWordsTests: XCTestCase {
    /// `add "dentist fri 9:30 !high #health"` gave up on the whole line (no date, no time).
    func testTheDentistIsNotMissed() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["add", "dentist fri 9:30 !high #health"], env: ["CAROUSEL_NOW": "2026-11-23T08:00"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Understood: title \"dentist\" · due Fri 27 Nov · starts 09:30 · tag health · importance 5"), r.stdout)
        let card = try s.carousel(["show", "dentist", "--json"]).json()
        XCTAssertEqual(card["due"] as? String, "2026-11-27")
        XCTAssertEqual(card["importance"] as? Int, 5)
    }

    /// A marker not understood stays in the title and is named, with what would work.
    func testAnUnknownMarkerIsNamedAndKept() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["add", "Call plumber !urgent tomorrow"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("due Tue 24 Nov"), r.stdout)
        XCTAssertTrue(r.stdout.contains("kept in the title: !urgent (importance is !1–!5, !high, !medium, !low, p1–p4"), r.stdout)
        XCTAssertTrue(try s.read("cards/call-plumber-urgent.md").contains("title: Call plumber !urgent"))
    }

    /// "call mum at 5" typed at 21:23 was 05:00 that morning, already past.
    func testAtFiveIsTheNextFiveOClock() throws {
        let s = try Sandbox()
        try s.initVault()
        let afternoon = try s.carousel(["add", "call mum at 5", "--json"], env: ["CAROUSEL_NOW": "2026-11-23T10:00"]).json()
        XCTAssertEqual(afternoon["start"] as? String, "2026-11-23T17:00")
        let late = try s.carousel(["add", "call dad at 5", "--json"], env: ["CAROUSEL_NOW": "2026-11-23T21:23"]).json()
        XCTAssertEqual(late["start"] as? String, "2026-11-24T05:00")
        XCTAssertEqual(late["due"] as? String, "2026-11-24")
    }

    func testOtherToolsCommandWordsGetCarouselsCommand() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let cases: [([String], String)] = [
            (["remove", "call-mum"], "Carousel calls it 'rm': `carousel rm call-mum`"),
            (["delete", "3"], "Carousel calls it 'rm'"),
            (["complete", "3"], "Carousel calls it 'done'"),
            (["ls"], "Carousel calls it 'list'"),
            (["next"], "Carousel calls it 'pick'"),
            (["3", "done"], "the command comes first in Carousel, then the card: `carousel done 3`"),
            (["call-mum", "done"], "`carousel done call-mum`"),
        ]
        for (args, said) in cases {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            XCTAssertTrue(r.stderr.contains(said), "\(args): \(r.stderr)")
        }
        XCTAssertTrue(try s.carousel(["don", "x"]).stderr.contains("Did you mean 'done'?"), "typos as before")
        let filter = try s.carousel(["list", "prority:H"])
        XCTAssertEqual(filter.status, 2)
        XCTAssertTrue(filter.stderr.contains("Did you mean 'priority:'?"), filter.stderr)
    }

    /// `list priority:H` was refused though `add` takes it.
    func testListTakesPriorityAsAddDoes() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Pay bills priority:H"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Dust shelves priority:L"]).status, 0)
        let high = try s.carousel(["list", "priority:H", "--json"])
        XCTAssertEqual(high.status, 0, high.stderr)
        XCTAssertEqual(try high.json().cards().compactMap { $0["slug"] as? String }, ["pay-bills"])
        XCTAssertEqual(try s.carousel(["list", "priority:l", "--json"]).json().cards().compactMap { $0["slug"] as? String }, ["dust-shelves"])
    }

    /// `list -o` was read as "not tagged o" and so silently changed nothing.
    func testAShortOptionIsNotSilentlyIgnored() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let r = try s.carousel(["list", "-o"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown option '-o'"), r.stderr)
        let typo = try s.carousel(["list", "--overdeu"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("Did you mean '--overdue'?"), typo.stderr)
    }

    /// `move milk "this week"` was refused.
    func testMoveTakesTheColumnAsTyped() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Buy milk"]).status, 0)
        let r = try s.carousel(["move", "buy-milk", "this week", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["column"] as? String, "this_week")
    }
}
