import Foundation
import XCTest

/// A shared vault where one clone is a hostile peer using plain git: whatever it pushes, the
/// honest device reads, writes and commits nothing outside its vault, and keeps its data.
final class HostilePeerTests: XCTestCase {
    /// A folder outside every vault, and its files and contents, to compare before and after.
    struct Sentinel {
        let folder: URL

        init(in root: URL) throws {
            folder = root.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("---\ntitle: SENTINEL-SECRET card\n---\nSENTINEL-SECRET body\n".utf8).write(to: folder.appendingPathComponent("secret.md"))
            try Data("SENTINEL-SECRET\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        }

        /// Every path below the folder (links not followed) with its bytes.
        func state() throws -> [String: Data] {
            var result: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
                result[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) ?? Data()
            }
            return result
        }
    }

    /// Runs plain git in the peer's clone as Mallory.
    @discardableResult
    func mallory(_ peer: Sandbox, _ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        let r = try peer.git(["-c", "user.name=Mallory", "-c", "user.email=mallory@example.invalid"] + args)
        XCTAssertEqual(r.status, 0, "git \(args): \(r.stderr)", file: file, line: line)
        return r
    }

    func lstatKind(_ url: URL) -> mode_t? {
        var st = stat()
        guard lstat(url.path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    func testPushedStateFolderLinkIsRefusedAndTheNextHonestSyncWorks() throws {
        let world = try SyncWorld()
        let sentinel = try Sentinel(in: world.root)
        let a = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try a.carousel(["add", "Honest work"]).status, 0)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "mallory")
        let before = try sentinel.state()
        let parentBefore = try FileManager.default.contentsOfDirectory(atPath: a.root.path).sorted()

        for (round, target) in [sentinel.folder.path, ".."].enumerated() {
            try mallory(peer, ["pull", "-q"])
            try FileManager.default.createSymbolicLink(atPath: peer.vault.appendingPathComponent(".carousel").path,
                                                       withDestinationPath: target)
            try mallory(peer, ["add", "-f", ".carousel"])
            try mallory(peer, ["commit", "-qm", "Tidy up \(round)"])
            try mallory(peer, ["push", "-q"])
            let culprit = String(try peer.git(["rev-parse", "HEAD"]).stdout.prefix(7))

            XCTAssertEqual(try a.carousel(["add", "Local change \(round)"]).status, 0)
            let head = try a.git(["rev-parse", "HEAD"]).stdout
            let refused = try a.carousel(["sync"])
            XCTAssertNotEqual(refused.status, 0, "a tree with .carousel must be refused")
            XCTAssertTrue(refused.stderr.contains(culprit) && refused.stderr.contains("Mallory") && refused.stderr.contains(".carousel"),
                          refused.stderr)
            XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, head, "nothing local may change")
            XCTAssertEqual(lstatKind(a.vault.appendingPathComponent(".carousel")), S_IFDIR, "the local .carousel must stay a folder")
            XCTAssertTrue(try a.read("cards/honest-work.md").contains("title: Honest work"))
            XCTAssertEqual(try a.carousel(["list"]).status, 0, "the vault stays usable")
            XCTAssertEqual(try sentinel.state(), before, "nothing may be written outside the vault")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: a.root.path).sorted(), parentBefore)

            // Mallory takes it back; the next honest sync works.
            try mallory(peer, ["rm", "-q", "--cached", ".carousel"])
            try FileManager.default.removeItem(at: peer.vault.appendingPathComponent(".carousel"))
            try mallory(peer, ["commit", "-qm", "Undo \(round)"])
            try mallory(peer, ["push", "-q"])
            let ok = try a.carousel(["sync"])
            XCTAssertEqual(ok.status, 0, ok.stderr)
            XCTAssertEqual(lstatKind(a.vault.appendingPathComponent(".carousel")), S_IFDIR)
            XCTAssertTrue(try a.read("cards/local-change-\(round).md").contains("Local change \(round)"))
        }
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        XCTAssertEqual(try sentinel.state(), before)
        XCTAssertEqual(try a.git(["ls-files", ".carousel"]).stdout, "")
    }

    func testPushedCardLinksNeverPrintOrCommitTheirTarget() throws {
        let world = try SyncWorld()
        let sentinel = try Sentinel(in: world.root)
        let a = try world.firstDevice(name: "laptop")
        try a.git(["config", "carousel.token", "CONFIG-TOKEN-1234"])
        XCTAssertEqual(try a.carousel(["add", "Honest work"]).status, 0)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "mallory")
        try FileManager.default.createSymbolicLink(atPath: peer.vault.appendingPathComponent("cards/leak.md").path,
                                                   withDestinationPath: "../.git/config")
        try FileManager.default.createSymbolicLink(atPath: peer.vault.appendingPathComponent("cards/far.md").path,
                                                   withDestinationPath: sentinel.folder.appendingPathComponent("secret.md").path)
        try mallory(peer, ["add", "cards/leak.md", "cards/far.md"])
        try mallory(peer, ["commit", "-qm", "Two handy cards"])
        try mallory(peer, ["push", "-q"])
        let before = try sentinel.state()

        let synced = try a.carousel(["sync"])
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stderr.contains("cards/leak.md"), synced.stderr)
        let config = try a.read(".git/config")
        let secrets = ["CONFIG-TOKEN-1234", "SENTINEL-SECRET", "[core]", "repositoryformatversion"]
        for args in [["list"], ["list", "--json"], ["show", "leak"], ["show", "far"], ["show", "leak", "--json"],
                     ["search", "CONFIG"], ["search", "SENTINEL"], ["search", "core"], ["export", "--format", "json"],
                     ["export", "--format", "csv"], ["export", "--format", "ics"], ["today"], ["suggest"], ["board"], [],
                     ["done", "leak"], ["done", "far"], ["set", "leak", "spoons=2"], ["edit", "leak"], ["rm", "leak"]] {
            let r = try a.carousel(args, env: ["EDITOR": "true", "VISUAL": "true"])
            for secret in secrets {
                XCTAssertFalse(r.stdout.contains(secret) || r.stderr.contains(secret), "`carousel \(args)` printed \(secret):\n\(r.stdout)\n\(r.stderr)")
            }
            if ["done", "set", "edit", "rm", "show"].contains(args.first ?? "") {
                XCTAssertNotEqual(r.status, 0, "`carousel \(args)` must refuse")
                XCTAssertTrue(r.stderr.contains("is a link"), r.stderr)
            }
        }
        let list = try a.carousel(["list"])
        XCTAssertEqual(list.stderr.components(separatedBy: "cards/leak.md").count - 1, 1, "reported once per command:\n\(list.stderr)")
        XCTAssertTrue(list.stderr.contains("cards/far.md:1:1: warning: is a link to a file outside the vault; skipped"), list.stderr)
        XCTAssertEqual(try a.read(".git/config"), config, ".git/config must be unchanged")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: a.vault.appendingPathComponent("cards/leak.md").path), "../.git/config")
        XCTAssertEqual(try sentinel.state(), before)
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        for s in [a, peer] {
            let history = try s.git(["log", "-p", "--all", "--format=%B"]).stdout
            for secret in secrets { XCTAssertFalse(history.contains(secret), "a commit carries \(secret)") }
        }
        try a.assertClean()
    }

    func testSymlinkedCardsFolderFromAPeerIsRefused() throws {
        let world = try SyncWorld()
        let sentinel = try Sentinel(in: world.root)
        let a = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "mallory")
        try mallory(peer, ["rm", "-rq", "cards"])
        try FileManager.default.createSymbolicLink(atPath: peer.vault.appendingPathComponent("cards").path, withDestinationPath: sentinel.folder.path)
        try mallory(peer, ["add", "cards"])
        try mallory(peer, ["commit", "-qm", "Move cards"])
        try mallory(peer, ["push", "-q"])
        let head = try a.git(["rev-parse", "HEAD"]).stdout
        let r = try a.carousel(["sync"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("cards is a link out of the vault") && r.stderr.contains("Mallory"), r.stderr)
        XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, head)
        XCTAssertEqual(lstatKind(a.vault.appendingPathComponent("cards")), S_IFDIR)
    }

    func testBadIdsFromAPeerAreReportedAndLaterSyncsWork() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/dup.md", cardText(id: "01JHONEST", title: "Dup"))
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "mallory")
        let evil = "---\nid: \"/../..\"\ntitle: Evil\n---\n"
        let control = "---\nid: \"ab\\x01cd\"\ntitle: Control\n---\n"
        try peer.write("cards/evil.md", evil)
        try peer.write("cards/control.md", control)
        try mallory(peer, ["add", "cards"])
        try mallory(peer, ["commit", "-qm", "Odd ids"])
        try mallory(peer, ["push", "-q"])

        let first = try a.carousel(["sync"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("cards/evil.md:2:"), first.stderr)
        XCTAssertTrue(first.stderr.contains("cards/control.md:2:"), first.stderr)
        XCTAssertEqual(try a.read("cards/evil.md"), evil, "left as it is")
        XCTAssertEqual(try a.read("cards/control.md"), control)

        // An id that would name a path if it were used in a file name (two cards added as one name).
        try mallory(peer, ["pull", "-q"])
        try peer.write("cards/twin.md", cardText(id: "\"zz/../../x\"", title: "Twin"))
        try mallory(peer, ["add", "cards/twin.md"])
        try mallory(peer, ["commit", "-qm", "Twin"])
        try mallory(peer, ["push", "-q"])
        try a.write("cards/twin.md", cardText(id: "01JTWIN", title: "Twin"))
        for round in 1...2 {
            XCTAssertEqual(try a.carousel(["add", "Round \(round)"]).status, 0)
            let r = try a.carousel(["sync"])
            XCTAssertEqual(r.status, 0, "sync \(round): \(r.stderr)")
        }
        let files = try a.git(["ls-files"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix("cards/") || !$0.contains("/") || $0.hasPrefix("habits/") || $0.hasPrefix("journal/") }, "\(files)")
        XCTAssertFalse(files.contains { $0.contains("..") }, "\(files)")
        let listed = try a.carousel(["list", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertFalse(listed.contains("evil") || listed.contains("control"), "\(listed)")
        XCTAssertTrue(listed.contains("round-1") && listed.contains("round-2"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: a.root.path).sorted(), ["home", "vault"])
        try a.assertClean()
    }

    func testALinkFromAPeerStaysALinkThroughAMerge() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let peer = try world.clone(name: "mallory")
        let leak = peer.vault.appendingPathComponent("cards/leak.md").path
        for (round, target) in ["../.git/config", "../.git/HEAD"].enumerated() {
            try mallory(peer, ["pull", "-q"])
            try? FileManager.default.removeItem(atPath: leak)
            try FileManager.default.createSymbolicLink(atPath: leak, withDestinationPath: target)
            try mallory(peer, ["add", "cards/leak.md"])
            try mallory(peer, ["commit", "-qm", "Link \(round)"])
            try mallory(peer, ["push", "-q"])
            XCTAssertEqual(try a.carousel(["add", "Local \(round)"]).status, 0)  // so the sync must merge
            let r = try a.carousel(["sync"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try a.git(["ls-tree", "HEAD", "cards/leak.md"]).stdout.prefix(6), "120000", "the merge must keep a link a link")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: a.vault.appendingPathComponent("cards/leak.md").path), target)
        }
        XCTAssertFalse(try a.git(["log", "-p", "--format=%B"]).stdout.contains("repositoryformatversion"))
        try a.assertClean()
    }
}
