import Foundation
import XCTest

/// Issue 38: whatever a peer pushes, `sync` on the honest device refuses it (naming the commit
/// and its author) or takes it; either way the device keeps working, and once the peer takes it
/// back one sync brings the device to the peer's tree. The peer writes its trees with git's
/// plumbing (`mktree`, `commit-tree`), as a careless tool or a hostile peer could.
final class WedgedDeviceTests: XCTestCase {
    /// The honest laptop (one card, synced) and Mallory's clone of the shared remote.
    struct Scene {
        let world: SyncWorld
        let laptop: Sandbox
        let peer: Sandbox
        let sentinel: HostilePeerTests.Sentinel
    }

    func scene(_ name: String = #function) throws -> Scene {
        let world = try SyncWorld(name)
        let sentinel = try HostilePeerTests.Sentinel(in: world.root)
        let laptop = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try laptop.carousel(["add", "Honest work"]).status, 0)
        try laptop.write("journal/2026/2026-11-20.md", "---\nnote: A calm day\n---\n")
        XCTAssertEqual(try laptop.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "mallory")
        XCTAssertFalse(try peer.git(["ls-files", "journal/2026"]).stdout.isEmpty, "a journal year to replace")
        return Scene(world: world, laptop: laptop, peer: peer, sentinel: sentinel)
    }

    // MARK: - The peer's plumbing

    /// Runs git in the peer's clone as Mallory, with input on stdin.
    @discardableResult
    func mallory(_ peer: Sandbox, _ args: [String], input: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"),
                                ["git", "-C", peer.vault.path, "-c", "user.name=Mallory", "-c", "user.email=mallory@example.invalid"] + args,
                                env: peer.environment, cwd: peer.root, stdin: input)
        XCTAssertEqual(r.status, 0, "git \(args): \(r.stderr)", file: file, line: line)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `tree` with the entries named `path` replaced by `lines` (each `mode type id\tname`, the
    /// name being the last part of `path`; none removes it), folders above rewritten.
    func edit(_ peer: Sandbox, tree: String, path: String, lines: [String]) throws -> String {
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        var entries = try mallory(peer, ["ls-tree", "-z", tree]).split(separator: "\0").map(String.init)
        if parts.count == 1 {
            entries.removeAll { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) == parts[0] }
            entries += lines
        } else {
            guard let i = entries.firstIndex(where: { $0.hasSuffix("\t" + parts[0]) }) else { throw XCTSkip("no \(parts[0]) in the tree") }
            let sub = String(entries[i].split(separator: " ")[2].prefix(40))
            let newSub = try edit(peer, tree: sub, path: parts[1], lines: lines)
            entries[i] = "040000 tree \(newSub)\t\(parts[0])"
        }
        return try mallory(peer, ["mktree", "-z", "--missing"], input: entries.map { $0 + "\0" }.joined())
    }

    /// Pushes a commit of `tree` on top of the remote's main; returns its id.
    @discardableResult
    func push(_ peer: Sandbox, tree: String, message: String) throws -> String {
        try mallory(peer, ["fetch", "-q", "origin"])
        let commit = try mallory(peer, ["commit-tree", tree, "-p", "origin/main", "-m", message])
        try mallory(peer, ["push", "-q", "origin", "\(commit):refs/heads/main"])
        return commit
    }

    /// Pushes a commit that puts the peer's own tree back (a revert), and moves the clone there.
    func revert(_ peer: Sandbox) throws {
        try push(peer, tree: try mallory(peer, ["rev-parse", "HEAD^{tree}"]), message: "Put it back")
        try mallory(peer, ["reset", "-q", "--hard", "origin/main"])
    }

    /// Runs `carousel` stopped after `limit` seconds (a hang fails the test instead of stalling it).
    func run(_ s: Sandbox, _ args: [String], limit: Int = 60, file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        let started = ProcessInfo.processInfo.systemUptime
        let r = try s.carousel(args, limit: limit)
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, Double(limit) - 0.5, "carousel \(args) hung", file: file, line: line)
        return r
    }

    func blob(_ peer: Sandbox, _ text: String) throws -> String {
        try mallory(peer, ["hash-object", "-w", "--stdin"], input: text)
    }

    // MARK: - What must hold

    /// After the push: the sync refuses naming the commit and Mallory, nothing here changes;
    /// `add`, `set`, `done` and a second sync still work (the sync refuses the same way); after
    /// the peer puts its tree back, one sync brings the device to it and both agree.
    func assertRefusedThenHealed(_ scene: Scene, culprit: String, saying words: String,
                                 badObjects: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let a = scene.laptop
        let sentinelBefore = try scene.sentinel.state()
        XCTAssertEqual(try run(a, ["add", "Before sync"]).status, 0, file: file, line: line)
        let head = try a.git(["rev-parse", "HEAD"]).stdout
        let files = try SyncWorld.files(a)
        let refused = try run(a, ["sync"])
        XCTAssertNotEqual(refused.status, 0, "the sync must refuse", file: file, line: line)
        for expected in [String(culprit.prefix(7)), "Mallory", words, "nothing here changed"] {
            XCTAssertTrue(refused.stderr.contains(expected), "no \(expected.debugDescription) in: \(refused.stderr)", file: file, line: line)
        }
        XCTAssertFalse(refused.stderr.contains("\u{1B}") || refused.stderr.dropLast().contains("\n"), "one line, no escapes: \(refused.stderr.debugDescription)", file: file, line: line)
        XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, head, "HEAD must not move", file: file, line: line)
        XCTAssertEqual(try SyncWorld.files(a), files, "no file may change", file: file, line: line)
        XCTAssertEqual(try a.git(["status", "--porcelain"]).stdout, "", file: file, line: line)
        try assertStillWorks(a, round: "refused", syncSucceeds: false, file: file, line: line)
        try assertFsckClean(a, except: badObjects, file: file, line: line)

        try revert(scene.peer)
        try assertHealed(scene, badObjects: badObjects, file: file, line: line)
        XCTAssertEqual(try scene.sentinel.state(), sentinelBefore, file: file, line: line)
    }

    /// After the peer put its tree back: one sync takes it, the device has the peer's files
    /// (and its own cards), and the peer's next pull makes both the same.
    func assertHealed(_ scene: Scene, badObjects: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let a = scene.laptop, peer = scene.peer
        let peerFiles = try SyncWorld.files(peer)
        let healed = try run(a, ["sync"])
        XCTAssertEqual(healed.status, 0, "after the revert one sync heals: \(healed.stderr)", file: file, line: line)
        let mine = try SyncWorld.files(a)
        for (path, text) in peerFiles { XCTAssertEqual(mine[path], text, "\(path) differs from the peer's", file: file, line: line) }
        try mallory(peer, ["pull", "-q", "--ff-only"], file: file, line: line)
        XCTAssertEqual(try SyncWorld.files(peer), try SyncWorld.files(a), "the devices agree", file: file, line: line)
        try assertStillWorks(a, round: "healed", syncSucceeds: true, file: file, line: line)
        try assertFsckClean(a, except: badObjects, file: file, line: line)
    }

    /// `add`, `set`, `done` and `sync` answer; the sync succeeds or refuses without a wedge.
    func assertStillWorks(_ a: Sandbox, round: String, syncSucceeds: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let add = try run(a, ["add", "Card \(round)"])
        XCTAssertEqual(add.status, 0, "add: \(add.stderr)", file: file, line: line)
        let set = try run(a, ["set", "card-\(round)", "spoons=2"])
        XCTAssertEqual(set.status, 0, "set: \(set.stderr)", file: file, line: line)
        let done = try run(a, ["done", "card-\(round)"])
        XCTAssertEqual(done.status, 0, "done: \(done.stderr)", file: file, line: line)
        let sync = try run(a, ["sync"])
        if syncSucceeds {
            XCTAssertEqual(sync.status, 0, "sync: \(sync.stderr)", file: file, line: line)
        } else {
            XCTAssertTrue(sync.stderr.contains("nothing here changed"), "sync: \(sync.stderr)", file: file, line: line)
        }
        XCTAssertEqual(try a.git(["status", "--porcelain"]).stdout, "", file: file, line: line)
    }

    /// `git fsck --strict` finds nothing, or only the peer's own broken objects.
    func assertFsckClean(_ a: Sandbox, except bad: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let fsck = try a.git(["fsck", "--strict", "--no-dangling"])
        let complaints = (fsck.stdout + fsck.stderr).split(separator: "\n").filter { line in
            !line.hasPrefix("Checking") && !bad.contains { line.contains($0) }
        }
        XCTAssertEqual(complaints, [], "git fsck: \(fsck.stderr)", file: file, line: line)
        if bad.isEmpty { XCTAssertEqual(fsck.status, 0, fsck.stderr, file: file, line: line) }
    }

    // MARK: - Folders and files changing kind

    func testCardsReplacedByAFileIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards", lines: ["100644 blob \(try blob(s.peer, "not a folder\n"))\tcards"])
        let culprit = try push(s.peer, tree: tree, message: "Flatten cards")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "cards is a file, where the vault keeps a folder")
    }

    func testAJournalYearReplacedByAFileIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "journal/2026", lines: ["100644 blob \(try blob(s.peer, "x\n"))\t2026"])
        let culprit = try push(s.peer, tree: tree, message: "Tidy the journal")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "journal/2026 is a file, where the vault keeps a folder")
    }

    func testAFolderOfNotesReplacedByAFileIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        try s.laptop.write("notes/ideas.txt", "some ideas\n")
        XCTAssertEqual(try s.laptop.carousel(["sync"]).status, 0)
        try mallory(s.peer, ["pull", "-q"])
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "notes", lines: ["100644 blob \(try blob(s.peer, "x\n"))\tnotes"])
        let culprit = try push(s.peer, tree: tree, message: "Merge notes")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "the folder notes was replaced by a file")
    }

    func testSettingsReplacedByAFolderIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let inner = try mallory(s.peer, ["mktree"], input: "100644 blob \(try blob(s.peer, "budget: 10\n"))\tx.yaml\n")
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "carousel.yaml", lines: ["040000 tree \(inner)\tcarousel.yaml"])
        let culprit = try push(s.peer, tree: tree, message: "Split settings")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "carousel.yaml is a folder, where the vault keeps a file")
    }

    /// Made a folder and back again before the device synced: the tree that arrives is fine.
    func testSettingsMadeAFolderAndBackIsTaken() throws {
        let s = try scene()
        let inner = try mallory(s.peer, ["mktree"], input: "100644 blob \(try blob(s.peer, "budget: 10\n"))\tx.yaml\n")
        try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "carousel.yaml", lines: ["040000 tree \(inner)\tcarousel.yaml"]), message: "Split")
        try revert(s.peer)
        try assertHealed(s)
    }

    // MARK: - Submodules

    func testAGitlinkWithGitmodulesIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let head = try mallory(s.peer, ["rev-parse", "HEAD"])
        var tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards/sub", lines: ["160000 commit \(head)\tsub"])
        let modules = try blob(s.peer, "[submodule \"sub\"]\n\tpath = cards/sub\n\turl = ./sub\n")
        tree = try edit(s.peer, tree: tree, path: ".gitmodules", lines: ["100644 blob \(modules)\t.gitmodules"])
        let culprit = try push(s.peer, tree: tree, message: "Add a submodule")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "which a vault cannot hold")
    }

    func testAGitlinkAloneIsRefused() throws {
        let s = try scene()
        let head = try mallory(s.peer, ["rev-parse", "HEAD"])
        let culprit = try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "cards/sub", lines: ["160000 commit \(head)\tsub"]), message: "Sub")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "cards/sub is a submodule")
    }

    // MARK: - Names and entries git can store but no checkout here may take

    func testADuplicateEntryIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let card = try blob(s.peer, cardText(id: "01JDUP", title: "Twice"))
        let cards = try edit(s.peer, tree: "HEAD^{tree}:cards", path: "twice.md", lines: ["100644 blob \(card)\ttwice.md", "100644 blob \(card)\ttwice.md"])
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards", lines: ["040000 tree \(cards)\tcards"])
        let culprit = try push(s.peer, tree: tree, message: "Twice")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "cards/twice.md is in its folder twice", badObjects: [cards])
    }

    func testANameOverLongIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let name = String(repeating: "x", count: 300) + ".md"
        let culprit = try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "cards/" + name,
                                                      lines: ["100644 blob \(try blob(s.peer, cardText(id: "01JLONG", title: "Long")))\t\(name)"]), message: "Long")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "has a name longer than 255 bytes")
    }

    func testNamesWithANewlineOrEscapeAreRefusedAndTheRevertHeals() throws {
        for (round, name) in ["forged\nline.md", "colour\u{1B}[8m.md"].enumerated() {
            let s = try scene("testNamesWithANewlineOrEscape\(round)")
            let culprit = try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "cards/" + name,
                                                          lines: ["100644 blob \(try blob(s.peer, cardText(id: "01JCTL", title: "Odd")))\t\(name)"]), message: "Odd name")
            try assertRefusedThenHealed(s, culprit: culprit, saying: "has a control character in its name")
        }
    }

    func testAFileModeGitNeverWritesIsRefused() throws {
        let s = try scene()
        let culprit = try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "cards/odd.md",
                                                      lines: ["100664 blob \(try blob(s.peer, cardText(id: "01JODD", title: "Odd")))\todd.md"]), message: "Mode")
        let cards = try mallory(s.peer, ["rev-parse", "\(culprit):cards"])
        try assertRefusedThenHealed(s, culprit: culprit, saying: "has the file mode 100664", badObjects: [cards])
    }
}
