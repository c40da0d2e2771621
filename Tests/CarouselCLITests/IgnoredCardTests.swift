import Foundation
import XCTest

/// A peer's `.gitignore` with `*.md`: cards written in an editor are never committed, and
/// `sync` and `doctor` say so by name instead of a quiet ✓.
final class IgnoredCardTests: XCTestCase {
    func testCardsAGitignoreHidesAreNamedBySyncAndDoctorUntilTheRuleGoes() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "phone")
        try peer.write(".gitignore", try peer.read(".gitignore") + "*.md\n")
        XCTAssertEqual(try peer.carousel(["sync"]).status, 0)

        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        try a.write("cards/written-by-hand.md", cardText(id: "01JBYHAND", title: "Written by hand"))
        let sync = try a.carousel(["sync"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertTrue(sync.stderr.contains("Not shared: git's ignore rules hide 1 file of this vault, so no sync commits it: cards/written-by-hand.md"),
                      sync.stderr)
        XCTAssertTrue(sync.stderr.contains("git check-ignore -v cards/written-by-hand.md"), sync.stderr)
        let doctor = try a.carousel(["doctor", "--json"])
        XCTAssertEqual(doctor.status, 1, doctor.stdout)
        let findings = (try doctor.json()["findings"] as? [[String: Any]]) ?? []
        XCTAssertTrue(findings.contains { $0["path"] as? String == "cards/written-by-hand.md" && $0["kind"] as? String == "ignore_rule"
                && $0["severity"] as? String == "problem" }, doctor.stdout)

        // The peer takes its rule back: the card is no longer hidden, the next change commits
        // it, and it reaches the peer.
        try peer.write(".gitignore", try peer.read(".gitignore").replacingOccurrences(of: "*.md\n", with: ""))
        XCTAssertEqual(try peer.carousel(["sync"]).status, 0)
        let healed = try a.carousel(["sync"])
        XCTAssertEqual(healed.status, 0, healed.stderr)
        XCTAssertFalse(healed.stderr.contains("Not shared"), healed.stderr)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        XCTAssertEqual(try peer.carousel(["sync"]).status, 0)
        XCTAssertEqual(try peer.read("cards/written-by-hand.md"), cardText(id: "01JBYHAND", title: "Written by hand"))
        let clean = try a.carousel(["doctor", "--json"])
        XCTAssertFalse(clean.stdout.contains("written-by-hand"), clean.stdout)
    }
}
