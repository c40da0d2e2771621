import CarouselGit
import Foundation
import XCTest

/// Taskwarrior-style filters on `list`, and bulk `done`, `rm`, `set` and `pull`.
final class FilterTests: XCTestCase {
    /// A vault on Monday 2026-11-23 with cards made for filtering.
    func vault() throws -> Sandbox {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Fix the tap", "--tags", "home", "--category", "personal", "--due", "2026-11-25"])
        try s.carousel(["add", "Paint the fence", "--tags", "home,someday", "--category", "personal", "--due", "2026-11-26"])
        try s.carousel(["add", "Clean the garage", "--tags", "home", "--category", "personal", "--due", "2026-12-10"])
        try s.carousel(["add", "Write report", "--tags", "home", "--category", "work", "--due", "2026-11-27"])
        try s.carousel(["add", "Tidy desk", "--tags", "home", "--category", "work", "--due", "2026-11-24"])
        try s.carousel(["add", "Plan party", "--tags", "fun", "--kind", "event", "--due", "2026-11-28"])
        try s.carousel(["add", "Learn piano", "--tags", "home"])
        return s
    }

    func slugs(_ s: Sandbox, _ args: [String]) throws -> [String] {
        let r = try s.carousel(["list"] + args + ["--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.json().cards().compactMap { $0["slug"] as? String }
    }

    /// A list shows its first 50 cards and counts the rest, on a terminal or in a pipe;
    /// `--all`, `--limit 0` and `limit:0` show every card, and `--json` lists every card.
    func testAListShowsItsFirstFiftyAndCountsTheRest() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...57 {
            try s.write("cards/late-\(String(format: "%02d", i)).md", "---\ntitle: Late \(i) tea\ndue: 2026-10-\(String(format: "%02d", 1 + i % 28))\n---\n")
        }
        func lines(_ r: RunResult) -> Int { r.stdout.components(separatedBy: "\n").filter { $0.contains("Late ") }.count }
        let list = try s.carousel(["list", "--overdue"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(lines(list), 50)
        XCTAssertTrue(list.stdout.hasSuffix("… and 7 more: `--all` shows every card\n57 cards\n"), list.stdout)
        // The most overdue come first: 1 October's cards (late-28, late-56), not 28 October's last (late-27).
        XCTAssertTrue(list.stdout.contains("Late 56 tea") && list.stdout.contains("Late 28 tea"))
        XCTAssertFalse(list.stdout.contains("Late 27 tea"), list.stdout)
        for args in [["list", "--all"], ["list", "--limit", "0"], ["list", "limit:0"], ["search", "tea", "--all"]] {
            let all = try s.carousel(args)
            XCTAssertEqual(lines(all), 57, "\(args)")
            XCTAssertTrue(all.stdout.hasSuffix("\n57 cards\n") && !all.stdout.contains("more:"), "\(args): \(all.stdout)")
        }
        XCTAssertEqual(try slugs(s, ["--overdue"]).count, 57)
        XCTAssertEqual(try slugs(s, ["--limit", "2"]), ["late-28", "late-56"])
        let two = try s.carousel(["list", "limit:2"])
        XCTAssertTrue(two.stdout.hasSuffix("… and 55 more: `--all` shows every card\n57 cards\n"), two.stdout)
        XCTAssertEqual(lines(try s.carousel(["search", "tea"])), 50)
        for (bad, says) in [(["list", "--limit=-1"], "0 (all) or more, found -1"), (["list", "--all", "--limit", "3"], "leave out --limit 3")] {
            let r = try s.carousel(bad)
            XCTAssertEqual(r.status, 2, "\(bad)")
            XCTAssertTrue(r.stderr.contains(says), r.stderr)
        }
    }

    func testTaskwarriorTermsOnList() throws {
        let s = try vault()
        XCTAssertEqual(try slugs(s, ["+home", "due.before:eow", "category:work", "-someday"]), ["tidy-desk", "write-report"])
        XCTAssertEqual(try slugs(s, ["+home", "-someday", "category:personal"]), ["fix-the-tap", "clean-the-garage"])
        XCTAssertEqual(try slugs(s, ["kind:event"]), ["plan-party"])
        XCTAssertEqual(try slugs(s, ["+home", "due:"]), ["learn-piano"])
        XCTAssertEqual(try slugs(s, ["due.after:today", "due.before:eom", "+home"]),
                       ["tidy-desk", "fix-the-tap", "paint-the-fence", "write-report"])
        XCTAssertEqual(try slugs(s, ["--limit", "2"]), ["tidy-desk", "fix-the-tap"])
        XCTAssertEqual(try slugs(s, ["limit:1", "+home"]), ["tidy-desk"])
        XCTAssertEqual(try slugs(s, ["+home", "--category", "work", "--due", "before:eow"]), ["tidy-desk", "write-report"])
        let bad = try s.carousel(["list", "colour:red"])
        XCTAssertEqual(bad.status, 2, "a usage mistake")
        XCTAssertTrue(bad.stderr.contains("unknown filter 'colour:'"), bad.stderr)
        XCTAssertEqual(try s.carousel(["done", "--no-such-flag", "1"]).status, 2)
    }

    func testBulkDoneAsksAboveThreeAndRefusesWithoutATerminal() throws {
        let s = try vault()
        let commits = try s.log().count
        let refused = try s.carousel(["done", "+home", "category:personal", "-someday", "+home", "due.before:2026-12-31"])
        XCTAssertEqual(refused.status, 0, "two cards need no question: \(refused.stderr)")
        XCTAssertEqual(try s.log().count, commits + 1)
        let many = try s.carousel(["done", "+home"])
        XCTAssertEqual(many.status, 1)
        XCTAssertTrue(many.stderr.contains("--yes"), many.stderr)
        XCTAssertTrue(many.stderr.contains("write-report") && many.stderr.contains("learn-piano"), "lists what would change: \(many.stderr)")
        XCTAssertEqual(try s.log().count, commits + 1, "nothing changed")
        let yes = try s.carousel(["done", "+home", "--yes"])
        XCTAssertEqual(yes.status, 0, yes.stderr)
        XCTAssertEqual(try s.log().count, commits + 2)
        XCTAssertEqual(try slugs(s, ["+home", "status:open"]), [])
        try s.assertClean()
    }

    func testBulkSetPullAndRm() throws {
        let s = try vault()
        let set = try s.carousel(["set", "+home", "category:work", "spoons=3", "--json"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertEqual(try set.json().cards().compactMap { $0["spoons"] as? Int }, [3, 3])
        XCTAssertEqual(try s.log().first, "set: Tidy desk and Write report (spoons)")
        let pull = try s.carousel(["pull", "category:work", "--json"])
        XCTAssertEqual(pull.status, 0, pull.stderr)
        XCTAssertEqual(try pull.json().cards().count, 2)
        XCTAssertEqual(try s.carousel(["rm", "+home"]).status, 1, "six cards need --yes")
        let rm = try s.carousel(["rm", "+home", "-someday", "category:personal", "--json"])
        XCTAssertEqual(rm.status, 0, rm.stderr)
        XCTAssertEqual((try rm.json()["removed"] as? [[String: Any]])?.count, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/fix-the-tap.md").path))
        XCTAssertEqual(try s.log().first, "rm: Fix the tap and Clean the garage")
        try s.assertClean()
    }

    /// On a terminal, more than 3 matches are listed and asked about: "n" changes nothing, "y" goes ahead.
    func testBulkAsksOnATerminal() throws {
        let s = try vault()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("needs script(1) for a terminal") }
        let commits = try s.log().count
        let no = try answer("n", s, ["done", "+home"])
        XCTAssertEqual(no.status, 0, no.stdout)
        XCTAssertTrue(no.stdout.contains("Go ahead? [y/N]") && no.stdout.contains("Nothing changed."), no.stdout)
        XCTAssertEqual(try s.log().count, commits)
        let yes = try answer("y", s, ["done", "+home"])
        XCTAssertEqual(yes.status, 0, yes.stdout)
        XCTAssertEqual(try s.log().count, commits + 1)
        XCTAssertEqual(try slugs(s, ["+home", "status:open"]), [])
        try s.assertClean()
    }

    /// Runs carousel under script(1), so its standard input is a terminal, and types `reply`.
    func answer(_ reply: String, _ s: Sandbox, _ args: [String]) throws -> RunResult {
        let quote = { (a: String) in "'" + a.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let line = ([Sandbox.binary.path] + args + ["--vault", s.vault.path, "--today", s.today]).map(quote).joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", line, "/dev/null"]
        p.environment = s.environment
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = output
        try p.run()
        input.fileHandleForWriting.write(Data((reply + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitForExit()
        return RunResult(status: p.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }
}
