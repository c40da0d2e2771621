import Foundation
import XCTest

/// Files over the size a vault file may have are refused before anything is checked out (a
/// checkout holds a file whole in memory), measured from the object's header.
extension WedgedDeviceTests {
    /// A blob of `bytes` zeros (or of `text` repeated) written by git in the peer's clone.
    func bigBlob(_ peer: Sandbox, bytes: Int, repeating text: String = "") throws -> String {
        let source = text.isEmpty ? "head -c \(bytes) /dev/zero" : "yes '\(text)' | head -c \(bytes)"
        let r = try Sandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c", source + " | git -C '\(peer.vault.path)' hash-object -w --stdin"],
                                env: peer.environment, cwd: peer.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAnAttachmentOverTheLimitIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let blob = try bigBlob(s.peer, bytes: 60 << 20)
        let folder = try mallory(s.peer, ["mktree", "-z"], input: "100644 blob \(blob)\tbig.bin\0")
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "attachments", lines: ["040000 tree \(folder)\tattachments"])
        let culprit = try push(s.peer, tree: tree, message: "A big file")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "attachments/big.bin is 60 MB, over the 50 MB a vault file there may be")
    }

    func testACardOverTheLimitIsRefusedAndTheRevertHeals() throws {
        let s = try scene()
        let blob = try bigBlob(s.peer, bytes: 3 << 19, repeating: "key: value")
        let tree = try edit(s.peer, tree: "HEAD^{tree}", path: "cards/huge.md", lines: ["100644 blob \(blob)\thuge.md"])
        let culprit = try push(s.peer, tree: tree, message: "A huge card")
        try assertRefusedThenHealed(s, culprit: culprit, saying: "cards/huge.md is 1.5 MB, over the 1 MB a vault file there may be")
    }

    /// Under `make stress`: a push of a 1 GB file of zeros (a few MB on the wire) is refused
    /// while the sync's peak memory, git's included, stays under 200 MB.
    func testAGigabyteOfZerosIsRefusedInBoundedMemory() throws {
        guard Stress.full else { throw XCTSkip("a 1 GB push: make stress (the 60 MB refusal runs in make test)") }
        let s = try scene()
        let blob = try bigBlob(s.peer, bytes: 1 << 30)
        let folder = try mallory(s.peer, ["mktree", "-z"], input: "100644 blob \(blob)\tbig.bin\0")
        try push(s.peer, tree: try edit(s.peer, tree: "HEAD^{tree}", path: "attachments", lines: ["040000 tree \(folder)\tattachments"]), message: "A gigabyte")
        let a = s.laptop
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/time"), ["-f", "peak %M", Sandbox.binary.path, "sync", "--vault", a.vault.path, "--today", a.today],
                                env: a.environment, cwd: a.root)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("attachments/big.bin is 1.0 GB, over the 50 MB"), r.stderr)
        let peak = try XCTUnwrap(r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) })
        XCTAssertLessThan(peak, 200 * 1024, "peak memory \(peak) KB")
        try assertStillWorks(a, round: "big", syncSucceeds: false)
    }
}
