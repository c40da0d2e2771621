import Foundation
import XCTest

/// Several `carousel` processes and an editor writing to one vault at once lose nothing.
final class ConcurrencyTests: XCTestCase {
    func testFourWritersAndAnEditorLoseNoUpdate() throws {
        // 100 operations a writer under `make stress`, 16 otherwise.
        let ops = Stress.pick(full: 100, quick: 16)
        let s = try Sandbox()
        try s.initVault()
        // Each writer is a process of its own: in-process runs take turns.
        s.inProcess = false
        let acknowledged = Acknowledged()
        let group = DispatchGroup()
        for w in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for i in 0..<ops {
                    // Mostly adds, with some changes to this writer's own earlier cards.
                    let mine = acknowledged.slugs(prefix: "w\(w)-")
                    let args: [String]
                    if i % 4 == 3, let target = mine.last {
                        args = ["set", target, "importance=\(i % 5 + 1)"]
                    } else {
                        args = ["add", "W\(w) \(i)"]
                    }
                    guard let r = try? s.carousel(args, env: ["CAROUSEL_LOCK_TIMEOUT": "60"]) else { continue }
                    if r.status == 0 {
                        if args[0] == "add" { acknowledged.add("w\(w)-\(i)") } else { acknowledged.set(args[1], args[2]) }
                    } else {
                        acknowledged.fail(r.stderr)
                    }
                }
            }
        }
        // An editor saving hand-made cards while the writers run.
        group.enter()
        Thread.detachNewThread {
            defer { group.leave() }
            for i in 0..<20 {
                try? s.write("cards/editor-\(i).md", "---\ntitle: Editor \(i)\n---\n")
                usleep(30_000)
            }
        }
        group.wait()
        XCTAssertEqual(acknowledged.failures, [], "some commands failed")
        XCTAssertEqual(try s.carousel(["add", "Last one"]).status, 0)
        try s.assertClean()
        let tree = Set(try s.git(["ls-tree", "-r", "--name-only", "HEAD"]).stdout.split(separator: "\n").map(String.init))
        for slug in acknowledged.slugs(prefix: "") {
            XCTAssertTrue(tree.contains("cards/\(slug).md"), "lost \(slug)")
        }
        for i in 0..<20 { XCTAssertTrue(tree.contains("cards/editor-\(i).md"), "lost editor-\(i)") }
        for (slug, value) in acknowledged.lastSet {
            XCTAssertTrue(try s.git(["show", "HEAD:cards/\(slug).md"]).stdout.contains("\n" + value.replacingOccurrences(of: "=", with: ": ") + "\n"),
                          "lost \(value) on \(slug)")
        }
        XCTAssertEqual(acknowledged.slugs(prefix: "").count, 4 * (ops - ops / 4))
        let index = try s.carousel(["index", "--json"]).json()
        XCTAssertEqual(index["problems"] as? Int, 0)
    }
}

/// What the writers were told succeeded, shared between threads.
final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private var added: [String] = []
    private(set) var lastSet: [String: String] = [:]
    private(set) var failures: [String] = []

    func add(_ slug: String) { lock.lock(); added.append(slug); lock.unlock() }
    func set(_ slug: String, _ value: String) { lock.lock(); lastSet[slug] = value; lock.unlock() }
    func fail(_ message: String) { lock.lock(); failures.append(message); lock.unlock() }
    func slugs(prefix: String) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return added.filter { $0.hasPrefix(prefix) }
    }
}
