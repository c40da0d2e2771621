import Foundation
import XCTest

/// A sync killed after its merge wrote the merged files but before the merge commit: the next
/// command puts those files back and merges again, instead of committing them as the person's
/// own "edit:".
final class SyncKilledMergeTests: XCTestCase {
    func testAMergeKilledBeforeItsCommitIsPutBackNotCommittedAsAnEdit() throws {
        guard let strace = DurabilityTests.strace else { throw XCTSkip("strace is not installed (`make deps`)") }
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\ntags: [family]\n"))
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let b = try world.clone(name: "phone")
        try b.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 3\ntags: [family]\n"))
        XCTAssertEqual(try b.carousel(["sync"]).status, 0)
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\ntags: [family, phone]\n"))
        XCTAssertEqual(try a.git(["commit", "-qam", "tags by hand"]).status, 0)
        // This device's own line of history: the phone's edit comes in beside it, in the merge.
        func ownLine() throws -> [String] { try a.git(["log", "--first-parent", "--format=%s"]).stdout.split(separator: "\n").map(String.init) }
        let edits = try ownLine().filter { $0.hasPrefix("edit:") }.count

        // Killed at the merge commit's first step: libgit2 renaming its new git index into place.
        let lock = a.vault.appendingPathComponent(".git/index.lock").path
        let calls = "rename,renameat,renameat2"
        let killed = try Sandbox.run(URL(fileURLWithPath: strace), ["-f", "-qq", "-o", "/dev/null", "-e", "trace=" + calls, "-P", lock,
                                                                   "-e", "inject=\(calls):signal=SIGKILL", "--", Sandbox.binary.path,
                                                                   "sync", "--vault", a.vault.path, "--today", a.today],
                                     env: a.environment, cwd: a.root)
        XCTAssertNotEqual(killed.status, 0, "the sync should have been killed")
        XCTAssertEqual(try a.git(["log", "-1", "--format=%s"]).stdout, "tags by hand\n", "killed before the merge commit")
        XCTAssertTrue(try a.read("cards/call-mum.md").contains("spoons: 3"), "the merged file was written before the kill")

        let again = try a.carousel(["sync"])
        XCTAssertTrue(again.stdout.contains("put back 1 file a stopped sync had half merged"), again.stdout)
        XCTAssertEqual(again.status, 0, again.stderr)
        let log = try ownLine()
        XCTAssertEqual(log.filter { $0.hasPrefix("edit:") }.count, edits, "the half merge was committed as an edit: \(log)")
        XCTAssertEqual(try a.read("cards/call-mum.md"), cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 3\ntags: [family, phone]\n"))
        XCTAssertEqual(try a.git(["log", "-1", "--format=%p"]).stdout.split(separator: " ").count, 2, "one merge commit with both parents")
        XCTAssertEqual(try b.carousel(["sync"]).status, 0)
        try world.assertConverged()
    }
}
