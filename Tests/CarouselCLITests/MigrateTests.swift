import Foundation
import XCTest

/// `carousel migrate`: every card's keys rewritten one way and back, in one commit each, reading
/// as the same cards (importance rounds to TaskNotes' priorities, and the task tag is added).
final class MigrateTests: XCTestCase {
    /// What `list --json` says of every card, minus what a migration may change by design.
    func readings(_ s: Sandbox, roundingImportance: Bool) throws -> [String: String] {
        var out: [String: String] = [:]
        for card in try s.carousel(["list", "--all", "--json"]).json().cards() {
            var c = card
            c["number"] = nil
            c["tags"] = (c["tags"] as? [String] ?? []).filter { $0 != "task" }
            if roundingImportance, c["importance"] as? Int == 4 { c["importance"] = 5 }
            let data = try JSONSerialization.data(withJSONObject: c, options: [.sortedKeys])
            out[card["slug"] as? String ?? ""] = String(decoding: data, as: UTF8.self)
        }
        return out
    }

    func testMigrateRewritesEveryCardBothWaysInOneCommitAndReadsTheSame() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        try s.write("cards/with-notes.md", "---\ntitle: With notes\nimportance: 2   # low-ish\nstart: 2026-11-25\nblocked_by: [call-mum]\nmine: keep\n---\nBody  \n")
        try s.git(["add", "-A"])
        XCTAssertEqual(try s.git(["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "commit", "-qm", "a card of mine"]).status, 0)
        let original = try readings(s, roundingImportance: true)
        XCTAssertFalse(original.isEmpty)
        let commits = try s.log().count

        let dry = try s.carousel(["migrate", "--to", "tasknotes", "--dry-run", "--json"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        assertShape("migrate", dry)
        let planned = try dry.json()["changed"] as? [String] ?? []
        XCTAssertTrue(planned.contains("cards/with-notes.md"), "\(planned)")
        XCTAssertEqual(try s.log().count, commits, "a dry run writes nothing")
        XCTAssertTrue(try s.read("cards/with-notes.md").contains("importance: 2"))

        let r = try s.carousel(["migrate", "--to", "tasknotes", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["changed"] as? [String], planned)
        XCTAssertEqual(try s.log().count, commits + 1, "one commit")
        XCTAssertEqual(try s.log().first, "migrate: \(planned.count) cards to TaskNotes' keys")
        XCTAssertTrue(try s.read("carousel.yaml").contains("format: tasknotes"))
        let notes = try s.read("cards/with-notes.md")
        XCTAssertEqual(notes, """
            ---
            title: With notes
            priority: low   # low-ish
            scheduled: 2026-11-25
            blockedBy:
              - uid: "[[call-mum]]"
                reltype: FINISHTOSTART
            mine: keep
            status: open
            tags: [task]
            ---
            Body  \n
            """)
        XCTAssertEqual(try readings(s, roundingImportance: true), original)
        for card in try s.carousel(["list", "--all", "--json"]).json().cards() {
            let text = try s.read("cards/\(card["slug"] as? String ?? "").md")
            for key in ["\nimportance:", "\nstart:", "\ncreated:", "\ncompleted:", "\nblocked_by:"] {
                XCTAssertFalse(text.contains(key), "\(key) in\n\(text)")
            }
        }

        let back = try s.carousel(["migrate", "--to", "carousel"])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertEqual(try s.log().count, commits + 2)
        XCTAssertEqual(try readings(s, roundingImportance: true), original)
        XCTAssertTrue(try s.read("cards/with-notes.md").contains("importance: 2   # low-ish\nstart: 2026-11-25\nblocked_by: [call-mum]\nmine: keep\n"))
        XCTAssertFalse(try s.read("carousel.yaml").contains("format: tasknotes"))
        try s.assertClean()
    }
}
