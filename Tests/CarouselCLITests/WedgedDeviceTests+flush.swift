import Foundation
import XCTest

/// The fast-forward's flush and its crash-recovery marker, and a sync cut short in the middle.
extension WedgedDeviceTests {
    /// A FIFO outside the vault (not in the sentinel folder, whose files are read).
    func fifo(_ scene: Scene) throws -> String {
        let path = scene.world.root.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        return path
    }

    /// The peer's tree with a link `cards/pipe.md` to a FIFO, or `cards/null.md` to /dev/null.
    func linkToASpecialFile(_ scene: Scene, fifo useFifo: Bool) throws -> String {
        let (name, target) = useFifo ? ("pipe.md", try fifo(scene)) : ("null.md", "/dev/null")
        return try edit(scene.peer, tree: "HEAD^{tree}", path: "cards/" + name, lines: ["120000 blob \(try blob(scene.peer, target))\t\(name)"])
    }

    func testLinksToAFifoOrToDevNullAreTakenWithinSecondsAndTheRevertHeals() throws {
        for useFifo in [true, false] {
            let s = try scene("testLinksToASpecialFile\(useFifo)")
            let name = useFifo ? "cards/pipe.md" : "cards/null.md"
            try push(s.peer, tree: try linkToASpecialFile(s, fifo: useFifo), message: "A pipe")
            let a = s.laptop
            let synced = try run(a, ["sync"], limit: 20)
            XCTAssertEqual(synced.status, 0, "links out are taken and reported: \(synced.stderr)")
            XCTAssertTrue(synced.stderr.contains(name), synced.stderr)
            XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, try a.git(["rev-parse", "origin/main"]).stdout)
            XCTAssertFalse(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent(".carousel/fast-forward").path))
            try assertStillWorks(a, round: "taken", syncSucceeds: true)
            try assertFsckClean(a, except: [])

            try mallory(s.peer, ["pull", "-q"])
            try mallory(s.peer, ["rm", "-q", name])
            try mallory(s.peer, ["commit", "-qm", "No pipe"])
            try mallory(s.peer, ["push", "-q"])
            try assertHealed(s)
            XCTAssertNil(lstatKind(a.vault.appendingPathComponent(name)))
        }
    }

    /// A sync killed between writing the marker and moving the branch: the next command finishes
    /// it, and never waits on a FIFO that the incoming tree links to.
    func testTheFastForwardMarkerNeverReplaysAStepThatHangs() throws {
        let s = try scene()
        let target = try push(s.peer, tree: try linkToASpecialFile(s, fifo: true), message: "A pipe")
        let a = s.laptop
        XCTAssertEqual(try a.git(["fetch", "-q", "origin"]).status, 0)
        try Data((target + "\n").utf8).write(to: a.vault.appendingPathComponent(".carousel/fast-forward"))
        let add = try run(a, ["add", "After the kill"], limit: 20)
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertTrue(add.stderr.contains("finished an interrupted sync") || add.stdout.contains("finished an interrupted sync"), add.stdout + add.stderr)
        XCTAssertEqual(try a.git(["rev-parse", "HEAD~1"]).stdout.prefix(40), Substring(target), "the fast-forward was finished, then the card added")
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent(".carousel/fast-forward").path))
        try assertStillWorks(a, round: "after", syncSucceeds: true)
        try assertFsckClean(a, except: [])
    }

    /// A marker an older version left for a tree that sync now refuses is taken back, not replayed.
    func testAMarkerForARefusedTreeIsTakenBackNotReplayed() throws {
        let s = try scene()
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards", lines: ["100644 blob \(try blob(s.peer, "flat\n"))\tcards"])
        let target = try push(s.peer, tree: tree, message: "Flatten cards")
        let a = s.laptop
        let head = try a.git(["rev-parse", "HEAD"]).stdout
        XCTAssertEqual(try a.git(["fetch", "-q", "origin"]).status, 0)
        try Data((target + "\n").utf8).write(to: a.vault.appendingPathComponent(".carousel/fast-forward"))
        let add = try run(a, ["add", "After the kill"], limit: 20)
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertEqual(try a.git(["rev-parse", "HEAD~1"]).stdout, head, "the refused tree was not checked out")
        XCTAssertEqual(lstatKind(a.vault.appendingPathComponent("cards")), S_IFDIR)
        XCTAssertEqual(try a.git(["status", "--porcelain"]).stdout, "")
        try revert(s.peer)
        try assertHealed(s)
    }

    /// A folder on this device where an incoming file goes (holding only an ignored file, so git
    /// does not see it and no tree check can): the sync stops, and what it wrote before stopping is
    /// taken back, so the next sync does not commit half a merge as edits.
    func testAFolderInTheWayOfAnIncomingFileLeavesNothingHalfDone() throws {
        for merging in [false, true] {
            let s = try scene("testAFolderInTheWay\(merging)")
            let a = s.laptop
            try s.peer.write("cards/honest-work.md", try s.peer.read("cards/honest-work.md").replacingOccurrences(of: "spoons: 1", with: "spoons: 3"))
            try s.peer.write("cards/zz-new.md", cardText(id: "01JNEW", title: "New"))
            try mallory(s.peer, ["add", "cards"])
            try mallory(s.peer, ["commit", "-qm", "Two cards"])
            try mallory(s.peer, ["push", "-q"])
            if merging { XCTAssertEqual(try run(a, ["add", "Local"]).status, 0) }
            // A folder git does not see: it holds only a file this clone ignores.
            let exclude = a.vault.appendingPathComponent(".git/info/exclude")
            try Data(((try? String(contentsOf: exclude, encoding: .utf8)) ?? "").appending("*.bak\n").utf8).write(to: exclude)
            try a.write("cards/zz-new.md/old.bak", "kept aside\n")
            let head = try a.git(["rev-parse", "HEAD"]).stdout
            let before = try a.read("cards/honest-work.md")
            let stopped = try run(a, ["sync"])
            XCTAssertNotEqual(stopped.status, 0, "merging \(merging): \(stopped.stderr)")
            XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, head, "merging \(merging)")
            XCTAssertEqual(try a.read("cards/honest-work.md"), before, "merging \(merging): taken back")
            XCTAssertEqual(try a.git(["status", "--porcelain"]).stdout, "", "merging \(merging)")
            XCTAssertEqual(try a.git(["diff", "--cached", "--stat"]).stdout, "", "merging \(merging): the index agrees with HEAD")

            try FileManager.default.removeItem(at: a.vault.appendingPathComponent("cards/zz-new.md"))
            try assertHealed(s)
            XCTAssertTrue(try a.read("cards/honest-work.md").contains("spoons: 3"))
        }
    }

    func lstatKind(_ url: URL) -> mode_t? {
        var st = stat()
        guard lstat(url.path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }
}
