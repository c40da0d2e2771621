import Foundation
import XCTest

/// A change skips the walk over git's status when nothing changed since the work tree last
/// matched HEAD (the index's clean mark), and still commits every edit made behind its back
/// first, exactly as the full walk does. strace (a `make deps` package) shows which path ran:
/// the walk looks at every card with `lstat`, the quick path only at the files it commits.
final class QuickCommitTests: XCTestCase {
    /// A vault with a few cards, where the last command was a change (so the mark is set).
    func makeVault(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        for title in ["Call Mum", "Water plants", "Pack bag", "Book dentist", "Read a book", "Pay rent"] {
            XCTAssertEqual(try s.carousel(["add", title]).status, 0)
        }
        XCTAssertEqual(try s.carousel(["done", "pay-rent"]).status, 0)
        return s
    }

    /// The card files other than `cards/REF.md` that `done REF` looked at with `lstat` (what
    /// git's status walk does to every file).
    func otherCardsLooked(_ s: Sandbox, done ref: String) throws -> Set<String> {
        guard let strace = DurabilityTests.strace else { throw XCTSkip("strace is not installed (`make deps`)") }
        let trace = s.root.appendingPathComponent("trace-\(UUID().uuidString.prefix(6)).txt")
        let full = ["-f", "-qq", "-o", trace.path, "-e", "trace=lstat,newfstatat", "--", Sandbox.binary.path, "done", ref,
                    "--vault", s.vault.path, "--today", s.today]
        let r = try Sandbox.run(URL(fileURLWithPath: strace), full, env: s.environment, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: trace, encoding: .utf8)
        var paths = Set<String>()
        for line in text.split(separator: "\n") where line.contains("lstat(") || line.contains("AT_SYMLINK_NOFOLLOW") {
            guard let path = line.split(separator: "\"").dropFirst().first, path.hasPrefix(s.vault.path + "/cards/"),
                  path.hasSuffix(".md"), !path.hasSuffix("/\(ref).md") else { continue }
            paths.insert(String(path))
        }
        return paths
    }

    func testNothingChangedSkipsTheStatusWalk() throws {
        let s = try makeVault()
        let quick = try otherCardsLooked(s, done: "call-mum")
        XCTAssertEqual(quick, [], "only the committed card is looked at")
        try s.assertClean()
        XCTAssertEqual(Array(try s.log().prefix(2)), ["done: Call Mum", "done: Pay rent"])
        // An edit seen by a view first (its refresh takes the new stamp) still sends the next
        // change through the walk, which commits it first.
        try s.write("cards/pack-bag.md", try s.read("cards/pack-bag.md").replacingOccurrences(of: "title: Pack bag", with: "title: Pack the bag"))
        XCTAssertEqual(try s.carousel(["today"]).status, 0)
        let full = try otherCardsLooked(s, done: "water-plants")
        XCTAssertGreaterThanOrEqual(full.count, 5, "the walk looks at every card: \(full)")
        XCTAssertEqual(Array(try s.log().prefix(3)), ["done: Water plants", "edit: Pack the bag", "done: Call Mum"])
        try s.assertClean()
        // And the change after that is quick again.
        XCTAssertEqual(try otherCardsLooked(s, done: "book-dentist"), [])
        try s.assertClean()
    }

    /// Runs `change` on two copies of the same vault: one where the mark is set, one where the
    /// index was deleted (so the change takes the full walk), then `done read-a-book` on both.
    /// Both must give the same commits (subjects and files) and a clean tree.
    func assertSameAsFullWalk(_ change: (Sandbox) throws -> Void, expect subjects: [String],
                              file: StaticString = #filePath, line: UInt = #line) throws {
        var results: [[String]] = []
        for slow in [false, true] {
            let s = try makeVault("sameAsWalk\(slow)")
            try change(s)
            if slow { try FileManager.default.removeItem(at: s.vault.appendingPathComponent(".carousel")) }
            let r = try s.carousel(["done", "read-a-book"])
            XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
            try s.assertClean(file: file, line: line)
            let log = try s.git(["log", "--format=%s", "--name-status", "-\(subjects.count)"]).stdout
            results.append(log.split(separator: "\n").map(String.init))
            XCTAssertEqual(Array(try s.log().prefix(subjects.count)), subjects, file: file, line: line)
        }
        XCTAssertEqual(results[0], results[1], "the quick path and the full walk differ", file: file, line: line)
    }

    func testEditorEditIsCommittedFirst() throws {
        try assertSameAsFullWalk({ s in
            try s.write("cards/call-mum.md", try s.read("cards/call-mum.md") + "Ring after six.\n")
        }, expect: ["done: Read a book", "edit: Call Mum", "done: Pay rent"])
    }

    func testCommitMadeByGitBehindCarouselsBack() throws {
        try assertSameAsFullWalk({ s in
            try s.write("cards/call-mum.md", try s.read("cards/call-mum.md") + "Ring after six.\n")
            try s.git(["add", "cards/call-mum.md"])
            XCTAssertEqual(try s.git(["-c", "user.name=T", "-c", "user.email=t@e.invalid", "commit", "-qm", "by hand"]).status, 0)
        }, expect: ["done: Read a book", "by hand", "done: Pay rent"])
    }

    func testOlderVersionCheckedOutByGit() throws {
        try assertSameAsFullWalk({ s in
            XCTAssertEqual(try s.git(["checkout", "HEAD~1", "--", "cards/pay-rent.md"]).status, 0)
        }, expect: ["done: Read a book", "edit: Pay rent", "done: Pay rent"])
    }

    func testDeletedCard() throws {
        try assertSameAsFullWalk({ s in
            try FileManager.default.removeItem(at: s.vault.appendingPathComponent("cards/water-plants.md"))
        }, expect: ["done: Read a book", "edit: remove Water plants", "done: Pay rent"])
    }

    func testNewUntrackedCard() throws {
        try assertSameAsFullWalk({ s in
            try s.write("cards/new-one.md", "---\ntitle: New one\n---\n")
        }, expect: ["done: Read a book", "edit: add New one", "done: Pay rent"])
    }

    func testFilesTheIndexDoesNotReadAreCommittedFirst() throws {
        try assertSameAsFullWalk({ s in
            try s.write("cards/notes.txt", "not a card\n")
            try s.write("cards/.hidden.txt", "hidden\n")
            try s.write("habits/.gitkeep", "edited\n")
        }, expect: ["done: Read a book", "edit: add cards/.hidden.txt, add cards/notes.txt, habits/.gitkeep", "done: Pay rent"])
    }

    func testChangeStagedByGitOnly() throws {
        try assertSameAsFullWalk({ s in
            // The file is unchanged; only git's index lost it.
            XCTAssertEqual(try s.git(["rm", "-q", "--cached", "cards/call-mum.md"]).status, 0)
        }, expect: ["done: Read a book", "done: Pay rent"])
    }

    func testHeadMovedBackByGit() throws {
        try assertSameAsFullWalk({ s in
            // HEAD moves back; the files stay as they were, so they differ from it.
            XCTAssertEqual(try s.git(["reset", "-q", "--soft", "HEAD~1"]).status, 0)
        }, expect: ["done: Read a book", "edit: Pay rent", "add: Pay rent"])
    }
}
