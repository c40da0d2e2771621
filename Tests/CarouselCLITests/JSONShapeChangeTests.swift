import XCTest

/// Each command's `--json` against its shape in docs/cli.md (see `JSONShape`): commands that
/// change the vault.
final class JSONShapeChangeTests: XCTestCase {
    func sample() throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault(sample: true)
        return s
    }

    func testInitAndSetupShape() throws {
        let s = try Sandbox()
        assertShape("init", try s.carousel(["init", s.vault.path, "--json"]))
        let r = try s.carousel(["setup", "--json"])
        assertShape("setup", r)
        XCTAssertEqual(try r.json()["merge_driver"] as? Bool, true, "snake_case, not mergeDriver")
    }

    func testAddSetDoneUndoneSkipShape() throws {
        let s = try sample()
        assertShape("card", try s.carousel(["add", "Call the bank", "--due", "2026-11-25", "--json"]))
        assertShape("card", try s.carousel(["set", "call-the-bank", "spoons=2", "--json"]))
        assertShape("cards", try s.carousel(["set", "call-the-bank", "call-mum", "importance=3", "--json"]))
        assertShape("card", try s.carousel(["done", "call-the-bank", "--json"]))
        assertShape("card", try s.carousel(["undone", "call-the-bank", "--json"]))
        try s.carousel(["add", "Stretch", "--repeat", "every day", "--due", "2026-11-23"])
        assertShape("repeating-card", try s.carousel(["done", "stretch", "--json"]))
        try s.carousel(["add", "Floss", "--repeat", "every day", "--due", "2026-11-23"])
        assertShape("repeating-card", try s.carousel(["skip", "floss", "--json"]))
    }

    func testAddLinesAndImportShape() throws {
        let s = try sample()
        let r = try Sandbox.run(Sandbox.binary, ["add", "-", "--json", "--vault", s.vault.path, "--today", s.today],
                                env: s.environment, cwd: s.root, stdin: "Buy bread tomorrow #errands\nRead a book\n")
        assertShape("add-lines", r)
        let todo = s.root.appendingPathComponent("todo.txt")
        try "(A) Pay rent due:2026-11-30\nx 2026-11-20 Old thing\n".write(to: todo, atomically: false, encoding: .utf8)
        assertShape("import", try s.carousel(["import", "--from", "todotxt", todo.path, "--json"]))
    }

    func testRemoveShape() throws {
        let s = try sample()
        assertShape("rm", try s.carousel(["rm", "call-mum", "--json"]))
    }

    func testTodayChangesShape() throws {
        let s = try sample()
        try s.carousel(["add", "One", "--due", "2026-11-23"])
        try s.carousel(["add", "Two", "--due", "2026-11-23"])
        assertShape("today", try s.carousel(["pull", "one", "two", "--json"]))
        assertShape("today", try s.carousel(["order", "two", "1", "--json"]))
        assertShape("today", try s.carousel(["drop", "two", "--json"]))
    }

    func testMoveShape() throws {
        let s = try sample()
        try s.carousel(["add", "Whenever"])
        assertShape("move", try s.carousel(["move", "whenever", "upcoming", "--json"]))
    }

    func testBudgetShape() throws {
        assertShape("budget", try sample().carousel(["budget", "12", "--json"]))
    }

    func testHabitChangeShape() throws {
        let s = try sample()
        try s.carousel(["habit", "add", "Walk"])
        assertShape("habit", try s.carousel(["habit", "add", "Drink water", "--target", "3", "--json"]))
        assertShape("habit-change", try s.carousel(["check", "walk", "--json"]))
        assertShape("habit-change", try s.carousel(["uncheck", "walk", "--json"]))
        assertShape("habit-change", try s.carousel(["skip", "walk", "--json"]))
    }

    func testFocusAndReflectShape() throws {
        let s = try sample()
        assertShape("focus", try s.carousel(["focus", "--minutes-elapsed", "20", "--card", "call-mum", "--json"]))
        assertShape("reflect", try s.carousel(["reflect", "--morning", "--sleep", "4", "Slept well", "--json"]))
        let night = try s.carousel(["reflect", "--night", "A good day", "--json"])
        XCTAssertEqual(try night.json()["reflection_night"] as? String, "A good day")
    }

    func testUndoShape() throws {
        let s = try sample()
        try s.carousel(["set", "call-mum", "spoons=2"])
        assertShape("undo", try s.carousel(["undo", "--json"]))
    }

    func testConflictsShape() throws {
        let s = try sample()
        try s.write("cards/clash.md", "---\ntitle: Clash\nconflicts:\n  - \"due: kept 2026-11-30; laptop had 2026-11-24\"\n---\n")
        let r = try s.carousel(["conflicts", "--json"])
        XCTAssertEqual(try XCTUnwrap(r.json()["cards"] as? [Any]).count, 1)
        assertShape("conflicts", r)
        assertShape("conflicts-clear", try s.carousel(["conflicts", "--clear", "clash", "--json"]))
    }

    func testSyncAndResolveShape() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.carousel(["add", "Call Mum"])
        let first = try a.carousel(["sync", "--json"])
        assertShape("sync", first)
        XCTAssertNotNil(try first.json()["set_upstream"], "snake_case keys")
        let b = try world.clone(name: "phone")
        try a.carousel(["set", "call-mum", "spoons=2"])
        try a.carousel(["sync"])
        try b.carousel(["set", "call-mum", "spoons=4"])
        // Plain git without the merge driver leaves conflict markers; `resolve` finishes the merge.
        _ = try b.git(["pull", "--no-rebase", "-q", "origin", "main"])
        let resolved = try b.carousel(["resolve", "--json"])
        assertShape("resolve", resolved)
        XCTAssertEqual(try resolved.json()["paths"] as? [String], ["cards/call-mum.md"], resolved.stdout)
    }

    /// `serve --devices` and `--revoke` read and change `.carousel/devices.json` without a server.
    func testServeDevicesAndRevokeShape() throws {
        let s = try sample()
        try FileManager.default.createDirectory(at: s.vault.appendingPathComponent(".carousel"), withIntermediateDirectories: true)
        try s.write(".carousel/devices.json", """
            {"devices": [{"id": "a1b2c3", "name": "Safari on iPhone", "paired": "2026-11-20T08:00",
                          "last_seen": "2026-11-23T09:30", "token_sha256": "\(String(repeating: "0", count: 64))"}]}
            """)
        let listed = try s.carousel(["serve", "--devices", "--json"])
        assertShape("serve-devices", listed)
        XCTAssertEqual((try listed.json()["devices"] as? [[String: Any]])?.first?["last_seen"] as? String, "2026-11-23T09:30")
        XCTAssertFalse(listed.stdout.contains("token"), "the hash stays in the file")
        assertShape("serve-revoke", try s.carousel(["serve", "--revoke", "a1b2c3", "--json"]))
        assertShape("serve-devices", try s.carousel(["serve", "--devices", "--json"]))
        XCTAssertEqual(try s.carousel(["serve", "--devices", "--json"]).json()["devices"] as? [String], [])
        try s.write(".carousel/devices.json", "{not json")
        let broken = try s.carousel(["serve", "--devices"])
        XCTAssertNotEqual(broken.status, 0)
        XCTAssertTrue(broken.stderr.contains(".carousel/devices.json cannot be read"), broken.stderr)
    }
}
