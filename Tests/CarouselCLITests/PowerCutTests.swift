import Foundation
import XCTest

/// Power cuts, explored as ALICE does (OSDI 2014, "All File Systems Are Not Created Equal"):
/// each command runs once under `strace -f` (its git child processes too), its file-system calls
/// are read into logical operations, and every crash state the model allows is rebuilt from a
/// copy of the vault as it was before: a prefix of the calls, where what was not yet made
/// durable by an fsync (a file's bytes by fsync of the file, a name by fsync of its folder) may
/// be lost or torn. In each state the vault must open, Carousel's next command must work and
/// repair what it must, `git fsck --strict` must pass, and every change acknowledged before the
/// crash must be there. The model and the figures are in docs/reliability.md.
final class PowerCutTests: XCTestCase {
    /// Every state under `make stress`. Otherwise every 16th crash state is built (building one
    /// replays every call before it, which is most of the time a full run takes) and every 8th
    /// distinct one of those checked, and always the acknowledged end with everything unsynced lost.
    static let built = Stress.pick(full: 1, quick: 16)
    static let stride = Stress.pick(full: 1, quick: 8)

    struct Tally {
        var states = 0, distinct = 0, checked = 0
        /// States where only git's own unflushed writes broke `git fsck` (HEAD intact).
        var gitOwn = 0
        var gitOwnSample: [String] = []
        var failures: [String] = []
    }

    /// Runs `args` under strace, then checks the vault in the crash states of the run.
    /// `check(final, acknowledged, gitWindow)` looks at HEAD after the next command and returns
    /// problems; one starting "git's own: " is counted, not failed (see `gitUnflushed`).
    func explore(_ s: Sandbox, _ name: String, _ args: [String], folders: [String] = ["vault"],
                 check: (Bool, Bool, Bool) throws -> [String]) throws -> Tally {
        guard let strace = DurabilityTests.strace else { throw XCTSkip("strace is not installed (`make deps`)") }
        let root = s.root.resolvingSymlinksInPath()
        let base = try CrashModel.read(root: root, subfolders: folders)
        let trace = root.appendingPathComponent("trace.txt")
        let r = try Sandbox.run(URL(fileURLWithPath: strace),
                                ["-f", "-qq", "-yy", "-xx", "-s", "16777216", "-o", trace.path,
                                 "-e", "trace=" + FSTraceReader.calls.joined(separator: ","), "--", Sandbox.binary.path]
                                + args + ["--vault", s.vault.path, "--today", s.today], env: s.environment, cwd: root)
        XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
        let reader = FSTraceReader(root: root.path, base: base, cwd: root.path)
        reader.read(try String(decoding: Data(contentsOf: trace), as: UTF8.self))
        try FileManager.default.removeItem(at: trace)
        XCTAssertEqual(reader.guessed, 0, "\(name): writes on descriptors the trace did not see opened")
        // Keep the real result to go on from.
        for f in folders { try FileManager.default.moveItem(at: root.appendingPathComponent(f), to: root.appendingPathComponent("after-" + f)) }
        defer {
            for f in folders {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(f))
                try? FileManager.default.moveItem(at: root.appendingPathComponent("after-" + f), to: root.appendingPathComponent(f))
            }
        }

        var names: [Int: String] = [:]
        for (path, inode) in base.files { names[inode] = path }
        for (path, inode) in reader.files { names[inode] = path }
        let explorer = CrashStates(base: base, ops: reader.ops, names: names, byChild: reader.byChild)
        // The reader is faithful: replaying every call gives the files the command left on disk
        // (but SQLite's shared memory, written through mmap).
        let real = try CrashModel.read(root: root, subfolders: folders.map { "after-" + $0 })
        let replayed = explorer.model(CrashStates.State(point: reader.ops.count, dropped: [], torn: nil, label: ""))
        var differ: [String] = []
        for (path, inode) in real.files where !path.hasSuffix("-shm") {
            let p = String(path.dropFirst("after-".count))
            let bytes = replayed.files[p].flatMap { replayed.contents[$0] }
            if bytes != real.contents[inode] { differ.append("\(p): \(bytes.map { Array($0.prefix(60)) } ?? []) ≠ \(Array((real.contents[inode] ?? []).prefix(60)))") }
        }
        differ += replayed.files.keys.filter { !$0.hasSuffix("-shm") && real.files["after-" + $0] == nil }.map { $0 + " (not on disk)" }
        XCTAssertEqual(differ, [], "\(name): replaying the trace does not give the files on disk")
        let states = explorer.all
        var tally = Tally(states: states.count)
        var seen = Set<Int>()
        for (index, state) in states.enumerated() {
            let final = state.point == reader.ops.count
            let endWithAllLost = final && state.dropped.count > 1
            guard endWithAllLost || Stress.visits(index + 1, every: PowerCutTests.built) else { continue }
            let model = explorer.model(state)
            guard seen.insert(model.digest).inserted else { continue }
            tally.distinct += 1
            guard endWithAllLost || Stress.visits(tally.distinct, every: PowerCutTests.stride) else { continue }
            tally.checked += 1
            try model.write(root: root, subfolders: folders)
            let gitWindow = explorer.gitUnflushed(at: state.point)
            let context = "\(name), \(state.label)"
            var problems: [String] = []
            let open = try s.carousel(["list", "--json"])
            if open.status != 0 { problems.append("list --json failed: \(open.stderr)") }
            let next = try s.carousel(["add", "Next \(tally.checked)"])
            if next.status != 0 { problems.append("the next command failed: \(next.stderr)") }
            let status = try s.git(["status", "--porcelain"]).stdout
            if !status.isEmpty { problems.append("git status: \(status)") }
            let fsck = try s.git(["fsck", "--strict"])
            if fsck.status != 0 {
                let headIntact = try s.git(["rev-list", "--objects", "HEAD"]).status == 0
                    && (try s.git(["archive", "--format=tar", "-o", "/dev/null", "HEAD"])).status == 0
                if gitWindow && headIntact {
                    problems.append("git's own: \(fsck.stderr)")
                } else {
                    problems.append("git fsck: \(fsck.stdout) \(fsck.stderr)")
                }
            }
            if try PowerCutTests.headFile(s, "cards/next-\(tally.checked).md") == nil { problems.append("the next change is not in HEAD") }
            problems += try check(final, r.status == 0, gitWindow)
            let own = problems.filter { $0.hasPrefix("git's own: ") }
            if !own.isEmpty {
                tally.gitOwn += 1
                if tally.gitOwnSample.count < 5 { tally.gitOwnSample.append(context + ": " + own.joined(separator: "; ")) }
            }
            problems.removeAll { $0.hasPrefix("git's own: ") }
            if !problems.isEmpty { tally.failures.append(context + ": " + problems.joined(separator: "; ")) }
        }
        XCTAssertTrue(tally.failures.isEmpty, "\(name): \(tally.failures.count) states failed:\n" + tally.failures.prefix(15).joined(separator: "\n"))
        print("power cuts, \(name): \(reader.ops.count) operations, \(tally.states) crash states, \(tally.distinct) distinct, "
              + "\(tally.checked) checked, \(tally.failures.count) failed, \(tally.gitOwn) broken by git's own unflushed writes only")
        for line in tally.gitOwnSample { print("  git's own: " + line.prefix(600)) }
        return tally
    }

    static func headFile(_ s: Sandbox, _ path: String) throws -> String? {
        let r = try s.git(["show", "HEAD:" + path])
        return r.status == 0 ? r.stdout : nil
    }

    /// `problem` when `condition` is false.
    static func expect(_ condition: Bool, _ problem: String) -> [String] { condition ? [] : [problem] }

    /// A vault with two cards, "Base" and "Chore".
    func vault(_ name: String = #function) throws -> (Sandbox, String) {
        let s = try Sandbox(name)
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Base"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Chore"]).status, 0)
        return (s, try XCTUnwrap(try PowerCutTests.headFile(s, "cards/base.md")))
    }

    /// add: the new card is in HEAD whole or not at all, and there once acknowledged.
    func testAddSurvivesPowerCuts() throws {
        let (s, base) = try vault()
        _ = try explore(s, "add", ["add", "Fresh card"]) { final, acknowledged, _ in
            let head = try PowerCutTests.headFile(s, "cards/fresh-card.md")
            let onDisk = FileManager.default.fileExists(atPath: s.vault.path + "/cards/fresh-card.md")
            return PowerCutTests.expect(!(final && acknowledged) || head != nil, "the acknowledged card is lost")
                + PowerCutTests.expect(head == nil || head!.contains("title: Fresh card\n"), "the card is not whole: \(head ?? "")")
                + PowerCutTests.expect(onDisk == (head != nil), "the file and HEAD disagree")
                + PowerCutTests.expect(try PowerCutTests.headFile(s, "cards/base.md") == base, "an earlier card changed")
        }
    }

    /// set: the title in HEAD is the new one or the old one, and the file agrees.
    func testSetSurvivesPowerCuts() throws {
        let (s, base) = try vault()
        _ = try explore(s, "set", ["set", "base", "title=Base renamed"]) { final, acknowledged, _ in
            let head = try PowerCutTests.headFile(s, "cards/base.md") ?? ""
            let renamed = head.contains("title: Base renamed\n")
            return PowerCutTests.expect(!(final && acknowledged) || renamed, "the acknowledged title is lost")
                + PowerCutTests.expect(renamed || head == base, "HEAD holds neither title: \(head)")
                + PowerCutTests.expect((try? s.read("cards/base.md")) == head, "the file and HEAD disagree")
        }
    }

    /// done: recorded whole or not at all.
    func testDoneSurvivesPowerCuts() throws {
        let (s, _) = try vault()
        _ = try explore(s, "done", ["done", "chore"]) { final, acknowledged, _ in
            let head = try PowerCutTests.headFile(s, "cards/chore.md") ?? ""
            return PowerCutTests.expect(head.contains("title: Chore\n"), "the card is damaged: \(head)")
                + PowerCutTests.expect(!(final && acknowledged) || head.contains("\ndone: "), "the acknowledged done is lost")
                + PowerCutTests.expect((try? s.read("cards/chore.md")) == head, "the file and HEAD disagree")
        }
    }

    /// An editor's edit (a changed card and a new one) picked up and committed by the next
    /// change: never lost, whatever the crash.
    func testAnEditPickedUpSurvivesPowerCuts() throws {
        let (s, _) = try vault()
        let edited = "---\ntitle: Base renamed\n---\nWritten in an editor.\n"
        try s.write("cards/base.md", edited)
        try s.write("cards/by-hand.md", "---\ntitle: By hand\n---\n")
        _ = try explore(s, "edit pickup", ["add", "Then"]) { _, _, _ in
            PowerCutTests.expect(try PowerCutTests.headFile(s, "cards/base.md") == edited, "the edit is lost")
                + PowerCutTests.expect(try PowerCutTests.headFile(s, "cards/by-hand.md") != nil, "the hand-made card is lost")
        }
    }

    /// The git index is written without fsync (by libgit2 and by git), so a power cut can leave
    /// it zeroed or cut short, which stops every git command. The next change rebuilds it from
    /// HEAD and says so; the work tree, with an editor's edit in it, is left alone.
    func testADamagedGitIndexIsRebuiltFromHead() throws {
        let (s, _) = try vault()
        let index = s.vault.appendingPathComponent(".git/index")
        for damage in [Data(count: try Data(contentsOf: index).count), Data(try Data(contentsOf: index).prefix(40)), Data()] {
            try damage.write(to: index)
            try s.write("cards/chore.md", "---\ntitle: Chore\n---\nEdited by hand.\n")
            XCTAssertEqual(try s.carousel(["list", "--json"]).status, 0)
            let r = try s.carousel(["add", "After damage \(damage.count)"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("rebuilt the damaged git index") || r.stderr.contains("rebuilt the damaged git index"), r.stdout + r.stderr)
            try s.assertClean()
            XCTAssertEqual(try PowerCutTests.headFile(s, "cards/chore.md"), "---\ntitle: Chore\n---\nEdited by hand.\n")
            XCTAssertNotNil(try PowerCutTests.headFile(s, "cards/after-damage-\(damage.count).md"))
        }
    }

    /// A vault that syncs with a bare repository in a folder beside it, which another device
    /// (a plain git clone) has given a card; with `localChange` this vault has one of its own.
    func syncVault(localChange: Bool, _ name: String = #function) throws -> (Sandbox, URL) {
        let s = try Sandbox(name)
        try s.initVault()
        let remote = s.root.appendingPathComponent("remote.git")
        XCTAssertEqual(try PowerCutTests.git(s, ["init", "-q", "--bare", "-b", "main", remote.path]).status, 0)
        try s.git(["remote", "add", "origin", remote.path])
        XCTAssertEqual(try s.carousel(["add", "Base"]).status, 0)
        XCTAssertEqual(try s.carousel(["sync"]).status, 0)
        let other = s.root.appendingPathComponent("other")
        XCTAssertEqual(try PowerCutTests.git(s, ["clone", "-q", remote.path, other.path]).status, 0)
        try Data(PowerCutTests.fromAfar.utf8).write(to: other.appendingPathComponent("cards/from-afar.md"))
        let identity = ["-C", other.path, "-c", "user.name=Other", "-c", "user.email=other@example.invalid"]
        for args in [["add", "-A"], ["commit", "-qm", "From afar"], ["push", "-q", "origin", "main"]] {
            XCTAssertEqual(try PowerCutTests.git(s, identity + args).status, 0)
        }
        if localChange { XCTAssertEqual(try s.carousel(["add", "Local"]).status, 0) }
        return (s, remote)
    }

    static let fromAfar = "---\ntitle: From afar\n---\nWritten on another device.\n"

    static func git(_ s: Sandbox, _ args: [String]) throws -> RunResult {
        try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + args, env: s.environment, cwd: s.root)
    }

    /// sync that fetches, merges and pushes: the local card is never lost; once acknowledged the
    /// fetched card is here and the remote has the local one; the remote passes `git fsck`.
    func testSyncToAPathRemoteSurvivesPowerCuts() throws {
        let (s, remote) = try syncVault(localChange: true)
        _ = try explore(s, "sync (merge and push)", ["sync"], folders: ["vault", "remote.git"]) { final, acknowledged, gitWindow in
            let fsck = try PowerCutTests.git(s, ["-C", remote.path, "fsck", "--strict"])
            let remoteHas = try PowerCutTests.git(s, ["-C", remote.path, "cat-file", "-e", "main:cards/local.md"])
            let fetched = try PowerCutTests.headFile(s, "cards/from-afar.md")
            return PowerCutTests.expect(try PowerCutTests.headFile(s, "cards/local.md") != nil, "the local card is lost")
                + PowerCutTests.expect(!(final && acknowledged) || fetched != nil, "the fetched card is lost")
                + PowerCutTests.expect(fetched == nil || fetched == PowerCutTests.fromAfar, "the fetched card is damaged: \(fetched ?? "")")
                + PowerCutTests.expect(!(final && acknowledged) || remoteHas.status == 0, "the remote lost the pushed card")
                + PowerCutTests.expect(fsck.status == 0, (gitWindow ? "git's own: " : "") + "git fsck of the remote: \(fsck.stdout) \(fsck.stderr)")
        }
    }

    /// sync that only fast-forwards: the card it brings is whole in HEAD and in its file, or
    /// not there yet; never committed back damaged or deleted by the next command.
    func testSyncFastForwardSurvivesPowerCuts() throws {
        let (s, _) = try syncVault(localChange: false)
        _ = try explore(s, "sync (fast-forward)", ["sync"]) { final, acknowledged, _ in
            let fetched = try PowerCutTests.headFile(s, "cards/from-afar.md")
            let history = try s.git(["log", "--format=%s", "--", "cards/from-afar.md"]).stdout
            return PowerCutTests.expect(!(final && acknowledged) || fetched != nil, "the fetched card is lost")
                + PowerCutTests.expect(fetched == nil || fetched == PowerCutTests.fromAfar, "the fetched card is damaged: \(fetched ?? "")")
                + PowerCutTests.expect(fetched != nil || history.isEmpty, "the fetched card was deleted by a later commit: \(history)")
        }
    }
}
