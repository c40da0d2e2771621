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
        for device in [b, c, a, b, c] { try sync(device) }
        try world.assertConverged()
        let card = try a.read("cards/report.md")
        for expected in ["spoons: 5", "deadline", "writing", "Then the numbers.", "conflicts:"] {
            XCTAssertTrue(card.contains(expected), "missing \(expected) in\n\(card)")
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
