import Foundation
import XCTest

/// Durable commits: every file Carousel and libgit2 write is fsynced before the change is
/// acknowledged, and a flush that fails is an error, never a success. Uses strace (a `make deps`
/// package) to watch the calls and to make one `fsync` fail at a time.
final class DurabilityTests: XCTestCase {
    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    func traced(_ s: Sandbox, _ args: [String], strace options: [String]) throws -> RunResult {
        guard let strace = DurabilityTests.strace else { throw XCTSkip("strace is not installed (`make deps`)") }
        let full = options + ["--", Sandbox.binary.path] + args + ["--vault", s.vault.path, "--today", s.today]
        return try Sandbox.run(URL(fileURLWithPath: strace), full, env: s.environment, cwd: s.root)
    }

    /// The calls of one `add`, in order: `fsync(PATH)` and `rename(FROM, TO)` lines.
    func calls(_ s: Sandbox, _ args: [String]) throws -> [String] {
        let trace = s.root.appendingPathComponent("trace-\(UUID().uuidString.prefix(6)).txt")
        let r = try traced(s, args, strace: ["-f", "-qq", "-y", "-o", trace.path, "-e", "trace=fsync,rename"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: trace, encoding: .utf8)
        return text.split(separator: "\n").map { line in
            // "PID fsync(7</path>) = 0" → "fsync /path"; "PID rename("a", "b") = 0" → "rename a b"
            // strace starts each line with the PID, padded to five columns ("8312  fsync(…"), and
            // leaves it out while it traces a single thread.
            let body = line.drop { $0.isNumber }.drop { $0 == " " }
            if body.hasPrefix("fsync(") {
                let path = body.split(separator: "<", maxSplits: 1).last?.split(separator: ">").first ?? ""
                return "fsync " + path
            }
            let quoted = body.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return "rename " + quoted.joined(separator: " ")
        }
    }

    func testAddFsyncsCardObjectsAndRefBeforeAcknowledging() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "First"])
        let calls = try calls(s, ["add", "Second card"])
        let git = s.vault.path + "/.git/"
        func index(_ match: (String) -> Bool, last: Bool = false) -> Int? {
            last ? calls.lastIndex(where: match) : calls.firstIndex(where: match)
        }
        let cardFsync = try XCTUnwrap(index { $0.hasPrefix("fsync " + s.vault.path + "/cards/.carousel-tmp-") }, "\(calls)")
        let cardRename = try XCTUnwrap(index { $0.hasPrefix("rename") && $0.hasSuffix("/cards/second-card.md") }, "\(calls)")
        let cardsFolder = try XCTUnwrap(index { $0 == "fsync " + s.vault.path + "/cards" }, "\(calls)")
        let objects = calls.indices.filter { calls[$0].hasPrefix("fsync " + git + "objects/tmp_object") }
        // libgit2 does not flush `objects/` (the names of the fan-out folders it makes); Carousel does.
        let objectsFolder = try XCTUnwrap(index({ $0 == "fsync " + git + "objects" }, last: true), "\(calls)")
        let refFsync = try XCTUnwrap(index { $0 == "fsync " + git + "refs/heads/main.lock" }, "\(calls)")
        let refRename = try XCTUnwrap(index { $0 == "rename " + git + "refs/heads/main.lock " + git + "refs/heads/main" }, "\(calls)")
        let refsFolder = try XCTUnwrap(index({ $0 == "fsync " + git + "refs/heads" }, last: true), "\(calls)")
        XCTAssertEqual(objects.count, 4, "a blob, two trees and a commit, each fsynced: \(calls)")
        XCTAssertTrue(cardFsync < cardRename && cardRename < cardsFolder, "\(calls)")
        XCTAssertTrue(cardsFolder < objects.min()!, "the card is on disk before git records it: \(calls)")
        XCTAssertTrue(objects.max()! < objectsFolder && objectsFolder < refRename, "objects/ is flushed before the branch moves: \(calls)")
        XCTAssertTrue(objects.max()! < refFsync && refFsync < refRename && refRename < refsFolder,
                      "every object is on disk before the branch names them: \(calls)")
    }

    /// Each `fsync` of an `add` and a `set` fails in turn: either the command succeeds (libgit2
    /// wrote the object again) and the change is in HEAD, or it fails saying so and nothing
    /// changed, or (a late failure) the change is in HEAD and the message says it was committed.
    /// Never a success without the change, never a half change. Every flush under `make stress`;
    /// the first of every four, and the last, otherwise.
    func testEveryFailedFsyncIsAnErrorOrRetriedAndNothingIsHalfDone() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Base card"])
        let total = try calls(s, ["add", "Probe"]).filter { $0.hasPrefix("fsync") }.count
        XCTAssertGreaterThan(total, 10)
        guard total > 0 else { return }
        var failures = 0
        let flushes = (1...total).filter { Stress.visits($0, every: 4) || $0 == total }
        for (n, args) in flushes.flatMap({ n in [(n, ["add", "Card \(n)"]), (n, ["set", "base-card", "title=Base card \(n)"])] }) {
            let before = try s.git(["rev-parse", "HEAD"]).stdout
            let r = try traced(s, args, strace: ["-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync",
                                                 "-e", "inject=fsync:error=EIO:when=\(n)"])
            let after = try s.git(["rev-parse", "HEAD"]).stdout
            let context = "\(args) with fsync #\(n) failing: \(r.stderr)"
            if r.status == 0 {
                XCTAssertNotEqual(before, after, context)
            } else {
                failures += 1
                XCTAssertEqual(r.status, 3, context)
                XCTAssertTrue(r.stderr.contains("Input/output error"), context)
                if before != after {
                    XCTAssertTrue(r.stderr.contains("was committed"), context)
                } else {
                    XCTAssertFalse(r.stderr.contains("was committed"), context)
                    if args[0] == "add" {
                        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.path + "/cards/card-\(n).md"), context)
                    }
                }
            }
            let status = try s.git(["status", "--porcelain"])
            XCTAssertEqual(status.stdout, "", context)
            XCTAssertEqual(try s.git(["fsck", "--strict"]).status, 0, context)
            XCTAssertEqual(try s.carousel(["list", "--json"]).status, 0, context)
        }
        XCTAssertGreaterThan(failures, flushes.count / 2, "most failed flushes must be reported")
    }
}
