import XCTest

/// Every command is one commit with a readable message, and the tree is clean afterwards.
final class CommitHistoryTests: XCTestCase {
    func testInitAddPullDoneEachAddOneCommit() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.log(), ["init: new vault"])
        try s.assertClean()

        for (title, extra) in [("Call Mum", ["--due", "tomorrow"]), ("Water the plants", ["--spoons", "2"]),
                               ("Reply to Jamie's email", ["--importance", "3", "--tags", "email,work"])] {
            let r = try s.carousel(["add", title] + extra)
            XCTAssertEqual(r.status, 0, r.stderr)
            try s.assertClean()
        }
        XCTAssertEqual(try s.carousel(["pull", "call-mum"]).status, 0)
        try s.assertClean()
        XCTAssertEqual(try s.carousel(["done", "call-mum"]).status, 0)
        try s.assertClean()

        XCTAssertEqual(try s.log(), [
            "done: Call Mum", "pull into today: Call Mum", "add: Reply to Jamie's email",
            "add: Water the plants", "add: Call Mum", "init: new vault",
        ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/reply-to-jamie-s-email.md").path))
        let show = try s.git(["show", "--stat", "HEAD"])
        XCTAssertTrue(show.stdout.contains("cards/call-mum.md"), show.stdout)
    }

    func testSignatureComesFromRepositoryConfigThenEnvironment() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.git(["log", "-1", "--format=%an <%ae>"]).stdout, "Test Person <test@example.invalid>\n")
        try s.git(["config", "user.name", "Repo Owner"])
        try s.git(["config", "user.email", "owner@example.invalid"])
        try s.carousel(["add", "Call Mum"])
        XCTAssertEqual(try s.git(["log", "-1", "--format=%an <%ae>"]).stdout, "Repo Owner <owner@example.invalid>\n")
    }

    func testDefaultSignatureWhenNothingIsConfigured() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"], env: ["CAROUSEL_AUTHOR_NAME": "", "CAROUSEL_AUTHOR_EMAIL": ""])
        XCTAssertEqual(try s.git(["log", "-1", "--format=%an <%ae>"]).stdout, "Carousel <carousel@localhost>\n")
    }

    func testEditorEditIsCommittedFirstAsItsOwnCommit() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Water plants"])
        let text = try s.read("cards/water-plants.md").replacingOccurrences(of: "title: Water plants", with: "title: Water the plants")
        try s.write("cards/water-plants.md", text)
        let r = try s.carousel(["pull", "water-plants"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(try s.log().prefix(2)), ["pull into today: Water the plants", "edit: Water the plants"])
        try s.assertClean()
    }

    func testRemoveCommitsAndSaysHistoryKeepsIt() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Old idea", "--kind", "idea"])
        let r = try s.carousel(["rm", "old-idea"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("history"), r.stdout)
        XCTAssertEqual(try s.log().first, "rm: Old idea")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/old-idea.md").path))
        try s.assertClean()
    }

    func testSetChangesOnlyThatLineAndUndoneReopens() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum", "--tags", "family"])
        XCTAssertEqual(try s.carousel(["set", "call-mum", "spoons=3", "tags=family,phone", "due=2026-11-25"]).status, 0)
        let diff = try s.git(["diff", "HEAD~1", "HEAD", "--unified=0", "--", "cards/call-mum.md"]).stdout
        let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        XCTAssertEqual(changed.sorted(), ["+due: 2026-11-25", "+spoons: 3", "+tags: [family, phone]", "-spoons: 1", "-tags: [family]"].sorted())
        XCTAssertEqual(try s.log().first, "set: Call Mum (spoons, tags, due)")

        try s.carousel(["done", "call-mum"])
        XCTAssertEqual(try s.carousel(["undone", "call-mum"]).status, 0)
        let show = try s.carousel(["show", "call-mum", "--json"]).json()
        XCTAssertNil(show["done"])
        XCTAssertEqual(try s.log().first, "undone: Call Mum")
        try s.assertClean()
    }
}
