import Foundation
import XCTest

final class SyncTests: XCTestCase {
    func sync(_ s: Sandbox, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try s.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, "sync failed: \(r.stderr)", file: file, line: line)
        return try r.json()
    }

    func testFirstPushToAnEmptyRemoteSetsUpstream() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        let json = try sync(a)
        XCTAssertEqual(json["pushed"] as? Bool, true)
        XCTAssertEqual(json["set_upstream"] as? Bool, true)
        XCTAssertEqual(try a.git(["config", "branch.main.remote"]).stdout, "origin\n")
        XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, try a.git(["rev-parse", "origin/main"]).stdout)
        let again = try a.carousel(["sync"])
        XCTAssertTrue(again.stdout.contains("Already in step"), again.stdout)
    }

    func testTwoDevicesEditingOneCardKeepEveryEdit() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum",
                                                  extra: "spoons: 1\ndue: 2026-11-23\ntags: [family]\ncompleted: [2026-11-01]\n",
                                                  body: "Ask about the weekend.\n\nBring photos.\n"))
        _ = try sync(a)
        let b = try world.clone(name: "phone")

        // Offline on both: different fields, the same field, tags, completion sets, the body.
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum",
                                                  extra: "spoons: 2\ndue: 2026-11-24\ntags: [family, phone]\ncompleted: [2026-11-01, 2026-11-02]\n",
                                                  body: "Ask about Saturday.\n\nBring photos.\n"))
        try b.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum",
                                                  extra: "spoons: 1\ndue: 2026-11-30\ntags: [weekend]\ncompleted: [2026-11-01, 2026-11-03]\nimportance: 4\n",
                                                  body: "Ask about the weekend.\n\nBring cake.\n"))
        try b.write("cards/water-plants.md", cardText(id: "01JWATER", title: "Water the plants"))
        _ = try sync(a)
        let merged = try sync(b)
        XCTAssertNotNil(merged["merge_commit"] as? String)
        XCTAssertEqual(merged["incoming_authors"] as? [String], ["laptop"])
        _ = try sync(a)
        try world.assertConverged()

        let card = try a.read("cards/call-mum.md")
        for expected in ["spoons: 2", "importance: 4", "tags: [weekend, phone]", "completed: [2026-11-01, 2026-11-02, 2026-11-03]",
                         "Ask about Saturday.", "Bring cake.", "conflicts:", "2026-11-24", "2026-11-30"] {
            XCTAssertTrue(card.contains(expected), "missing \(expected) in\n\(card)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: a.vault.appendingPathComponent("cards/water-plants.md").path))
        let show = try a.carousel(["show", "call-mum", "--json"])
        XCTAssertEqual(show.status, 0, "the merged card parses: \(show.stderr)")
        // A merge commit with both parents sits in the history.
        XCTAssertEqual(try a.git(["log", "--merges", "--format=%p"]).stdout.split(separator: " ").count, 2)

        let listed = try a.carousel(["conflicts", "--json"]).json().cards()
        XCTAssertEqual(listed.first?["slug"] as? String, "call-mum")
        XCTAssertEqual((listed.first?["conflicts"] as? [String])?.count, 1)
        XCTAssertEqual(try a.carousel(["conflicts", "--clear", "call-mum"]).status, 0)
        XCTAssertFalse(try a.read("cards/call-mum.md").contains("conflicts:"))
        XCTAssertTrue(try a.carousel(["conflicts"]).stdout.contains("No sync clashes"))
        try a.assertClean()
    }

    func testEditWinsOverDeleteAndCardsAddedOnBothSidesBothStay() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/mail.md", cardText(id: "01JMAIL", title: "Sort the mail"))
        _ = try sync(a)
        let b = try world.clone(name: "phone")
        try FileManager.default.removeItem(at: a.vault.appendingPathComponent("cards/mail.md"))
        try a.write("cards/gym.md", cardText(id: "01JGYMA", title: "Gym (laptop)"))
        try b.write("cards/mail.md", cardText(id: "01JMAIL", title: "Sort the mail", extra: "spoons: 2\n"))
        try b.write("cards/gym.md", cardText(id: "01JGYMB", title: "Gym (phone)"))
        _ = try sync(a)
        let r = try sync(b)
        _ = try sync(a)
        try world.assertConverged()
        XCTAssertTrue(try a.read("cards/mail.md").contains("spoons: 2"), "the edit wins over the delete")
        let gyms = try SyncWorld.files(a).keys.filter { $0.hasPrefix("cards/gym") }
        XCTAssertEqual(gyms.count, 2, "both added cards survive: \(gyms)")
        XCTAssertFalse((r["notes"] as? [[String: Any]] ?? []).isEmpty)
    }

    func testThreeDevicesSyncingInSeveralOrdersConverge() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("habits/brush-teeth.md", "---\nid: 01JTEETH\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n---\n")
        _ = try sync(a)
        let b = try world.clone(name: "phone")
        let c = try world.clone(name: "tablet")
        try a.write("habits/brush-teeth.md", "---\nid: 01JTEETH\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-21: 1\n---\n")
        try b.write("habits/brush-teeth.md", "---\nid: 01JTEETH\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-21: 2\n---\n")
        try c.write("habits/brush-teeth.md", "---\nid: 01JTEETH\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-22: 1\n---\n")
        for device in [c, a, b, c, a] { _ = try sync(device) }
        try world.assertConverged()
        XCTAssertEqual(try a.read("habits/brush-teeth.md"),
                       "---\nid: 01JTEETH\ntitle: Brush teeth\nlog:\n  2026-11-20: 2\n  2026-11-21: 3\n  2026-11-22: 1\n---\n")
    }

    func testUnreachableRemoteKeepsLocalCommits() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop", remoteURL: world.root.appendingPathComponent("missing.git").path)
        try a.write("cards/x.md", cardText(id: "01JX", title: "Something"))
        let r = try a.carousel(["sync"])
        XCTAssertEqual(r.status, 3, "a git error exits 3")
        XCTAssertTrue(r.stderr.contains("has no such repository"), r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing was lost, your changes are committed locally"), r.stderr)
        XCTAssertTrue(try a.log().first?.hasPrefix("edit:") ?? false, "the edit was committed locally")
        try a.assertClean()
    }

    func testFileURLRemoteWorks() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop", remoteURL: "file://" + world.bare.path)
        _ = try sync(a)
        let b = try world.clone(name: "phone", remoteURL: "file://" + world.bare.path)
        try b.write("cards/y.md", cardText(id: "01JY", title: "From the phone"))
        _ = try sync(b)
        let json = try sync(a)
        XCTAssertEqual(json["fast_forwarded"] as? Bool, true)
        try world.assertConverged()
    }

    func testUnknownRemoteIsExplained() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["sync", "--remote", "nowhere"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("git remote add nowhere"), r.stderr)
    }

    func testPlainGitPullUsesTheMergeDriver() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\ntags: [family]\n"))
        _ = try sync(a)
        let b = try world.clone(name: "phone")
        XCTAssertEqual(try b.carousel(["setup"]).status, 0)
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 3\ntags: [family, phone]\n"))
        _ = try sync(a)
        try b.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\ntags: [family, weekend]\nimportance: 5\n"))
        try b.git(["commit", "-qam", "edit by hand"])
        let path = Sandbox.binary.deletingLastPathComponent().path + ":" + (b.environment["PATH"] ?? "")
        let pull = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", b.vault.path, "pull", "--no-rebase", "-q", "origin", "main"],
                                   env: b.environment.merging(["PATH": path]) { $1 }, cwd: b.root)
        XCTAssertEqual(pull.status, 0, pull.stderr)
        let card = try b.read("cards/call-mum.md")
        XCTAssertEqual(card, cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 3\ntags: [family, weekend, phone]\nimportance: 5\n"))
        try b.assertClean()
    }

    func testWithoutTheDriverSyncFinishesAStoppedGitMergeAndMarkersAreNeverCommitted() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 1\n"))
        _ = try sync(a)
        let b = try world.clone(name: "phone")
        try a.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 3\n"))
        _ = try sync(a)
        try b.write("cards/call-mum.md", cardText(id: "01JCALLMUM", title: "Call Mum", extra: "spoons: 2\n"))
        try b.git(["commit", "-qam", "edit by hand"])
        let pull = try b.git(["pull", "--no-rebase", "-q", "origin", "main"])
        XCTAssertNotEqual(pull.status, 0, "git's text merge conflicts without the driver")
        XCTAssertTrue(try b.read("cards/call-mum.md").contains("<<<<<<<"))
        let r = try b.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(try r.json()["finished_git_merge"] as? String)
        let card = try b.read("cards/call-mum.md")
        XCTAssertFalse(card.contains("<<<<<<<"), card)
        XCTAssertTrue(card.contains("spoons: 3") && card.contains("had 2"), card)
        XCTAssertEqual(try b.git(["log", "-1", "--format=%p"]).stdout.split(separator: " ").count, 2)
        try b.assertClean()
        try b.write("cards/call-mum.md", "---\nid: 01JCALLMUM\ntitle: Call Mum\n---\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> x\n")
        let held = try b.carousel(["sync"])
        XCTAssertTrue(held.stderr.contains("conflict markers"), held.stderr)
        let committed = try b.git(["show", "HEAD:cards/call-mum.md"]).stdout
        XCTAssertFalse(committed.contains("<<<<<<<"))
    }

    func testInitRegistersTheMergeDriver() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.git(["config", "merge.carousel.driver"]).stdout, "carousel merge-driver %O %A %B %P\n")
        XCTAssertTrue(try s.read(".gitattributes").contains("carousel.yaml merge=carousel"))
    }
}

extension SyncTests {
    /// One device uses only a text editor and stock `git pull` / `git push` (with the driver).
    func testADeviceUsingOnlyPlainGitConvergesWithTheOthers() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/trip.md", cardText(id: "01JTRIP", title: "Plan the trip", extra: "spoons: 3\ntags: [travel]\n",
                                              body: "Book the train.\n\nPack.\n"))
        _ = try sync(a)
        let b = try world.clone(name: "phone")
        let c = try world.clone(name: "desktop")
        XCTAssertEqual(try c.carousel(["setup"]).status, 0)
        let path = Sandbox.binary.deletingLastPathComponent().path + ":" + (c.environment["PATH"] ?? "")
        func plainGit(_ args: [String]) throws -> RunResult {
            try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", c.vault.path] + args,
                            env: c.environment.merging(["PATH": path]) { $1 }, cwd: c.root)
        }
        try a.write("cards/trip.md", cardText(id: "01JTRIP", title: "Plan the trip", extra: "spoons: 4\ntags: [travel, family]\n",
                                              body: "Book the train.\n\nPack.\n"))
        try b.write("cards/trip.md", cardText(id: "01JTRIP", title: "Plan the trip", extra: "spoons: 3\ntags: [travel]\nimportance: 5\n",
                                              body: "Book the early train.\n\nPack.\n"))
        try c.write("cards/trip.md", cardText(id: "01JTRIP", title: "Plan the trip", extra: "spoons: 3\ntags: [travel, weekend]\n",
                                              body: "Book the train.\n\nPack light.\n"))
        XCTAssertEqual(try plainGit(["commit", "-qam", "trip notes"]).status, 0)
        _ = try sync(a)
        let pull = try plainGit(["pull", "--no-rebase", "-q", "origin", "main"])
        XCTAssertEqual(pull.status, 0, pull.stderr)
        XCTAssertEqual(try plainGit(["push", "-q", "origin", "main"]).status, 0)
        _ = try sync(b)
        _ = try sync(a)
        XCTAssertEqual(try plainGit(["pull", "--no-rebase", "-q", "origin", "main"]).status, 0)
        try world.assertConverged()
        let card = try c.read("cards/trip.md")
        for expected in ["spoons: 4", "family", "weekend", "importance: 5", "Book the early train.", "Pack light."] {
            XCTAssertTrue(card.contains(expected), "missing \(expected) in\n\(card)")
        }
    }
}

extension SyncTests {
    func testABrokenEditIsHeldBackAndNeverPushed() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/good.md", cardText(id: "01JGOOD", title: "Fine card"))
        try a.write("cards/broken.md", "---\ntitle: [unclosed\n---\n")
        let r = try a.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("cards/broken.md:3:1: error"), r.stderr)
        XCTAssertEqual(try r.json()["held_back"] as? [String], ["cards/broken.md"])
        let remote = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["git", "--git-dir", world.bare.path, "ls-tree", "-r", "--name-only", "main"],
                                     env: a.environment, cwd: world.root).stdout
        XCTAssertTrue(remote.contains("cards/good.md"))
        XCTAssertFalse(remote.contains("cards/broken.md"))
        XCTAssertEqual(try a.read("cards/broken.md"), "---\ntitle: [unclosed\n---\n", "the file is left as it was")
    }

    func testDetachedHeadIsRefusedAndNothingChanges() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        _ = try sync(a)
        try a.git(["checkout", "-q", "--detach"])
        let r = try a.carousel(["sync"])
        XCTAssertEqual(r.status, 3, "a git error exits 3")
        XCTAssertTrue(r.stderr.contains("detached"), r.stderr)
    }

    func testCredentialsInTheRemoteURLAreNeverPrinted() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop", remoteURL: "http://me:s3cret@127.0.0.1:9/vault.git")
        let r = try a.carousel(["sync"])
        XCTAssertEqual(r.status, 3, "a git error exits 3")
        XCTAssertTrue(r.stderr.contains("http://127.0.0.1:9/vault.git"), r.stderr)
        XCTAssertFalse(r.stderr.contains("s3cret") || r.stdout.contains("s3cret"), r.stderr)
    }
}
