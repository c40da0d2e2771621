import Foundation
import XCTest

/// `blocked_by:` through the binary: quick capture `depends:`, `set REF blocked_by=…`, where a
/// blocked card is left out (the carousel, suggestions, `pick`, the board) and where it says what
/// it waits for (`show`, `list`, JSON), cycles refused, missing blockers reported, TaskNotes'
/// entries read, and the iCalendar export leaving them out.
final class DependencyTests: XCTestCase {
    /// The carousel's slugs: all of them (`limit` 0), or its first `limit`, which the index
    /// ranks by another road.
    func suggested(_ s: Sandbox, limit: String = "0") throws -> [String] {
        let r = try s.carousel(["suggest", "--limit", limit, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try r.json().cards().compactMap { $0["slug"] as? String }
    }

    func onBoard(_ s: Sandbox) throws -> [String] {
        let board = try s.carousel(["board", "--json"]).json()
        let columns = (board["columns"] as? [[String: Any]] ?? []).flatMap { ($0["cards"] as? [[String: Any]]) ?? [] }
        let later = board["later"] as? [[String: Any]] ?? []
        return (columns + later).compactMap { $0["slug"] as? String }
    }

    func testBlockedCardLeavesEveryActionableViewUntilItsBlockerIsDone() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Buy paint tomorrow"]).status, 0)
        // More important than its blocker, so only the block keeps it from coming first.
        let added = try s.carousel(["add", "Paint the fence tomorrow depends:buy-paint priority:H"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(try s.read("cards/paint-the-fence.md").contains("blocked_by: [buy-paint]\n"))
        XCTAssertEqual(try s.read("cards/paint-the-fence.md").components(separatedBy: "depends").count, 1, "not left in the title")

        for limit in ["0", "5"] {
            let slugs = try suggested(s, limit: limit)
            XCTAssertTrue(slugs.contains("buy-paint"), "\(slugs)")
            XCTAssertFalse(slugs.contains("paint-the-fence"), "blocked: out of the carousel (limit \(limit))")
        }
        XCTAssertFalse(try s.carousel([]).stdout.contains("Paint the fence"), "home's strip leaves it out")
        XCTAssertEqual(try onBoard(s), ["buy-paint"])
        let pick = try s.carousel(["pick", "--json"]).json()
        XCTAssertEqual((pick["card"] as? [String: Any])?["slug"] as? String, "buy-paint")
        XCTAssertEqual(try suggested(s).first, "buy-paint")

        let list = try s.carousel(["list", "--json"]).json().cards()
        let fence = list.first { $0["slug"] as? String == "paint-the-fence" }
        XCTAssertEqual(fence?["blocked"] as? Bool, true)
        XCTAssertEqual(fence?["waiting_for"] as? [String], ["buy-paint"])
        XCTAssertEqual(list.first { $0["slug"] as? String == "buy-paint" }?["blocked"] as? Bool, false)
        XCTAssertTrue(try s.carousel(["list"]).stdout.contains("⧗ after buy-paint"))
        let show = try s.carousel(["show", "paint-the-fence"])
        XCTAssertTrue(show.stdout.contains("waits for  Buy paint (buy-paint)"), show.stdout)
        let shown = try s.carousel(["show", "paint-the-fence", "--json"]).json()
        let waiting = shown["waiting_for"] as? [[String: Any]]
        XCTAssertEqual(waiting?.first?["slug"] as? String, "buy-paint")
        XCTAssertEqual(waiting?.first?["done"] as? Bool, false)
        XCTAssertEqual(waiting?.first?["reltype"] as? String, "FINISHTOSTART")

        // Done: the blocker no longer blocks, and the card comes back everywhere.
        XCTAssertEqual(try s.carousel(["done", "buy-paint"]).status, 0)
        for limit in ["0", "5"] {
            XCTAssertEqual(try suggested(s, limit: limit).first, "paint-the-fence", "back in the carousel, first (limit \(limit))")
        }
        XCTAssertEqual(try onBoard(s), ["paint-the-fence"])
        XCTAssertEqual(try s.carousel(["list", "--json"]).json().cards().first { $0["slug"] as? String == "paint-the-fence" }?["blocked"] as? Bool, false)
        XCTAssertFalse(try s.carousel(["show", "paint-the-fence"]).stdout.contains("waits for"))

        // Undone: blocked again.
        XCTAssertEqual(try s.carousel(["undone", "buy-paint"]).status, 0)
        XCTAssertFalse(try suggested(s).contains("paint-the-fence"))
        try s.assertClean()
    }

    func testSetWritesClearsAndRefusesCycles() throws {
        let s = try Sandbox()
        try s.initVault()
        for line in ["Buy paint", "Paint the fence", "Invite the neighbours"] { XCTAssertEqual(try s.carousel(["add", line]).status, 0) }
        let set = try s.carousel(["set", "paint-the-fence", "blocked_by=buy-paint"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertTrue(try s.read("cards/paint-the-fence.md").contains("blocked_by: [buy-paint]\n"))
        XCTAssertEqual(try s.carousel(["set", "invite-the-neighbours", "blocked_by=paint-the-fence"]).status, 0)
        XCTAssertFalse(try suggested(s).contains("invite-the-neighbours"))

        let before = try s.read("cards/buy-paint.md")
        let cycle = try s.carousel(["set", "buy-paint", "blocked_by=invite-the-neighbours"])
        XCTAssertEqual(cycle.status, 1)
        XCTAssertTrue(cycle.stderr.contains("buy-paint → invite-the-neighbours → paint-the-fence → buy-paint"), cycle.stderr)
        let own = try s.carousel(["set", "buy-paint", "blocked_by=buy-paint"])
        XCTAssertEqual(own.status, 1)
        XCTAssertTrue(own.stderr.contains("buy-paint → buy-paint"), own.stderr)
        XCTAssertEqual(try s.read("cards/buy-paint.md"), before, "a refused change writes nothing")

        XCTAssertEqual(try s.carousel(["set", "invite-the-neighbours", "blocked_by="]).status, 0)
        XCTAssertFalse(try s.read("cards/invite-the-neighbours.md").contains("blocked_by"))
        XCTAssertTrue(try suggested(s).contains("invite-the-neighbours"))
        try s.assertClean()
    }

    func testHandWrittenCycleAndMissingBlockerAreReportedNotFatal() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/a.md", "---\ntitle: A\nblocked_by: [b]\n---\n")
        try s.write("cards/b.md", "---\ntitle: B\nblocked_by: [a]\n---\n")
        try s.write("cards/c.md", "---\ntitle: C\nblocked_by: [gone-card]\n---\n")
        try s.write("cards/d.md", "---\ntitle: D\n---\n")
        let r = try s.carousel(["suggest", "--limit", "0", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("blocked_by cycle: a → b → a"), r.stderr)
        XCTAssertEqual(try r.json().cards().compactMap { $0["slug"] as? String }, ["d"],
                       "a missing blocker still blocks (TaskNotes' rule) until it is fixed")
        let show = try s.carousel(["show", "c"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("gone-card (no such card"), show.stdout)
        XCTAssertEqual((try s.carousel(["show", "c", "--json"]).json()["waiting_for"] as? [[String: Any]])?.first?["found"] as? Bool, false)
        let doctor = try s.carousel(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("cards/c.md") && doctor.stdout.contains("gone-card"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("a → b → a"), doctor.stdout)
        XCTAssertEqual(try s.carousel(["set", "c", "blocked_by="]).status, 0)
        XCTAssertTrue(try suggested(s).contains("c"))
    }

    func testTaskNotesEntriesAreReadAndKeptInTheirForm() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/prepare-metrics.md", "---\ntitle: Prepare metrics\n---\n")
        try s.write("cards/other.md", "---\ntitle: Other\n---\n")
        try s.write("cards/report.md", """
            ---
            title: Write the report
            blockedBy:
              - uid: "[[prepare-metrics]]"
                reltype: STARTTOSTART
                gap: PT4H
            ---
            Body stays.

            """)
        XCTAssertFalse(try suggested(s).contains("report"))
        XCTAssertTrue(try s.carousel(["show", "report"]).stdout.contains("Prepare metrics (prepare-metrics)"))
        let set = try s.carousel(["set", "report", "blocked_by=prepare-metrics,other"])
        XCTAssertEqual(set.status, 0, set.stderr)
        let text = try s.read("cards/report.md")
        XCTAssertTrue(text.contains("""
            blockedBy:
              - uid: "[[prepare-metrics]]"
                reltype: STARTTOSTART
              - uid: "[[other]]"
                reltype: FINISHTOSTART
            """), text)
        XCTAssertFalse(text.contains("blocked_by"))
        XCTAssertTrue(text.hasSuffix("---\nBody stays.\n"), text)
        try s.write("cards/bad.md", "---\ntitle: Bad\nblocked_by:\n  - uid: \"[[other]]\"\n    reltype: SOMETIME\n---\n")
        let r = try s.carousel(["list"])
        XCTAssertTrue(r.stderr.contains("cards/bad.md:4:5: error") && r.stderr.contains("reltype must be one of"), r.stderr)
    }

    func testICalendarExportLeavesDependenciesOut() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Buy paint tomorrow"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Paint the fence fri depends:buy-paint"]).status, 0)
        let ics = try s.carousel(["export", "--format", "ics"])
        XCTAssertEqual(ics.status, 0, ics.stderr)
        XCTAssertTrue(ics.stdout.contains("SUMMARY:Paint the fence"), ics.stdout)
        XCTAssertFalse(ics.stdout.contains("RELATED-TO"))
        XCTAssertFalse(ics.stdout.lowercased().contains("blocked"))
    }
}
