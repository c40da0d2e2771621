import CarouselGit
import Foundation
import XCTest

/// Bad input gets a clear error, and nothing is lost or written where it should not be.
final class BadInputTests: XCTestCase {
    func testBadCardIsReportedWithPlaceAndOthersStillShow() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"])
        let bad = "---\ntitle: Heavy thing\nspoons: seven\n---\n"
        try s.write("cards/heavy-thing.md", bad)
        let broken = "---\ntitle: [unclosed\n---\n"
        try s.write("cards/broken.md", broken)

        let r = try s.carousel(["suggest", "--json"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("cards/heavy-thing.md:3:9: error: spoons must be 1–5, found \"seven\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("cards/broken.md:") && r.stderr.contains("error: invalid YAML"), r.stderr)
        XCTAssertEqual(try r.json().cards().compactMap { $0["slug"] as? String }, ["call-mum"])

        let show = try s.carousel(["show", "heavy-thing"])
        XCTAssertNotEqual(show.status, 0)
        XCTAssertTrue(show.stderr.contains("cards/heavy-thing.md:3:9: error: spoons must be 1–5"), show.stderr)

        XCTAssertTrue(show.stderr.contains("error: cards/heavy-thing.md cannot be used until line 3 is fixed"), show.stderr)

        let done = try s.carousel(["done", "heavy-thing"])
        XCTAssertNotEqual(done.status, 0)
        // The file's error once, then what it means for the command.
        XCTAssertEqual(done.stderr.components(separatedBy: "spoons must be 1–5").count, 2, done.stderr)
        XCTAssertTrue(done.stderr.hasSuffix("cannot be used until line 3 is fixed; nothing was changed. `carousel doctor` lists every such file.\n"), done.stderr)
        XCTAssertEqual(try s.read("cards/heavy-thing.md"), bad, "a file that does not parse is never rewritten")
        let tracked = try s.git(["ls-files", "cards/heavy-thing.md"]).stdout
        XCTAssertEqual(tracked, "", "a file that does not parse is never committed")
    }

    func testOutOfRangeAndBadDates() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/a.md", "---\ntitle: A\nimportance: 9\n---\n")
        try s.write("cards/b.md", "---\ntitle: B\ndue: 2026-02-30\n---\n")
        let r = try s.carousel(["today"])
        XCTAssertTrue(r.stderr.contains("cards/a.md:3:13: error: importance must be 1–5, found \"9\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("cards/b.md:3:6: error: due must be a date"), r.stderr)

        try s.carousel(["add", "Fine"])
        let set = try s.carousel(["set", "fine", "spoons=seven"])
        XCTAssertEqual(set.status, 1)
        XCTAssertTrue(set.stderr.contains("spoons: must be 1–5, found \"seven\""), set.stderr)
        let add = try s.carousel(["add", "X", "--spoons", "9"])
        XCTAssertNotEqual(add.status, 0)
        XCTAssertTrue(add.stderr.contains("--spoons must be 1–5"), add.stderr)
        let due = try s.carousel(["add", "Y", "--due", "someday-ish"])
        XCTAssertEqual(due.status, 1)
        XCTAssertTrue(due.stderr.contains("due: expected a date"), due.stderr)
    }

    func testConflictMarkersAreAnError() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/c.md", "---\ntitle: C\n<<<<<<< HEAD\nspoons: 2\n=======\nspoons: 3\n>>>>>>> other\n---\n")
        let r = try s.carousel(["show", "c"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("cards/c.md:3:1: error: unresolved merge conflict markers"), r.stderr)
    }

    func testParentCycleIsRefused() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Plan the weekend trip"])
        XCTAssertEqual(try s.carousel(["add", "Pack bag", "--parent", "plan-the"]).status, 0)
        XCTAssertEqual(try s.read("cards/pack-bag.md").contains("parent: plan-the-weekend-trip"), true)
        let before = try s.log()
        let r = try s.carousel(["set", "plan-the-weekend-trip", "parent=pack-bag"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("parent cycle: plan-the-weekend-trip → pack-bag → plan-the-weekend-trip"), r.stderr)
        XCTAssertEqual(try s.log(), before)
        let selfParent = try s.carousel(["set", "pack-bag", "parent=pack-bag"])
        XCTAssertEqual(selfParent.status, 1)

        // A cycle made by hand is reported by views, which still work.
        let text = try s.read("cards/plan-the-weekend-trip.md") + ""
        try s.write("cards/plan-the-weekend-trip.md", text.replacingOccurrences(of: "---\n", with: "---\nparent: pack-bag\n", options: [], range: text.range(of: "---\n")))
        let view = try s.carousel(["suggest"])
        XCTAssertEqual(view.status, 0)
        XCTAssertTrue(view.stderr.contains("parent cycle"), view.stderr)
    }

    func testUnknownAndAmbiguousRefsListCandidates() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"])
        try s.carousel(["add", "Call the bank"])
        let ambiguous = try s.carousel(["done", "call"])
        XCTAssertEqual(ambiguous.status, 1)
        XCTAssertTrue(ambiguous.stderr.contains("call-mum") && ambiguous.stderr.contains("call-the-bank"), ambiguous.stderr)
        let unknown = try s.carousel(["done", "dentist"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("no card 'dentist'"), unknown.stderr)
        let byID = try s.carousel(["show", "call-mum", "--json"]).json()
        let id = try XCTUnwrap(byID["id"] as? String)
        XCTAssertEqual(try s.carousel(["show", String(id.prefix(26)), "--json"]).json()["slug"] as? String, "call-mum")
    }

    func testTitlesThatWouldEscapeTheVaultStayInside() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["add", "../../etc/passwd", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["path"] as? String, "cards/etc-passwd.md")
        XCTAssertEqual(try s.carousel(["add", "   "]).status, 1)
        let emoji = try s.carousel(["add", "🎸", "--json"])
        XCTAssertEqual(try emoji.json()["path"] as? String, "cards/card.md")
        XCTAssertEqual(try s.carousel(["add", "Café déjà vu", "--json"]).json()["slug"] as? String, "cafe-deja-vu")
        XCTAssertEqual(try s.carousel(["add", "Café déjà vu", "--json"]).json()["slug"] as? String, "cafe-deja-vu-2")
        let parent = try s.carousel(["add", "Z", "--parent", "../../x"])
        XCTAssertEqual(parent.status, 1)
        try s.assertClean()
    }

    func testNotAVaultIsAClearMessage() throws {
        let s = try Sandbox()
        try FileManager.default.createDirectory(at: s.vault, withIntermediateDirectories: true)
        let r = try s.carousel(["today"])
        XCTAssertEqual(r.status, 3, "a vault problem exits 3")
        XCTAssertTrue(r.stderr.contains("is not a Carousel vault: it has no carousel.yaml"), r.stderr)
        let none = try s.carousel(["today"], vaultFlag: false, cwd: s.home)
        XCTAssertEqual(none.status, 3)
        XCTAssertTrue(none.stderr.contains("no vault here"), none.stderr)
        let badDate = try s.carousel(["today", "--today", "2026-13-01"])
        XCTAssertEqual(badDate.status, 2, "a usage mistake exits 2")
        XCTAssertTrue(badDate.stderr.contains("--today must be a date"), badDate.stderr)
    }

    func testEnclosingVaultAndEnvironmentAreFound() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"])
        let sub = s.vault.appendingPathComponent("cards")
        let fromInside = try s.carousel(["today", "--json"], vaultFlag: false, cwd: sub)
        XCTAssertEqual(fromInside.status, 0, fromInside.stderr)
        let fromEnv = try s.carousel(["suggest", "--json"], env: ["CAROUSEL_VAULT": s.vault.path], vaultFlag: false, cwd: s.home)
        XCTAssertEqual(try fromEnv.json().cards().count, 1)
    }

    func testSecondCarouselWaitsThenFailsClearly() throws {
        let s = try Sandbox()
        try s.initVault()
        try FileManager.default.createDirectory(at: s.vault.appendingPathComponent(".carousel"), withIntermediateDirectories: true)
        let lockPath = s.vault.appendingPathComponent(".carousel/lock").path
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        let r = try s.carousel(["add", "Blocked"], env: ["CAROUSEL_LOCK_TIMEOUT": "0.3"])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("another carousel is working on this vault"), r.stderr)
        flock(fd, LOCK_UN)
        XCTAssertEqual(try s.carousel(["add", "Unblocked"]).status, 0)
    }

    func testConcurrentAddsAllLand() throws {
        let s = try Sandbox()
        try s.initVault()
        let processes = try (0..<4).map { try s.start(["add", "Parallel \($0)"]) }
        for p in processes { p.waitForExit() }
        XCTAssertEqual(processes.map(\.terminationStatus), [0, 0, 0, 0])
        XCTAssertEqual(try s.log().filter { $0.hasPrefix("add: Parallel") }.count, 4)
        try s.assertClean()
    }
}
