import Foundation
import XCTest

/// A second device in one command (`carousel clone`), a remote that a plain `git clone` can
/// check out after the first sync, and an identity chosen on purpose at `init`.
final class SecondDeviceTests: XCTestCase {
    /// A bare remote whose HEAD names `master`, as `git init --bare` makes by default.
    func bareWithMasterHead(_ world: SyncWorld, _ name: String) throws -> URL {
        let url = world.root.appendingPathComponent(name)
        try shellRun(["git", "init", "-q", "--bare", "--initial-branch=master", url.path], cwd: world.root)
        return url
    }

    /// `carousel clone URL PATH` run from the sandbox's root (PATH relative, as typed).
    func clone(_ s: Sandbox, _ url: String, _ args: [String] = []) throws -> RunResult {
        try Sandbox.run(Sandbox.binary, ["clone", url, "vault", "--today", s.today] + args, env: s.environment, cwd: s.root)
    }

    func testTheFirstSyncPointsABareRemotesHeadAtTheBranchSoGitCloneWorks() throws {
        let world = try SyncWorld()
        let remote = try bareWithMasterHead(world, "fresh.git")
        let laptop = try world.firstDevice(name: "laptop", remoteURL: remote.path)
        XCTAssertEqual(try laptop.carousel(["add", "Water the ferns"]).status, 0)
        let sync = try laptop.carousel(["sync", "--json"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertEqual(try sync.json()["set_remote_head"] as? Bool, true)
        XCTAssertEqual(try shellRun(["git", "-C", remote.path, "symbolic-ref", "HEAD"], cwd: world.root).stdout, "refs/heads/main\n")
        // A plain git clone now checks the vault out (it said "remote HEAD refers to nonexistent ref").
        let plain = world.root.appendingPathComponent("plain")
        let r = try shellRun(["git", "clone", remote.path, plain.path], cwd: world.root)
        XCTAssertFalse(r.stderr.contains("nonexistent ref"), r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: plain.appendingPathComponent("cards/water-the-ferns.md").path))
        // The next sync has nothing to change there.
        XCTAssertEqual(try laptop.carousel(["add", "Feed the cat"]).status, 0)
        XCTAssertEqual(try laptop.carousel(["sync", "--json"]).json()["set_remote_head"] as? Bool, false)
    }

    func testCloneOfAVaultIsReadyToSyncBothWays() throws {
        let world = try SyncWorld()
        let laptop = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try laptop.carousel(["add", "Take out recycling", "--due", "2026-11-25"]).status, 0)
        XCTAssertEqual(try laptop.carousel(["sync"]).status, 0)

        let phone = try Sandbox("phone")
        let r = try clone(phone, world.bare.path, ["--json"])
        assertShape("clone", r)
        let json = try r.json()
        XCTAssertEqual(json["branch"] as? String, "main")
        XCTAssertEqual(json["cards"] as? Int, 1)
        XCTAssertEqual(json["commits"] as? Int, 2)
        XCTAssertEqual(json["started_empty"] as? Bool, false)
        XCTAssertEqual(json["vault"] as? String, phone.vault.path)
        try phone.assertClean()
        XCTAssertEqual(try phone.git(["config", "branch.main.remote"]).stdout, "origin\n")
        XCTAssertEqual(try phone.git(["config", "branch.main.merge"]).stdout, "refs/heads/main\n")
        XCTAssertEqual(try phone.git(["config", "merge.carousel.driver"]).stdout, "carousel merge-driver %O %A %B %P\n")
        XCTAssertTrue(try String(contentsOf: phone.vault.appendingPathComponent(".git/info/exclude"), encoding: .utf8).contains("/.carousel"))
        try phone.git(["config", "carousel.device", "phone"])

        // Used at once: a view, a change, and a sync each way.
        XCTAssertTrue(try phone.carousel(["list"]).stdout.contains("Take out recycling"))
        XCTAssertEqual(try phone.carousel(["done", "take-out-recycling"]).status, 0)
        XCTAssertEqual(try phone.carousel(["sync"]).status, 0)
        let back = try laptop.carousel(["sync", "--json"])
        XCTAssertEqual(try back.json()["incoming"] as? Int, 1, back.stdout)
        XCTAssertTrue(try laptop.read("cards/take-out-recycling.md").contains("done: 2026-11-23"))
    }

    func testCloneOfAnEmptyRemoteStartsAVaultAndSendsIt() throws {
        let world = try SyncWorld()
        let remote = try bareWithMasterHead(world, "empty.git")
        let first = try Sandbox("first")
        let r = try clone(first, remote.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("was empty, so this is a new vault"), r.stdout)
        try first.assertClean()
        XCTAssertEqual(try shellRun(["git", "-C", remote.path, "log", "--format=%s", "main"], cwd: world.root).stdout, "init: new vault\n")
        XCTAssertEqual(try shellRun(["git", "-C", remote.path, "symbolic-ref", "HEAD"], cwd: world.root).stdout, "refs/heads/main\n")
        // A second device clones what the first one sent.
        let second = try Sandbox("second")
        XCTAssertEqual(try clone(second, remote.path).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.vault.appendingPathComponent("carousel.yaml").path))
    }

    func testCloneOverGitDaemon() throws {
        let world = try SyncWorld()
        let laptop = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try laptop.carousel(["add", "Call Mum"]).status, 0)
        XCTAssertEqual(try laptop.carousel(["sync"]).status, 0)
        let daemon = try GitDaemon(basePath: world.root)
        defer { daemon.stop() }
        let phone = try Sandbox("phone")
        let r = try clone(phone, daemon.url("remote.git"))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: phone.vault.appendingPathComponent("cards/call-mum.md").path))
        try phone.assertClean()
    }

    func testCloneRefusesAndLeavesNothingBehind() throws {
        let world = try SyncWorld()
        let s = try Sandbox()
        // Not reachable: no folder is left.
        let missing = try clone(s, world.root.appendingPathComponent("nowhere.git").path)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("cannot fetch"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.path))
        // A repository that is not a vault: said so, and the folder goes again.
        let notes = world.root.appendingPathComponent("notes")
        try shellRun(["git", "init", "-q", "-b", "main", notes.path], cwd: world.root)
        try Data("hello\n".utf8).write(to: notes.appendingPathComponent("a.md"))
        try shellRun(["git", "-C", notes.path, "add", "."], cwd: world.root)
        try shellRun(["git", "-C", notes.path, "-c", "user.name=A", "-c", "user.email=a@example.invalid", "commit", "-qm", "notes"], cwd: world.root)
        let notVault = try clone(s, notes.path)
        XCTAssertNotEqual(notVault.status, 0)
        XCTAssertTrue(notVault.stderr.contains("not a Carousel vault"), notVault.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.path))
        // A folder that holds something is never touched.
        try s.write("keep.txt", "mine\n")
        let occupied = try clone(s, world.bare.path)
        XCTAssertNotEqual(occupied.status, 0)
        XCTAssertTrue(occupied.stderr.contains("not empty"), occupied.stderr)
        XCTAssertEqual(try s.read("keep.txt"), "mine\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: s.vault.path), ["keep.txt"])
    }

    func testInitWithoutAnyIdentitySaysWhoCommitsAndHowToChangeIt() throws {
        let s = try Sandbox()
        let none = ["CAROUSEL_AUTHOR_NAME": "", "CAROUSEL_AUTHOR_EMAIL": ""]
        let r = try s.carousel(["init", s.vault.path, "--no-tour"], env: none)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("Commits will be signed \"Carousel <carousel@localhost>\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("config user.name"), r.stdout)
        let other = try Sandbox("other")
        let initJSON = try other.carousel(["init", other.vault.path, "--json"], env: none)
        assertShape("init", initJSON)
        let json = try initJSON.json()
        XCTAssertEqual(json["author_is_stand_in"] as? Bool, true)
        // With an identity, nothing is said about it.
        let named = try Sandbox("named")
        XCTAssertFalse(try named.carousel(["init", named.vault.path, "--no-tour"]).stdout.contains("Commits will be signed"))
    }

    func testInitNameAndEmailSignEveryCommit() throws {
        let s = try Sandbox()
        let r = try s.carousel(["init", s.vault.path, "--name", "Ann Example", "--email", "ann@example.org", "--json"],
                               env: ["CAROUSEL_AUTHOR_NAME": "", "CAROUSEL_AUTHOR_EMAIL": ""])
        XCTAssertEqual(try r.json()["author"] as? String, "Ann Example <ann@example.org>")
        XCTAssertEqual(try s.carousel(["add", "Water the ferns"], env: ["CAROUSEL_AUTHOR_NAME": "", "CAROUSEL_AUTHOR_EMAIL": ""]).status, 0)
        XCTAssertEqual(try s.git(["log", "--format=%an <%ae>"]).stdout, "Ann Example <ann@example.org>\nAnn Example <ann@example.org>\n")
        XCTAssertNotEqual(try s.carousel(["init", s.root.appendingPathComponent("v2").path, "--name", "A <b>"]).status, 0)
    }

    func testInitOnATerminalAsksForTheNameWithGitsAsTheDefault() throws {
        let s = try Sandbox()
        // git's own identity for this account is the default offered; the answers replace it.
        try Data("[user]\n\tname = Git Name\n\temail = git@example.invalid\n".utf8).write(to: s.home.appendingPathComponent(".gitconfig"))
        let command = [Sandbox.binary.path, "init", s.vault.path, "--no-tour", "--today", s.today].map(shellQuoted).joined(separator: " ")
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                env: s.environment.merging(["TERM": "dumb", "CAROUSEL_AUTHOR_NAME": "", "CAROUSEL_AUTHOR_EMAIL": ""]) { $1 },
                                cwd: s.root, stdin: "Ann Example\n\n")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("Your name [Git Name]"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Your e-mail [git@example.invalid]"), r.stdout)
        XCTAssertEqual(try s.git(["log", "--format=%an <%ae>"]).stdout, "Ann Example <git@example.invalid>\n")
    }

    private func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
