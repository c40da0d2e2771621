import Foundation
import XCTest

/// A card that is also a hard link to a file elsewhere: what a peer changes reaches the card,
/// never the other name (libgit2's checkout rewrites a file in place).
extension WedgedDeviceTests {
    func testACheckoutNeverWritesThroughAHardLink() throws {
        for withLocalChange in [false, true] {
            let s = try scene("testHardLink\(withLocalChange)")
            let a = s.laptop
            let card = a.vault.appendingPathComponent("cards/honest-work.md")
            let before = try String(contentsOf: card, encoding: .utf8)
            let elsewhere = s.world.root.appendingPathComponent("elsewhere.md")
            XCTAssertEqual(link(card.path, elsewhere.path), 0, String(cString: strerror(errno)))

            try mallory(s.peer, ["pull", "-q"])
            let peerCard = s.peer.vault.appendingPathComponent("cards/honest-work.md")
            try Data(before.replacingOccurrences(of: "title: Honest work", with: "title: Honest work, by the peer").utf8).write(to: peerCard)
            try mallory(s.peer, ["commit", "-qam", "Retitle"])
            try mallory(s.peer, ["push", "-q"])
            if withLocalChange { XCTAssertEqual(try run(a, ["add", "Local card"]).status, 0) }  // a merge, not a fast-forward

            let synced = try run(a, ["sync"])
            XCTAssertEqual(synced.status, 0, synced.stderr)
            XCTAssertTrue(try String(contentsOf: card, encoding: .utf8).contains("Honest work, by the peer"), "the card takes the peer's change")
            XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), before, "the other name keeps its bytes (local change: \(withLocalChange))")
            var st = stat()
            XCTAssertEqual(lstat(card.path, &st), 0)
            XCTAssertEqual(st.st_nlink, 1, "the card has an inode of its own")
            XCTAssertEqual(try a.git(["status", "--porcelain"]).stdout, "")
            try assertStillWorks(a, round: "linked", syncSucceeds: true)
            try assertFsckClean(a, except: [])
        }
    }
}
