import Foundation
import XCTest

/// A push of many commits with a refused tree: the sync names a commit and its author within a
/// budget of commits and time, and the vault lock is free while it looks.
extension WedgedDeviceTests {
    /// Pushes `count` commits by Mallory on top of the remote's main (git fast-import), each
    /// changing `notes/n.txt`; `.gitmodules` comes with the first one when `badFirst`, else with
    /// the last. Returns the last commit's id.
    @discardableResult
    func pushMany(_ peer: Sandbox, count: Int, badFirst: Bool) throws -> String {
        try mallory(peer, ["fetch", "-q", "origin"])
        let base = try mallory(peer, ["rev-parse", "origin/main"])
        var script = ""
        for n in 1...count {
            let message = "Note \(n)", note = "\(n)\n"
            script += "commit refs/heads/many\ncommitter Mallory <mallory@example.invalid> \(1_795_424_000 + n) +0000\n"
            script += "data \(message.utf8.count)\n\(message)\n"
            if n == 1 { script += "from \(base)\n" }
            script += "M 100644 inline notes/n.txt\ndata \(note.utf8.count)\n\(note)\n"
            if n == (badFirst ? 1 : count) {
                let modules = "[submodule \"x\"]\n\tpath = x\n\turl = ../x\n"
                script += "M 100644 inline .gitmodules\ndata \(modules.utf8.count)\n\(modules)\n"
            }
        }
        try mallory(peer, ["fast-import", "--quiet"], input: script)
        try mallory(peer, ["push", "-q", "origin", "many:refs/heads/main"])
        return try mallory(peer, ["rev-parse", "many"])
    }

    func testManyCommitsWithARefusedTipNameTheTipAndTheRevertHeals() throws {
        let s = try scene()
        let tip = try pushMany(s.peer, count: 300, badFirst: false)
        try assertRefusedThenHealed(s, culprit: tip, saying: ".gitmodules is tracked")
    }

    /// The problem came with the first of 1,200 commits and every later one keeps it: the sync
    /// stops looking after its budget and says so, naming a commit and Mallory all the same.
    func testTheSearchForTheCommitThatBroughtAProblemStopsAtItsBudget() throws {
        let s = try scene()
        try pushMany(s.peer, count: 1200, badFirst: true)
        let a = s.laptop
        let refused = try run(a, ["sync"])
        XCTAssertEqual(refused.status, 3, refused.stderr)
        for words in ["by Mallory <mallory@example.invalid>", "(or one before it: Carousel stopped looking after 1000 commits",
                      ".gitmodules is tracked", "nothing here changed"] {
            XCTAssertTrue(refused.stderr.contains(words), "no \(words.debugDescription) in: \(refused.stderr)")
        }
        try assertStillWorks(a, round: "budget", syncSucceeds: false)
        try revert(s.peer)
        try assertHealed(s)
    }

    func testTwentyThousandCommitsWithARefusedTipAreCheckedInBoundedTimeAndMemory() throws {
        guard Stress.full else { throw XCTSkip("20,000 commits: make stress (300 and 1,200 run in make test)") }
        let s = try scene()
        let tip = try pushMany(s.peer, count: 20_000, badFirst: false)
        let a = s.laptop
        let started = ProcessInfo.processInfo.systemUptime
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/time"), ["-f", "peak %M", Sandbox.binary.path, "sync", "--vault", a.vault.path, "--today", a.today],
                                env: a.environment, cwd: a.root)
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 30)
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains(String(tip.prefix(7))) && r.stderr.contains("Mallory"), r.stderr)
        let peak = try XCTUnwrap(r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) })
        XCTAssertLessThan(peak, 200 * 1024, "peak memory \(peak) KB")
        try assertStillWorks(a, round: "many", syncSucceeds: false)
    }
}
