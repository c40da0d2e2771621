import XCTest

/// Tag colours and icons in carousel.yaml, `carousel tag` and `carousel tag rename`.
final class TagTests: XCTestCase {
    func vault() throws -> Sandbox {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/flow.md", "---\ntitle: Flow list\ntags: [errand, home]   # keep me\nspoons: 2\n---\nBuy #errand things.\n")
        try s.write("cards/block.md", "---\ntitle: Block list\ntags:\n  - work\n  - Errand\n---\nerrand notes stay\n")
        try s.write("cards/both.md", "---\ntitle: Both\ntags: [errand, shop]\n---\n")
        try s.write("cards/other.md", "---\ntitle: Other\ntags: [home]\n---\nerrand in the body only\n")
        let settings = try s.read("carousel.yaml")
        try s.write("carousel.yaml", settings + "tags:\n  errand: {color: yellow, icon: \"🛒\"}   # shopping\n  home: green\n")
        XCTAssertEqual(try s.carousel(["set", "other", "importance=2"]).status, 0)  // commits the hand edits
        return s
    }

    func testTagListsCountsAndStyles() throws {
        let s = try vault()
        let r = try s.carousel(["tag", "--json"])
        assertShape("tags", r)
        let tags = try XCTUnwrap(try r.json()["tags"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: tags.map { ($0["name"] as? String ?? "", $0) })
        XCTAssertEqual(byName["errand"]?["count"] as? Int, 3)
        XCTAssertEqual(byName["errand"]?["color"] as? String, "yellow")
        XCTAssertEqual(byName["errand"]?["icon"] as? String, "🛒")
        XCTAssertEqual(byName["home"]?["color"] as? String, "green")
        XCTAssertTrue(byName["home"]?["icon"] is NSNull)
        XCTAssertEqual(byName["work"]?["count"] as? Int, 1)
        XCTAssertEqual(try s.carousel(["config", "tags"]).stdout, "🛒 errand yellow, home green\n")
        let text = try s.carousel(["tag"]).stdout
        XCTAssertTrue(text.contains("🛒 #errand"), text)
        let coloured = try s.carousel(["list", "--color", "always"]).stdout
        XCTAssertTrue(coloured.contains("\u{1B}[33m🛒 #errand\u{1B}[0m"), coloured)
        XCTAssertTrue(coloured.contains("\u{1B}[32m#home\u{1B}[0m"), coloured)
    }

    func testTagRenameTouchesOnlyTheLinesItMust() throws {
        let s = try vault()
        let r = try s.carousel(["tag", "rename", "errand", "shop", "--json"])
        assertShape("tag-rename", r)
        XCTAssertEqual(Set(try XCTUnwrap(try r.json()["renamed"] as? [String])), ["flow", "block", "both"])
        XCTAssertEqual(try s.log().first, "tag rename: errand to shop (3 cards)")
        let numstat = try s.git(["show", "--numstat", "--format="]).stdout.split(separator: "\n").sorted()
        XCTAssertEqual(numstat, ["1\t1\tcards/block.md", "1\t1\tcards/both.md", "1\t1\tcards/flow.md", "1\t1\tcarousel.yaml"])
        XCTAssertEqual(try s.read("cards/flow.md"), "---\ntitle: Flow list\ntags: [shop, home]   # keep me\nspoons: 2\n---\nBuy #errand things.\n")
        XCTAssertEqual(try s.read("cards/block.md"), "---\ntitle: Block list\ntags:\n  - work\n  - shop\n---\nerrand notes stay\n")
        XCTAssertEqual(try s.read("cards/both.md"), "---\ntitle: Both\ntags: [shop]\n---\n")
        XCTAssertTrue(try s.read("carousel.yaml").contains("  shop: {color: yellow, icon: \"🛒\"}   # shopping\n"))
        try s.assertClean()

        let missing = try s.carousel(["tag", "rename", "erand", "x"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no card has the tag"), missing.stderr)
    }

    func testAnUnknownColourNamesTheAllowedOnesAndTheNearest() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("carousel.yaml", try s.read("carousel.yaml") + "tags:\n  errand: {color: yelow}\n")
        let r = try s.carousel(["list"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("carousel.yaml:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("unknown colour \"yelow\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("black, red, green, yellow, blue, magenta, cyan or white"), r.stderr)
        XCTAssertTrue(r.stderr.contains("Did you mean 'yellow'?"), r.stderr)
    }
}
