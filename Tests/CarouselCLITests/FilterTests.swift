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
        p.waitUntilExit()
        return RunResult(status: p.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    }
}
