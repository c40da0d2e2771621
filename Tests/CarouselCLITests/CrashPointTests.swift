import Foundation
import XCTest

/// Every crash point of a process: each command is killed (SIGKILL, through strace's fault
/// injection) just before each of its file-system-changing system calls in turn — every write,
/// fsync, rename, unlink, link, mkdir and truncate, of Carousel, SQLite and libgit2 — and the
/// vault is checked: the next command works and repairs what it must, `git status` is clean,
/// `git fsck --strict` passes, every change acknowledged before is in HEAD, and the killed change
/// is there whole or not at all. Unlike `CrashTests` (random kills) this visits every point.
/// It does not model a power cut (lost unsynced writes); see docs/reliability.md.
final class CrashPointTests: XCTestCase {
    /// Every point under `make stress` (about 12 minutes); every 40th point otherwise (the first
    /// of every forty, across call kinds, so each command is still killed several times), so
    /// `make test` stays quick.
    static let stride = Stress.pick(full: 1, quick: 40)

    static let calls = ["write", "pwrite64", "fsync", "fdatasync", "rename", "unlink", "link", "mkdir", "ftruncate"]

    func strace(_ s: Sandbox, _ args: [String], options: [String]) throws -> RunResult {
        guard let strace = DurabilityTests.strace else { throw XCTSkip("strace is not installed (`make deps`)") }
        return try Sandbox.run(URL(fileURLWithPath: strace), ["-f", "-qq"] + options + ["--", Sandbox.binary.path] + args
                               + ["--vault", s.vault.path, "--today", s.today], env: s.environment, cwd: s.root)
    }

    /// How many times a clean run of `args` makes each call.
    func counts(_ s: Sandbox, _ args: [String]) throws -> [String: Int] {
        let trace = s.root.appendingPathComponent("counts-\(UUID().uuidString.prefix(6)).txt")
        let r = try strace(s, args, options: ["-o", trace.path, "-e", "trace=" + CrashPointTests.calls.joined(separator: ",")])
        XCTAssertEqual(r.status, 0, r.stderr)
        var result: [String: Int] = [:]
        for line in try String(contentsOf: trace, encoding: .utf8).split(separator: "\n") {
            // strace starts each line with the PID, padded to five columns ("8312  fsync(…"), and
            // leaves it out while it traces a single thread.
            let body = line.drop { $0.isNumber }.drop { $0 == " " }
            if let name = body.split(separator: "(").first.map(String.init), CrashPointTests.calls.contains(name) { result[name, default: 0] += 1 }
        }
        return result
    }

    func headFile(_ s: Sandbox, _ path: String) throws -> String? {
        let r = try s.git(["show", "HEAD:" + path])
        return r.status == 0 ? r.stdout : nil
    }

    /// Kills `make(n)` at every point; `check(n, acknowledged)` then looks at the vault.
    func explore(_ s: Sandbox, name: String, prepare: (Int) throws -> Void = { _ in },
                 command: (Int) -> [String], check: (Int, Bool, String) throws -> Void) throws -> Int {
        try prepare(0)
        let probe = try counts(s, command(0))
        try check(0, true, "\(name) clean run")
        var states = 0, seen = 0
        for call in CrashPointTests.calls {
            for k in 1...max(1, probe[call] ?? 0) where probe[call] != nil {
                seen += 1
                guard Stress.visits(seen, every: CrashPointTests.stride) else { continue }
                states += 1
                try prepare(states)
                let r = try strace(s, command(states), options: ["-o", "/dev/null", "-e", "trace=" + call,
                                                                 "-e", "inject=\(call):signal=SIGKILL:when=\(k)"])
                let context = "\(name) killed before \(call) #\(k)"
                // The next command repairs what it must (a torn index, a stale lock, temp files,
                // an uncommitted intent) and works.
                let next = try s.carousel(["add", "Next after \(states) \(call) \(k)"])
                XCTAssertEqual(next.status, 0, "\(context): next command: \(next.stderr)")
                XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "", context)
                XCTAssertEqual(try s.git(["fsck", "--strict"]).status, 0, context)
                XCTAssertNotNil(try headFile(s, "cards/next-after-\(states)-\(call)-\(k).md"), context)
                try check(states, r.status == 0, context)
            }
        }
        return states
    }

    func testEveryCrashPointOfAddSetDoneAndAnEditPickup() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Base"]).status, 0)
        var report: [String] = []

        // add: the card is in HEAD whole, or nowhere.
        let adds = try explore(s, name: "add", command: { ["add", "Card \($0)"] }) { n, acknowledged, context in
            let head = try self.headFile(s, "cards/card-\(n).md")
            if acknowledged { XCTAssertNotNil(head, context) }
            if let head { XCTAssertTrue(head.contains("title: Card \(n)"), context) }
            let onDisk = FileManager.default.fileExists(atPath: s.vault.path + "/cards/card-\(n).md")
            XCTAssertEqual(onDisk, head != nil, context)
        }
        report.append("add: \(adds)")

        // set: the title in HEAD is the new one or the one before, and the file agrees.
        var lastTitle = "Base"
        let sets = try explore(s, name: "set", command: { ["set", "base", "title=Base \($0)"] }) { n, acknowledged, context in
            let head = try XCTUnwrap(try self.headFile(s, "cards/base.md"), context)
            XCTAssertEqual(try s.read("cards/base.md"), head, context)
            if acknowledged { XCTAssertTrue(head.contains("title: Base \(n)\n"), context) }
            XCTAssertTrue(head.contains("title: Base \(n)\n") || head.contains("title: \(lastTitle)\n"), context)
            if head.contains("title: Base \(n)\n") { lastTitle = "Base \(n)" }
        }
        report.append("set: \(sets)")

        // done: each run finishes a fresh card; done is recorded whole or not at all.
        let dones = try explore(s, name: "done", prepare: { n in
            XCTAssertEqual(try s.carousel(["add", "Chore \(n)"]).status, 0)
        }, command: { ["done", "chore-\($0)"] }) { n, acknowledged, context in
            let head = try XCTUnwrap(try self.headFile(s, "cards/chore-\(n).md"), context)
            XCTAssertEqual(try s.read("cards/chore-\(n).md"), head, context)
            if acknowledged { XCTAssertTrue(head.contains("\ndone: "), context) }
        }
        report.append("done: \(dones)")

        // An editor's edit picked up by the next change: never lost.
        let pickups = try explore(s, name: "edit pickup", prepare: { n in
            try s.write("cards/by-hand-\(n).md", "---\ntitle: By hand \(n)\n---\nWritten in an editor.\n")
        }, command: { ["add", "Then \($0)"] }) { n, _, context in
            XCTAssertEqual(try self.headFile(s, "cards/by-hand-\(n).md"), "---\ntitle: By hand \(n)\n---\nWritten in an editor.\n", context)
        }
        report.append("edit pickup: \(pickups)")
        print("crash points checked: " + report.joined(separator: ", "))
    }
}
