import Foundation
import XCTest

/// A private card stays private: every rewrite (set, done, a sync merge, a sync fast-forward)
/// keeps the file's mode; a new file follows the umask.
final class FileModeTests: XCTestCase {
    func mode(_ s: Sandbox, _ relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: s.vault.appendingPathComponent(relative).path)
        return try XCTUnwrap(attributes[.posixPermissions] as? Int)
    }

    func testPrivateCardStaysPrivateAfterSetAndDone() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Diary"]).status, 0)
        XCTAssertEqual(chmod(s.vault.path + "/cards/diary.md", 0o600), 0)
        for args in [["set", "diary", "spoons=4"], ["set", "diary", "title=Dear diary"], ["done", "diary"], ["undone", "diary"]] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertEqual(try mode(s, "cards/diary.md"), 0o600, "\(args)")
        }
        XCTAssertEqual(chmod(s.vault.path + "/cards/diary.md", 0o640), 0)
        XCTAssertEqual(try s.carousel(["set", "diary", "spoons=2"]).status, 0)
        XCTAssertEqual(try mode(s, "cards/diary.md"), 0o640)
        XCTAssertTrue(try s.read("cards/diary.md").contains("spoons: 2"))
    }

    func testNewCardFollowsTheUmask() throws {
        let s = try Sandbox()
        try s.initVault()
        // umask is per process; a shell sets it for the command it starts.
        let r = try Sandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "umask 077 && exec \"$0\" add Secret --vault \"$1\" --today 2026-11-23",
                                                                   Sandbox.binary.path, s.vault.path], env: s.environment, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try mode(s, "cards/secret.md"), 0o600)
        let wide = try Sandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "umask 002 && exec \"$0\" add Shared --vault \"$1\" --today 2026-11-23",
                                                                      Sandbox.binary.path, s.vault.path], env: s.environment, cwd: s.root)
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertEqual(try mode(s, "cards/shared.md"), 0o664)
    }

    func testPrivateCardStaysPrivateThroughSyncMergeAndFastForward() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/diary.md", cardText(id: "01JDIARY", title: "Diary", extra: "spoons: 1\n"))
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let b = try world.clone(name: "phone")
        XCTAssertEqual(chmod(b.vault.path + "/cards/diary.md", 0o600), 0)
        // A merge: both sides changed the card.
        XCTAssertEqual(try a.carousel(["set", "diary", "spoons=3"]).status, 0)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        XCTAssertEqual(try b.carousel(["set", "diary", "title=Dear diary"]).status, 0)
        let merge = try b.carousel(["sync", "--json"])
        XCTAssertEqual(merge.status, 0, merge.stderr)
        XCTAssertNotNil(try merge.json()["merge_commit"] as? String, merge.stdout)
        XCTAssertEqual(try mode(b, "cards/diary.md"), 0o600)
        XCTAssertTrue(try b.read("cards/diary.md").contains("spoons: 3"))
        // A fast-forward: only the other side changed it.
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        XCTAssertEqual(try a.carousel(["set", "diary", "spoons=5"]).status, 0)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let forward = try b.carousel(["sync", "--json"])
        XCTAssertEqual(forward.status, 0, forward.stderr)
        XCTAssertEqual(try forward.json()["fast_forwarded"] as? Bool, true, forward.stdout)
        XCTAssertTrue(try b.read("cards/diary.md").contains("spoons: 5"))
        XCTAssertEqual(try mode(b, "cards/diary.md"), 0o600)
    }
}
