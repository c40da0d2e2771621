import Foundation
import XCTest

/// Nothing is read or written outside the vault, and a vault from someone else runs no code.
final class BoundaryTests: XCTestCase {
    func testSymlinksLeadingOutAreNotFollowed() throws {
        let s = try Sandbox()
        try s.initVault()
        let outside = s.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("---\ntitle: Outside secret\n---\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        let fm = FileManager.default
        try fm.createSymbolicLink(at: s.vault.appendingPathComponent("cards/linked-dir"), withDestinationURL: outside)
        try fm.createSymbolicLink(at: s.vault.appendingPathComponent("cards/secret.md"),
                                  withDestinationURL: outside.appendingPathComponent("secret.md"))
        // A symlink that stays inside the vault is fine.
        try s.carousel(["add", "Inside card"])
        try fm.createSymbolicLink(at: s.vault.appendingPathComponent("cards/alias.md"),
                                  withDestinationURL: s.vault.appendingPathComponent("cards/inside-card.md"))

        let cards = try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(Set(cards), ["inside-card", "alias"])
        let show = try s.carousel(["show", "secret"])
        XCTAssertEqual(show.status, 3)
        XCTAssertTrue(show.stderr.contains("cards/secret.md is a link to a file outside the vault"), show.stderr)
        XCTAssertEqual(try s.carousel(["done", "secret"]).status, 3)
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("secret.md"), encoding: .utf8),
                       "---\ntitle: Outside secret\n---\n")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: outside.path), ["secret.md"])
    }

    /// A link that stays inside the vault is read, but committing it is the person's choice:
    /// Carousel says so and leaves it out of its commits; once committed by hand, it is quiet.
    func testALinkInsideTheVaultIsNeverCommittedByCarousel() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Inside card"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: s.vault.appendingPathComponent("cards/alias.md").path, withDestinationPath: "inside-card.md")
        try fm.createDirectory(at: s.vault.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: s.vault.appendingPathComponent("notes/l.md").path, withDestinationPath: "../cards/inside-card.md")
        let add = try s.carousel(["add", "Second card"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertTrue(add.stderr.contains("Left cards/alias.md uncommitted:"), add.stderr)
        XCTAssertTrue(add.stderr.contains("is a link (to inside-card.md); Carousel never commits a link"), add.stderr)
        XCTAssertFalse(add.stderr.contains("Committed first"), add.stderr)
        XCTAssertEqual(try s.git(["ls-files", "-s"]).stdout.split(separator: "\n").filter { $0.hasPrefix("120000") }, [])
        XCTAssertEqual(try s.git(["log", "-1", "--format=%s"]).stdout, "add: Second card\n")
        XCTAssertEqual(try s.git(["add", "cards/alias.md", "notes/l.md"]).status, 0)
        XCTAssertEqual(try s.git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-qm", "share links"]).status, 0)
        let quiet = try s.carousel(["add", "Third card"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(quiet.stderr.contains("uncommitted"), quiet.stderr)
    }

    func testTitlesRefsAndParentsStayInside() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "../../etc/passwd"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "/absolute/path"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Child", "--parent", "../../x"]).status, 1)
        // A title is a REF: this one names the vault's own card, never the file it spells.
        let shown = try s.carousel(["show", "../../etc/passwd", "--json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(try shown.json()["path"] as? String, "cards/etc-passwd.md")
        XCTAssertEqual(try s.carousel(["show", "../../etc/shadow"]).status, 1)
        // Its words name that card too (a REF by words), still the vault's own file.
        XCTAssertEqual(try s.carousel(["done", "/etc/passwd"]).status, 0)
        XCTAssertTrue(try s.read("cards/etc-passwd.md").contains("\ndone: "))
        let written = try s.git(["ls-files"]).stdout.split(separator: "\n").filter { $0.hasPrefix("cards/") }
        XCTAssertEqual(written.sorted(), ["cards/.gitkeep", "cards/absolute-path.md", "cards/etc-passwd.md"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: s.root.path).sorted(), ["home", "vault"])
    }

    func testAVaultFromSomeoneElseRunsNothing() throws {
        // A crafted vault: attributes naming filters and drivers, odd settings and tags.
        let s = try Sandbox()
        let marker = s.root.appendingPathComponent("marker")
        let crafted = s.root.appendingPathComponent("crafted")
        try FileManager.default.createDirectory(at: crafted.appendingPathComponent("cards"), withIntermediateDirectories: true)
        let touch = "touch \(marker.path)"
        try Data("* filter=evil diff=evil merge=evil\n*.md ident text eol=crlf\n".utf8).write(to: crafted.appendingPathComponent(".gitattributes"))
        try Data("budget: 10\neditor: \(touch)\nhooks: {post: \(touch)}\n".utf8).write(to: crafted.appendingPathComponent("carousel.yaml"))
        try Data("---\ntitle: !!python/object:os.system [\"\(touch)\"]\nrepeat: \"$(\(touch))\"\nurl: http://127.0.0.1:9/\n---\n".utf8)
            .write(to: crafted.appendingPathComponent("cards/evil.md"))
        try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", crafted.path, "init", "-q", "-b", "main"], env: s.environment, cwd: s.root)
        try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", crafted.path, "add", "-A"], env: s.environment, cwd: s.root)
        try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", crafted.path, "-c", "user.name=x", "-c", "user.email=x@x",
                                                               "commit", "-qm", "crafted"], env: s.environment, cwd: s.root)
        try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "clone", "-q", crafted.path, s.vault.path], env: s.environment, cwd: s.root)

        for args in [[], ["today"], ["suggest"], ["show", "evil"], ["index"], ["add", "New card"], ["done", "new-card"],
                     ["set", "new-card", "tags=a"], ["pull", "new-card"]] {
            _ = try s.carousel(args)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "a command from the vault ran")
        let config = try String(contentsOf: s.vault.appendingPathComponent(".git/config"), encoding: .utf8)
        XCTAssertFalse(config.contains("[merge \"carousel\"]") && config.contains("evil"))
    }
}
