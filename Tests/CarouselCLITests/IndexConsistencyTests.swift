import Foundation
import XCTest

/// Edits behind the index's back (including ones that keep the old mtime) never make a view
/// differ from a cold re-index.
final class IndexConsistencyTests: XCTestCase {
    func testViewsMatchAColdReindexAfterEditsBehindItsBack() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let fm = FileManager.default
        let cards = s.vault.appendingPathComponent("cards")
        func view() throws -> String {
            try s.carousel(["suggest", "--json", "--limit", "0"]).stdout + s.carousel(["today", "--json"]).stdout
        }
        func assertMatchesCold(_ step: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let warm = try view()
            try s.removeLocalStateKeepingNumbers()
            XCTAssertEqual(warm, try view(), "after \(step)", file: file, line: line)
        }
        _ = try view()

        // Edit in place, then put the old modification time back (the size differs).
        let mum = cards.appendingPathComponent("call-mum.md")
        let oldDate = try fm.attributesOfItem(atPath: mum.path)[.modificationDate] as! Date
        try (try String(contentsOf: mum, encoding: .utf8)).replacingOccurrences(of: "importance: 4", with: "importance: 5\nmood: keen")
            .write(to: mum, atomically: false, encoding: .utf8)
        try fm.setAttributes([.modificationDate: oldDate], ofItemAtPath: mum.path)
        try assertMatchesCold("an edit that keeps the old mtime")

        // Add, delete, rename, move into a sub-folder.
        try s.write("cards/new-one.md", "---\ntitle: New one\nimportance: 5\ndue: 2026-11-24\n---\n")
        try assertMatchesCold("adding a file")
        try fm.removeItem(at: cards.appendingPathComponent("pack-bag.md"))
        try assertMatchesCold("deleting a file")
        try fm.moveItem(at: cards.appendingPathComponent("new-one.md"), to: cards.appendingPathComponent("renamed.md"))
        try assertMatchesCold("renaming a file")
        try fm.createDirectory(at: cards.appendingPathComponent("work"), withIntermediateDirectories: true)
        try fm.moveItem(at: cards.appendingPathComponent("review-team-timesheets.md"),
                        to: cards.appendingPathComponent("work/review-team-timesheets.md"))
        try assertMatchesCold("moving a file into a folder")

        // Replace a file with another of the same size via rename (new inode).
        let slides = cards.appendingPathComponent("prepare-slides-for-thursday-meeting.md")
        let text = try String(contentsOf: slides, encoding: .utf8).replacingOccurrences(of: "importance: 4", with: "importance: 2")
        try text.write(to: slides, atomically: false, encoding: .utf8)
        try assertMatchesCold("an atomic save of the same size")

        // Break a file, then fix it.
        try s.write("cards/call-mum.md", "---\ntitle: Call Mum\nspoons: many\n---\n")
        try assertMatchesCold("breaking a file")
        try s.write("cards/call-mum.md", "---\ntitle: Call Mum\nspoons: 2\n---\n")
        try assertMatchesCold("fixing it")
    }
}
