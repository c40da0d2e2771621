import Foundation
import XCTest

/// Names said as what they are, and links held to the size of a path.
extension WedgedDeviceTests {
    /// `café.md` written once composed (NFC) and once decomposed (NFD, as macOS writes names):
    /// two names to git, one to this device. The refusal says so, not "a broken tree".
    func testAnNFCAndNFDPairIsSaidAsWhatItIsAndTheRevertHeals() throws {
        let s = try scene()
        let nfc = "caf\u{E9}.md", nfd = "cafe\u{301}.md"
        let one = try blob(s.peer, cardText(id: "01JCAFENFC", title: "Caf\u{E9} one"))
        let two = try blob(s.peer, cardText(id: "01JCAFENFD", title: "Caf\u{E9} two"))
        let cards = try edit(s.peer, tree: "HEAD^{tree}:cards", path: nfc, lines: ["100644 blob \(one)\t\(nfc)", "100644 blob \(two)\t\(nfd)"])
        // The names only: an object id on the same line may hold the letters "caf" too.
        let names = try mallory(s.peer, ["ls-tree", "--name-only", cards]).split(separator: "\n")
        XCTAssertEqual(names.filter { $0.contains("caf") }.count, 2)
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards", lines: ["040000 tree \(cards)\tcards"])
        let culprit = try push(s.peer, tree: tree, message: "Two cafés")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "is in its folder twice, under two Unicode spellings of one name (composed, NFC, and decomposed, NFD",
                                    badObjects: [cards])
    }

    /// A link's blob is read whole by a checkout too: one longer than a path is refused, as a
    /// file over its limit is.
    func testALinkLongerThanAPathIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let target = try bigBlob(s.peer, bytes: 64 << 10, repeating: "a")
        let cards = try edit(s.peer, tree: "HEAD^{tree}:cards", path: "long-link.md", lines: ["120000 blob \(target)\tlong-link.md"])
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards", lines: ["040000 tree \(cards)\tcards"])
        let culprit = try push(s.peer, tree: tree, message: "A long link")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "cards/long-link.md is a link of 64 KB, where a link names a path of at most 4096 bytes")
    }

    func testAGigabyteLinkIsRefusedInBoundedMemory() throws {
        guard Stress.full else { throw XCTSkip("a 1 GB link: make stress (the 64 KB link is refused in make test)") }
        let s = try scene()
        let blob = try bigBlob(s.peer, bytes: 1 << 30)
        let folder = try mallory(s.peer, ["mktree", "-z"], input: "120000 blob \(blob)\tbig-link\0")
        try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "attachments", lines: ["040000 tree \(folder)\tattachments"]), message: "A gigabyte link")
        let a = s.laptop
        let started = ProcessInfo.processInfo.systemUptime
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/time"), ["-f", "peak %M", Sandbox.binary.path, "sync", "--vault", a.vault.path, "--today", a.today],
                                env: a.environment, cwd: a.root)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("attachments/big-link is a link of 1.0 GB"), r.stderr)
        let peak = try XCTUnwrap(r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) })
        XCTAssertLessThan(peak, 200 * 1024, "peak memory \(peak) KB")
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 30)
        try assertStillWorks(a, round: "big link", syncSucceeds: false)
    }
}
