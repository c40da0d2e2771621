import Foundation
import XCTest

/// Issue 52: a commit git accepts but libgit2 cannot read (no author line, a broken date) made
/// every sync fail with "failed to parse signature" and no word of which commit. Sync names it,
/// with whoever committed it, and stops before anything changes; the device keeps working; once
/// the peer writes the commit again (a forced push), one sync heals.
extension WedgedDeviceTests {
    /// Pushes, on top of the remote's main, a commit written byte by byte with `header` lines
    /// (after `tree` and `parent`) and a tree that adds one card; returns its id.
    func pushRawCommit(_ peer: Sandbox, header: String, message: String) throws -> String {
        try mallory(peer, ["fetch", "-q", "origin"])
        let parent = try mallory(peer, ["rev-parse", "origin/main"])
        let tree = try edit(peer, tree: "origin/main^{tree}", path: "cards/odd.md",
                            lines: ["100644 blob \(try blob(peer, cardText(id: "01JODDAUTHOR", title: "Odd author")))\todd.md"])
        let object = "tree \(tree)\nparent \(parent)\n\(header)\n\(message)\n"
        let commit = try mallory(peer, ["hash-object", "-t", "commit", "--literally", "-w", "--stdin"], input: object)
        try mallory(peer, ["push", "-q", "origin", "\(commit):refs/heads/main"])
        return commit
    }

    /// The peer writes the same change again as a proper commit and forces it over the bad one.
    func rewrite(_ peer: Sandbox, over bad: String) throws {
        let commit = try mallory(peer, ["commit-tree", "\(bad)^{tree}", "-p", "\(bad)^", "-m", "Odd author, written again"])
        try mallory(peer, ["push", "-q", "--force", "origin", "\(commit):refs/heads/main"])
        try mallory(peer, ["reset", "-q", "--hard", commit])
    }

    func assertUnreadableCommitRefusedThenHealed(header: String, saying words: String, name: String = #function) throws {
        let s = try scene(name)
        let a = s.laptop
        let bad = try pushRawCommit(s.peer, header: header, message: "Odd author")
        XCTAssertEqual(try run(a, ["add", "Before sync"]).status, 0)
        let head = try a.git(["rev-parse", "HEAD"]).stdout
        let refused = try run(a, ["sync"])
        XCTAssertNotEqual(refused.status, 0)
        for expected in [String(bad.prefix(7)), "Mallory", words, "nothing here changed"] {
            XCTAssertTrue(refused.stderr.contains(expected), "no \(expected.debugDescription) in: \(refused.stderr)")
        }
        XCTAssertFalse(refused.stderr.contains("failed to parse signature"), refused.stderr)
        XCTAssertEqual(try a.git(["rev-parse", "HEAD"]).stdout, head, "HEAD must not move")
        try assertStillWorks(a, round: "refused", syncSucceeds: false)
        try rewrite(s.peer, over: bad)
        let healed = try run(a, ["sync"])
        XCTAssertEqual(healed.status, 0, "after the rewrite one sync heals: \(healed.stderr)")
        XCTAssertTrue(try a.read("cards/odd.md").contains("Odd author"))
        try assertStillWorks(a, round: "healed", syncSucceeds: true)
        try assertFsckClean(a, except: [bad])
    }

    func testACommitWithoutAnAuthorLineIsNamedAndTheRewriteHeals() throws {
        try assertUnreadableCommitRefusedThenHealed(header: "committer Mallory <mallory@example.invalid> 1795400000 +0000\n",
                                                    saying: "author line is missing")
    }

    func testACommitWithABrokenDateIsNamedAndTheRewriteHeals() throws {
        try assertUnreadableCommitRefusedThenHealed(header: "author Mallory <mallory@example.invalid> soon\ncommitter Mallory <mallory@example.invalid> 99999999999999999999 +0000\n",
                                                    saying: "is not one git's library reads")
    }

    func testDoctorNamesACommitWithoutAnAuthorTakenByPlainGit() throws {
        let s = try scene()
        let a = s.laptop
        let bad = try pushRawCommit(s.peer, header: "committer Mallory <mallory@example.invalid> 1795400000 +0000\n", message: "Odd author")
        XCTAssertEqual(try a.git(["pull", "-q", "--ff-only"]).status, 0, "plain git takes it")
        let found = try doctorFindings(a, kinds: ["unreadable_commit"])
        XCTAssertEqual(found.count, 1, "\(found)")
        let message = found.first?["message"] as? String ?? ""
        XCTAssertTrue(message.contains(String(bad.prefix(7))) && message.contains("Mallory") && message.contains("author line is missing"), message)
        let text = try run(a, ["doctor"], limit: 20)
        XCTAssertFalse(text.stdout.contains("All clear"), text.stdout)
    }

    func testCloningARemoteWithACommitWithoutAnAuthorNamesIt() throws {
        let s = try scene()
        let bad = try pushRawCommit(s.peer, header: "committer Mallory <mallory@example.invalid> 1795400000 +0000\n", message: "Odd author")
        let bob = try Sandbox("bob")
        let r = try Sandbox.run(Sandbox.binary, ["clone", s.world.bare.path, "vault", "--today", bob.today], env: bob.environment, cwd: bob.root)
        XCTAssertNotEqual(r.status, 0)
        for expected in [String(bad.prefix(7)), "Mallory", "author line is missing", "clone stopped"] {
            XCTAssertTrue(r.stderr.contains(expected), "no \(expected.debugDescription) in: \(r.stderr)")
        }
        try rewrite(s.peer, over: bad)
        let again = try Sandbox.run(Sandbox.binary, ["clone", s.world.bare.path, "vault", "--today", bob.today], env: bob.environment, cwd: bob.root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(try bob.read("cards/odd.md").contains("Odd author"))
    }
}
