import XCTest

final class FocusAndReflectTests: XCTestCase {
    func testFocusWithMinutesElapsedRecordsASessionAndCommits() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let r = try s.carousel(["focus", "--minutes-elapsed", "30", "--card", "call-mum", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        XCTAssertEqual(json["minutes"] as? Int, 30)
        XCTAssertEqual(json["planned"] as? Int, 25)
        XCTAssertEqual(json["card"] as? String, "call-mum")
        XCTAssertEqual(try s.log().first, "focus: 30 min on Call Mum")
        let journal = try s.read("journal/2026/2026-11-23.md")
        XCTAssertTrue(journal.contains("focus: [{start: \""), journal)
        XCTAssertTrue(journal.contains("planned: 25, minutes: 30, card: call-mum}]"), journal)
        XCTAssertEqual(try s.carousel(["focus", "15", "--minutes-elapsed", "15"]).status, 0)
        XCTAssertTrue(try s.read("journal/2026/2026-11-23.md").contains("}, {start: "))
        // Other commands keep the sessions when they rewrite the journal.
        XCTAssertEqual(try s.carousel(["pull", "call-mum"]).status, 0)
        XCTAssertTrue(try s.read("journal/2026/2026-11-23.md").contains("card: call-mum}"))
        let csv = try s.carousel(["export", "--format", "csv", "--kind", "focus"]).stdout
        XCTAssertTrue(csv.hasPrefix("date,start,planned,minutes,card\r\n"))
        XCTAssertEqual(csv.components(separatedBy: "\r\n").filter { $0.hasPrefix("2026-11-23,") }.count, 2)
        try s.assertClean()
    }

    func testLiveTimerNeedsATerminal() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["focus"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("--minutes-elapsed"), r.stderr)
        XCTAssertEqual(try s.carousel(["focus", "0"]).status, 2)
    }

    func testReflectionsOneOfEachPerDay() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["reflect", "--morning", "--sleep", "4", "Slept well"]).status, 0)
        XCTAssertEqual(try s.carousel(["reflect", "--night", "A good, quiet day"]).status, 0)
        let again = try s.carousel(["reflect", "--morning", "Actually, tired"])
        XCTAssertTrue(again.stdout.contains("Replaced this morning's reflection"), again.stdout)
        let journal = try s.read("journal/2026/2026-11-23.md")
        XCTAssertTrue(journal.contains("reflection_morning: \"Actually, tired\""), journal)
        XCTAssertTrue(journal.contains("reflection_night: \"A good, quiet day\""), journal)
        XCTAssertTrue(journal.contains("sleep: 4"), journal)
        XCTAssertEqual(try s.log().prefix(3), ["reflect: morning (replaced)", "reflect: night", "reflect: morning"])
        XCTAssertEqual(try s.carousel(["reflect", "--morning", "--night", "x"]).status, 2)
        XCTAssertEqual(try s.carousel(["reflect", "--night"]).status, 1, "no text and no terminal to ask on")
        let csv = try s.carousel(["export", "--format", "csv", "--kind", "reflections"]).stdout
        XCTAssertTrue(csv.contains("2026-11-23,morning,\"Actually, tired\",4"), csv)
        try s.assertClean()
    }

    func testCompletionScriptAndManPage() throws {
        let s = try Sandbox()
        let bash = try s.carousel(["--generate-completion-script", "bash"], vaultFlag: false)
        XCTAssertEqual(bash.status, 0, bash.stderr)
        XCTAssertTrue(bash.stdout.contains("---completion edit -- positional@0"), "REF completes slugs")
        let man = try Sandbox.run(Sandbox.binary, ["generate-man"], env: s.environment, cwd: s.root)
        XCTAssertTrue(man.stdout.hasPrefix(".TH CAROUSEL 1"))
        XCTAssertTrue(man.stdout.contains(".SS export"))
    }
}

final class InitTourTests: XCTestCase {
    func testNoTourWithoutATerminalOrWithNoTour() throws {
        let s = try Sandbox()
        let r = try s.carousel(["init", s.vault.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("A quick tour"))
        XCTAssertEqual(try s.log(), ["init: new vault"])
        let t = try Sandbox()
        XCTAssertEqual(try t.carousel(["init", t.vault.path, "--no-tour"]).status, 0)
        XCTAssertEqual(try t.log().count, 1)
    }
}
