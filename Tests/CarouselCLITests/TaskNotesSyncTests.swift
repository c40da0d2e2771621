import Foundation
import XCTest

/// A TaskNotes change arriving by git, and a concurrent Carousel change, merged field by field.
final class TaskNotesSyncTests: XCTestCase {
    func testAPlainGitPullBringsATaskNotesChangeAndSyncMergesFieldByField() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/weekly-review.md", TaskNotesKeysTests.review)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        // The phone runs TaskNotes: its changes are plain commits, pushed with git.
        let phone = try world.clone(name: "phone")
        let edited = TaskNotesKeysTests.review
            .replacingOccurrences(of: "priority: high", with: "priority: low")
            .replacingOccurrences(of: "complete_instances:\n  - 2026-11-09\n", with: "complete_instances:\n  - 2026-11-02\n  - 2026-11-09\n")
            .replacingOccurrences(of: "dateModified: 2026-11-16T08:02:11.000+01:00", with: "dateModified: 2026-11-22T20:00:00.000+01:00")
        try phone.write("cards/weekly-review.md", edited)
        XCTAssertEqual(try phone.git(["commit", "-qam", "TaskNotes: weekly review"]).status, 0)
        XCTAssertEqual(try phone.git(["push", "-q", "origin", "main"]).status, 0)

        // A second Carousel device takes it with a plain `git pull`, and reads TaskNotes' change.
        let desk = try world.clone(name: "desk")
        XCTAssertEqual(try desk.git(["pull", "-q"]).status, 0)
        let list = try desk.carousel(["list", "--json"]).json().cards()
        XCTAssertEqual(list.first { $0["slug"] as? String == "weekly-review" }?["importance"] as? Int, 2)

        // Meanwhile the laptop completes today's review; sync merges both changes field by field.
        XCTAssertEqual(try a.carousel(["done", "weekly-review"]).status, 0)
        let synced = try a.carousel(["sync"])
        XCTAssertEqual(synced.status, 0, synced.stderr)
        let text = try a.read("cards/weekly-review.md")
        XCTAssertTrue(text.contains("priority: low\n"), text)
        XCTAssertTrue(text.contains("complete_instances:\n  - 2026-11-02\n  - 2026-11-09\n  - 2026-11-23\n"), text)
        XCTAssertTrue(text.contains("dateModified: 2026-11-23T"), "the later change's time, with no clash: \(text)")
        XCTAssertFalse(text.contains("conflicts:"), text)
        XCTAssertTrue(text.hasSuffix(TaskNotesKeysTests.review.components(separatedBy: "\n---\n").last!), text)
    }

    /// The same in a vault TaskNotes laid out: its tasks folder, and its own names for the fields.
    func testAPlainGitPullBringsAChangeUnderTaskNotesOwnFieldNamesAndSyncMergesIt() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write(".obsidian/plugins/tasknotes/data.json", TaskNotesVaultTests.settings)
        try a.write("Planner/Tasks/weekly-review.md", TaskNotesVaultTests.review)
        try a.write("Welcome.md", TaskNotesVaultTests.welcome)
        let first = try a.carousel(["sync"])
        XCTAssertEqual(first.status, 0, first.stderr)
        // The phone runs TaskNotes: Obsidian rewrites the file, git carries it.
        let phone = try world.clone(name: "phone")
        let edited = TaskNotesVaultTests.review
            .replacingOccurrences(of: "prio: urgent", with: "prio: low")
            .replacingOccurrences(of: "doneOn:\n  - 2026-11-09\n", with: "doneOn:\n  - 2026-11-02\n  - 2026-11-09\n")
            .replacingOccurrences(of: "updated: 2026-11-16T08:02:11.000+01:00", with: "updated: 2026-11-22T20:00:00.000+01:00")
        try phone.write("Planner/Tasks/weekly-review.md", edited)
        try phone.write("Welcome.md", TaskNotesVaultTests.welcome + "Edited in Obsidian.\n")
        XCTAssertEqual(try phone.git(["commit", "-qam", "TaskNotes: weekly review"]).status, 0)
        XCTAssertEqual(try phone.git(["push", "-q", "origin", "main"]).status, 0)

        // A second Carousel device takes it with a plain `git pull` and reads it under the vault's names.
        let desk = try world.clone(name: "desk")
        XCTAssertEqual(try desk.git(["pull", "-q"]).status, 0)
        let list = try desk.carousel(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        let review = try list.json().cards().first { $0["slug"] as? String == "weekly-review" }
        XCTAssertEqual(review?["importance"] as? Int, 1, "low is the lowest of the vault's priorities")

        // Meanwhile the laptop completes today's review; sync merges both changes field by field.
        XCTAssertEqual(try a.carousel(["done", "weekly-review"]).status, 0)
        let synced = try a.carousel(["sync"])
        XCTAssertEqual(synced.status, 0, synced.stderr)
        let text = try a.read("Planner/Tasks/weekly-review.md")
        XCTAssertTrue(text.contains("prio: low\n"), text)
        XCTAssertTrue(text.contains("doneOn:\n  - 2026-11-02\n  - 2026-11-09\n  - 2026-11-23\n"), text)
        XCTAssertTrue(text.contains("updated: 2026-11-23T"), "the later change's time, with no clash: \(text)")
        for key in ["conflicts:", "complete_instances", "dateModified", "priority"] { XCTAssertFalse(text.contains(key), "\(key) in\n\(text)") }
        XCTAssertTrue(text.hasSuffix(TaskNotesVaultTests.review.components(separatedBy: "\n---\n").last!), text)
        XCTAssertEqual(try a.read("Welcome.md"), TaskNotesVaultTests.welcome + "Edited in Obsidian.\n", "a note is not a card")
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent("Welcome.other-version.txt").path))
    }
}
