import Foundation
import XCTest

/// Issue 52: names plain git takes that stopped a device. A one-character top-level file (`y`,
/// `é`) made `sync` (with local commits pending) and `undo` die with SIGILL inside Foundation's
/// path splitting, leaving `.carousel/intent.json`; a tree deeper than libgit2 can walk stopped
/// every command once taken.
extension WedgedDeviceTests {
    /// Mallory commits `files` with plain git and pushes them.
    func pushFiles(_ peer: Sandbox, _ files: [String: String], message: String) throws {
        try mallory(peer, ["pull", "-q", "--ff-only"])
        for (path, text) in files { try peer.write(path, text) }
        try mallory(peer, ["add", "-A"])
        try mallory(peer, ["commit", "-q", "-m", message])
        try mallory(peer, ["push", "-q", "origin", "HEAD:main"])
    }

    func testOneCharacterTopLevelFilesFromAPeerAreTakenWithLocalCommitsPending() throws {
        let s = try scene()
        let a = s.laptop
        // A trap must fail this test, not stop the test process.
        a.inProcess = false
        try pushFiles(s.peer, ["y": "why\n", "x": "ex\n", "é": "accent\n"], message: "Short names")
        XCTAssertEqual(try run(a, ["add", "Pending here"]).status, 0)
        let sync = try run(a, ["sync"])
        XCTAssertEqual(sync.status, 0, "sync: \(sync.stderr)")
        XCTAssertEqual(try a.read("y"), "why\n")
        XCTAssertEqual(try a.read("é"), "accent\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.vault.path + "/.carousel/intent.json"))
        try assertStillWorks(a, round: "short", syncSucceeds: true)
        try mallory(s.peer, ["pull", "-q", "--ff-only"])
        XCTAssertEqual(try SyncWorld.files(s.peer), try SyncWorld.files(a), "the devices agree")
        try assertFsckClean(a, except: [])
    }

    func testUndoOfAOneCharacterFileRemovesItAndLeavesNoIntent() throws {
        let s = try scene()
        let a = s.laptop
        a.inProcess = false
        try a.write("y", "mine\n")
        XCTAssertEqual(try run(a, ["add", "After y"]).status, 0)
        XCTAssertTrue(try a.git(["ls-files", "y"]).stdout.contains("y"), "the edit was committed")
        let undo = try run(a, ["undo", "2"])
        XCTAssertEqual(undo.status, 0, "undo: \(undo.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.vault.path + "/y"), "undo removed y")
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.vault.path + "/.carousel/intent.json"))
        XCTAssertEqual(try a.git(["status", "--porcelain"]).stdout, "")
        try assertStillWorks(a, round: "undone", syncSucceeds: true)
    }
}

// MARK: - Depth

extension WedgedDeviceTests {
    /// Pushes, on top of the remote's main, a commit adding one file `depth` folders down
    /// (`deep/d/d/…/f.txt`), written in one `git fast-import`; returns the commit's id.
    func pushDeepFile(_ peer: Sandbox, depth: Int, message: String = "Deep notes") throws -> String {
        try mallory(peer, ["fetch", "-q", "origin"])
        let parent = try mallory(peer, ["rev-parse", "origin/main"])
        let path = (["deep"] + Array(repeating: "d", count: depth - 1)).joined(separator: "/") + "/f.txt"
        let stream = """
        commit refs/heads/deep
        committer Mallory <mallory@example.invalid> 1795400000 +0000
        data \(message.utf8.count)
        \(message)
        from \(parent)
        M 100644 inline \(path)
        data 5
        deep

        """
        try mallory(peer, ["fast-import", "--quiet"], input: stream)
        let commit = try mallory(peer, ["rev-parse", "refs/heads/deep"])
        try mallory(peer, ["push", "-q", "origin", "\(commit):refs/heads/main"])
        return commit
    }

    func testAFileAHundredFoldersDeepIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let culprit = try pushDeepFile(s.peer, depth: 100)
        try assertRefusedThenHealed(s, culprit: culprit, saying: "goes more than 64 folders deep")
    }

    func testAFileAtTheDepthLimitIsTaken() throws {
        let s = try scene()
        _ = try pushDeepFile(s.peer, depth: 63)
        try mallory(s.peer, ["reset", "-q", "--hard", "origin/main"])
        try assertHealed(s)
    }

    /// 20,000 levels under `make stress` (1 MB pushed; it once made sync quadratic, 840 MB at
    /// 120 s), 1,000 otherwise: read only 64 levels down, refused at once.
    func testATreeThousandsOfLevelsDeepIsRefusedWithoutReadingItAll() throws {
        let s = try scene()
        let culprit = try pushDeepFile(s.peer, depth: Stress.pick(full: 20_000, quick: 1_000))
        let a = s.laptop
        let refused = try run(a, ["sync"], limit: 30)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains(String(culprit.prefix(7))) && refused.stderr.contains("goes more than 64 folders deep"), refused.stderr)
        try assertStillWorks(a, round: "deep", syncSucceeds: false)
    }
}
