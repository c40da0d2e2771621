import Foundation
import XCTest

final class HistoryTests: XCTestCase {
    func testLogShowsFieldChangesWithAuthorAndTime() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "due: 2026-11-23\n"))
        XCTAssertEqual(try s.carousel(["set", "call-mum", "due=2026-11-25", "spoons=2"], env: ["CAROUSEL_DEVICE": "laptop"]).status, 0)
        let r = try s.carousel(["log", "call-mum", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let changes = try XCTUnwrap(try r.json()["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 2)
        let fields = try XCTUnwrap(changes.first?["fields"] as? [[String: Any]])
        let due = try XCTUnwrap(fields.first { $0["field"] as? String == "due" })
        XCTAssertEqual(due["from"] as? String, "2026-11-23")
        XCTAssertEqual(due["to"] as? String, "2026-11-25")
        XCTAssertEqual(changes.first?["author"] as? String, "Test Person")
        XCTAssertEqual(changes.first?["device"] as? String, "laptop")
        XCTAssertNotNil(changes.first?["date"] as? String)
        let text = try s.carousel(["log", "call-mum"]).stdout
        XCTAssertTrue(text.contains("due 2026-11-23 → 2026-11-25"), text)
        XCTAssertTrue(text.contains("by Test Person on laptop"), text)
        let vaultLog = try s.carousel(["log"]).stdout
        XCTAssertTrue(vaultLog.contains("init: new vault"), vaultLog)
    }

    func testShowAsOfReadsTheCardFromHistory() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\n"))
        XCTAssertEqual(try s.carousel(["set", "call-mum", "spoons=2"]).status, 0)
        // Commit times are the wall clock; a date far ahead sees the newest version, one long past none.
        let now = try s.carousel(["show", "call-mum", "--as-of", "2999-01-01", "--json"])
        XCTAssertEqual(try now.json()["spoons"] as? Int, 2, now.stdout)
        let before = try s.carousel(["show", "call-mum", "--as-of", "2001-01-01"])
        XCTAssertEqual(before.status, 1)
        XCTAssertTrue(before.stderr.contains("did not exist yet"), before.stderr)
    }

    func testLogFollowsACardAcrossARename() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\n"))
        XCTAssertEqual(try s.carousel(["set", "call-mum", "spoons=2"]).status, 0)
        try s.git(["mv", "cards/call-mum.md", "cards/phone-mum.md"])
        XCTAssertEqual(try s.carousel(["set", "phone-mum", "spoons=3"]).status, 0)
        let text = try s.carousel(["log", "phone-mum"]).stdout
        XCTAssertTrue(text.contains("moved from cards/call-mum.md to cards/phone-mum.md"), text)
        XCTAssertTrue(text.contains("spoons 1 → 2"), text)
        XCTAssertTrue(text.contains("card created"), text)
    }

    func testUndoRevertsTheLastChangeAndKeepsLaterEditsToOtherFields() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\n"))
        XCTAssertEqual(try s.carousel(["done", "call-mum"]).status, 0)
        let r = try s.carousel(["undo", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(try s.read("cards/call-mum.md").contains("done:"))
        let subjects = try s.log()
        XCTAssertTrue(subjects.first?.hasPrefix("undo: done: Call Mum") ?? false, subjects.joined(separator: "\n"))
        try s.assertClean()
        // A second undo goes further back instead of redoing.
        XCTAssertEqual(try s.carousel(["undo"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/call-mum.md").path))
    }

    func testUndoRefusesWhenALaterChangeTouchedTheSameField() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\n"))
        XCTAssertEqual(try s.carousel(["set", "call-mum", "spoons=2"]).status, 0)
        // The later change (one undo skips over, as it skips merges) changed spoons again.
        try s.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 3\n"))
        try s.git(["add", "-A"])
        try s.git(["-c", "user.name=Other", "-c", "user.email=o@example.invalid", "commit", "-qm", "undo: an older undo", "-m", "This reverts 0000000000000000000000000000000000000000."])
        let before = try s.log()
        let r = try s.carousel(["undo"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("later change"), r.stderr)
        XCTAssertEqual(try s.log(), before)
    }

    func testUndoAfterSyncRevertsTheLocalChangeNotTheMerge() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\ndue: 2026-11-23\n"))
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let b = try world.clone(name: "phone")
        XCTAssertEqual(try b.carousel(["set", "call-mum", "due=2026-11-27"]).status, 0)
        XCTAssertEqual(try b.carousel(["sync"]).status, 0)
        XCTAssertEqual(try a.carousel(["set", "call-mum", "spoons=4"]).status, 0)
        let synced = try a.carousel(["sync", "--json"])
        XCTAssertNotNil(try synced.json()["merge_commit"] as? String, synced.stdout)
        let r = try a.carousel(["undo", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let undone = try XCTUnwrap(try r.json()["undone"] as? [String: Any])
        XCTAssertEqual(undone["summary"] as? String, "set: Call Mum (spoons)")
        let card = try a.read("cards/call-mum.md")
        XCTAssertTrue(card.contains("spoons: 1"), card)
        XCTAssertTrue(card.contains("due: 2026-11-27"), "the other device's change stays:\n\(card)")
        try a.assertClean()
    }
}
