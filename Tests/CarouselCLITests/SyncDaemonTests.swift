import Foundation
import XCTest

/// Three devices, one of them talking to the remote over `git daemon` (git://).
final class SyncDaemonTests: XCTestCase {
    var daemon: GitDaemon?

    override func tearDown() {
        daemon?.stop()
        daemon = nil
    }

    func sync(_ s: Sandbox, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try s.carousel(["sync"])
        XCTAssertEqual(r.status, 0, "sync failed: \(r.stderr)", file: file, line: line)
    }

    func testThreeClonesOneOverGitDaemonConverge() throws {
        let world = try SyncWorld()
        daemon = try GitDaemon(basePath: world.root)
        let gitURL = try XCTUnwrap(daemon).url("remote.git")
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/report.md", cardText(id: "01JREPORT", title: "Finish the report",
                                                extra: "spoons: 4\ndue: 2026-11-26\ntags: [work]\n", body: "Outline first.\n"))
        try a.write("cards/mail.md", cardText(id: "01JMAIL", title: "Sort the mail"))
        try a.write("habits/steps.md", "---\nid: 01JSTEPS\ntitle: 10,000 steps\nlog:\n  2026-11-20: 8000\n---\n")
        try sync(a)
        let b = try world.clone(name: "phone", remoteURL: gitURL)
        let c = try world.clone(name: "tablet", remoteURL: "file://" + world.bare.path)

        try a.write("cards/report.md", cardText(id: "01JREPORT", title: "Finish the report",
                                                extra: "spoons: 5\ndue: 2026-11-26\ntags: [work]\n", body: "Outline first.\n"))
        try b.write("cards/report.md", cardText(id: "01JREPORT", title: "Finish the report",
                                                extra: "spoons: 4\ndue: 2026-11-27\ntags: [work, deadline]\n", body: "Outline first.\n"))
        try c.write("cards/report.md", cardText(id: "01JREPORT", title: "Finish the report",
                                                extra: "spoons: 4\ndue: 2026-11-28\ntags: [work, writing]\n", body: "Outline first.\nThen the numbers.\n"))
        try b.write("cards/b.md", cardText(id: "01JB", title: "From the phone"))
        try a.write("cards/a.md", cardText(id: "01JA", title: "From the laptop"))
        try c.write("cards/c.md", cardText(id: "01JC", title: "From the tablet"))
        // Edit versus delete.
        try FileManager.default.removeItem(at: a.vault.appendingPathComponent("cards/mail.md"))
        try c.write("cards/mail.md", cardText(id: "01JMAIL", title: "Sort the mail", extra: "spoons: 2\n"))
        // The same habit checked on different days, and on the same day with different amounts.
        try b.write("habits/steps.md", "---\nid: 01JSTEPS\ntitle: 10,000 steps\nlog:\n  2026-11-20: 8000\n  2026-11-21: 10500\n---\n")
        try c.write("habits/steps.md", "---\nid: 01JSTEPS\ntitle: 10,000 steps\nlog:\n  2026-11-20: 8000\n  2026-11-21: 9000\n  2026-11-22: 12000\n---\n")
        for device in [b, c, a, b, c] { try sync(device) }
        try world.assertConverged()
        let card = try a.read("cards/report.md")
        for expected in ["spoons: 5", "deadline", "writing", "Then the numbers.", "conflicts:"] {
            XCTAssertTrue(card.contains(expected), "missing \(expected) in\n\(card)")
        }
        XCTAssertTrue(try a.read("cards/mail.md").contains("spoons: 2"), "the edit wins over the delete")
        XCTAssertEqual(try a.read("habits/steps.md"),
                       "---\nid: 01JSTEPS\ntitle: 10,000 steps\nlog:\n  2026-11-20: 8000\n  2026-11-21: 19500\n  2026-11-22: 12000\n---\n")
        for added in ["cards/a.md", "cards/b.md", "cards/c.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent(added).path), added)
        }
        // The due dates that lost are recorded; with the one that won, all three survive.
        for due in ["2026-11-27", "2026-11-28"] where !card.contains("due: \(due)") {
            XCTAssertTrue(card.contains(due), "due \(due) lost:\n\(card)")
        }
        let fsck = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "--git-dir", world.bare.path, "fsck", "--strict"],
                                   env: a.environment, cwd: world.root)
        XCTAssertEqual(fsck.status, 0, fsck.stderr)
    }
}

extension SyncDaemonTests {
    /// Installs an executable hook in the bare remote.
    func hook(_ world: SyncWorld, _ name: String, _ script: String) throws {
        let url = world.bare.appendingPathComponent("hooks/\(name)")
        try Data(script.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func testServerSideRejectionIsSurfacedAndLocalCommitsKept() throws {
        let world = try SyncWorld()
        daemon = try GitDaemon(basePath: world.root)
        let a = try world.firstDevice(name: "laptop", remoteURL: try XCTUnwrap(daemon).url("remote.git"))
        try hook(world, "pre-receive", "#!/bin/sh\necho 'the vault is read-only today' >&2\nexit 1\n")
        try a.write("cards/x.md", cardText(id: "01JX", title: "Something"))
        let r = try a.carousel(["sync"])
        XCTAssertEqual(r.status, 3, "a git error exits 3")
        XCTAssertTrue(r.stderr.contains("refused the push"), r.stderr)
        XCTAssertTrue(try a.log().first?.hasPrefix("edit:") ?? false)
        try a.assertClean()
    }

    /// Another device's push lands between our fetch and our push: the first push is refused,
    /// sync fetches, merges and pushes again.
    func testPushRaceIsRetried() throws {
        let world = try SyncWorld()
        daemon = try GitDaemon(basePath: world.root)
        let gitURL = try XCTUnwrap(daemon).url("remote.git")
        let a = try world.firstDevice(name: "laptop", remoteURL: gitURL)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        // The first push after this moves main itself (as a racing device would), once.
        try hook(world, "pre-receive", """
            #!/bin/sh
            [ -f "$GIT_DIR/raced" ] && exit 0
            touch "$GIT_DIR/raced"
            unset GIT_QUARANTINE_PATH GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
            old=$(git rev-parse refs/heads/main)
            blob=$(printf -- '---\\nid: 01JRACE\\ntitle: Pushed meanwhile\\n---\\n' | git hash-object -w --stdin)
            export GIT_INDEX_FILE="$GIT_DIR/race-index"
            git read-tree "$old" && git update-index --add --cacheinfo "100644,$blob,cards/race.md" || exit 1
            tree=$(git write-tree)
            new=$(GIT_AUTHOR_NAME=tablet GIT_AUTHOR_EMAIL=t@example.invalid GIT_COMMITTER_NAME=tablet \
                GIT_COMMITTER_EMAIL=t@example.invalid git commit-tree "$tree" -p "$old" -m "add: Pushed meanwhile")
            git update-ref refs/heads/main "$new" "$old"
            exit 0

            """)
        try a.write("cards/mine.md", cardText(id: "01JMINE", title: "Mine"))
        let r = try a.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        XCTAssertEqual(json["attempts"] as? Int, 2, r.stdout)
        XCTAssertEqual(json["pushed"] as? Bool, true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent("cards/race.md").path))
        let remoteFiles = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"),
                                          ["git", "--git-dir", world.bare.path, "ls-tree", "-r", "--name-only", "main"],
                                          env: a.environment, cwd: world.root)
        XCTAssertTrue(remoteFiles.stdout.contains("cards/mine.md") && remoteFiles.stdout.contains("cards/race.md"), remoteFiles.stdout)
        try a.assertClean()
    }
}
