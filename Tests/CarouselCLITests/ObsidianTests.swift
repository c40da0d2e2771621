import Foundation
import XCTest

/// A vault that Obsidian opens too: its workspace churn stays out of git, its notes are not cards,
/// and only Carousel's own files go to the card merge driver.
final class ObsidianTests: XCTestCase {
    func testObsidianFolderNextDoor() throws {
        let s = try Sandbox()
        try s.write(".obsidian/app.json", "{\"alwaysUpdateLinks\": true}\n")
        try s.write(".obsidian/workspace.json", "{\"main\": {\"id\": \"1\"}}\n")
        try s.write("Welcome.md", "# Welcome\n\nThis is my Obsidian vault.\n")
        try s.write("Projects/Plan.md", "---\ntitle: Plan\ntags: [project]\n---\n# Plan\n- [ ] think\n")
        let initRun = try s.carousel(["init", s.vault.path, "--no-tour"], vaultFlag: false)
        XCTAssertEqual(initRun.status, 0, initRun.stderr)
        let ignore = try s.read(".gitignore")
        XCTAssertTrue(ignore.contains(".obsidian/workspace*.json"), ignore)
        let tracked = try s.git(["ls-files"]).stdout
        XCTAssertFalse(tracked.contains(".obsidian/workspace.json"), tracked)
        XCTAssertTrue(tracked.contains(".obsidian/app.json"), "Obsidian's settings are the person's, and sync")
        XCTAssertTrue(tracked.contains("Projects/Plan.md"))

        // Notes are not cards.
        let list = try s.carousel(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(try list.json().cards().count, 0, list.stdout)
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        XCTAssertEqual(try s.carousel(["list", "--json"]).json().cards().map { $0["slug"] as? String }, ["call-mum"])

        // Only Carousel's files go to the field-by-field merge driver.
        func mergeAttribute(_ path: String) throws -> String {
            try s.git(["check-attr", "merge", "--", path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertTrue(try mergeAttribute("cards/call-mum.md").hasSuffix("merge: carousel"))
        XCTAssertTrue(try mergeAttribute("journal/2026/2026-11-23.md").hasSuffix("merge: carousel"))
        XCTAssertTrue(try mergeAttribute("Projects/Plan.md").hasSuffix("merge: unspecified"))
        XCTAssertTrue(try mergeAttribute("Welcome.md").hasSuffix("merge: unspecified"))

        // Obsidian moving a pane never makes a commit; the working tree stays clean.
        try s.write(".obsidian/workspace.json", "{\"main\": {\"id\": \"2\"}}\n")
        XCTAssertEqual(try s.carousel(["done", "call-mum"]).status, 0)
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "")
        XCTAssertFalse(try s.git(["log", "--name-only", "--format="]).stdout.contains("workspace.json"))
    }
}
