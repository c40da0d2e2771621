@testable import CarouselCore
import XCTest

/// Every vault path operation answers for every name a peer can push (one character, Unicode,
/// deep, `.`/`..`, trailing slashes): no trap, no write outside the vault. Issue 52: a
/// one-character top-level file (`y`, `é`) stopped `sync` and `undo` with SIGILL inside
/// Foundation's `deletingLastPathComponent`.
final class VaultPathFuzzTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-vaultpathfuzz-\(UUID().uuidString.prefix(8))")
        for dir in ["outside", "vault/cards", "vault/.git"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        try Data("budget: 10\n".utf8).write(to: root.appendingPathComponent("vault/carousel.yaml"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func testSplittingAgreesWithTheObviousRule() {
        let cases: [(String, String, String)] = [
            ("y", "", "y"), ("é", "", "é"), ("x/", "", "x"), ("cards/a.md", "cards", "a.md"),
            ("a/b/c", "a/b", "c"), ("/a", "/", "a"), ("/", "/", "/"), ("", "", ""), ("a//b", "a", "b"),
            ("a/b/", "a", "b"), ("🙂/é", "🙂", "é"), ("..", "", ".."), ("a/..", "a", ".."),
        ]
        for (path, folder, name) in cases {
            XCTAssertEqual(VaultPath.folder(of: path), folder, path.debugDescription)
            XCTAssertEqual(VaultPath.name(of: path), name, path.debugDescription)
        }
        XCTAssertEqual(VaultPath.pathExtension(of: "attachments/x/photo.PNG"), "PNG")
        XCTAssertEqual(VaultPath.pathExtension(of: ".gitignore"), "")
        XCTAssertEqual(VaultPath.pathExtension(of: "y"), "")
        XCTAssertEqual(VaultPath.deletingExtension(of: "notes/plan.txt"), "notes/plan")
        XCTAssertEqual(VaultPath.deletingExtension(of: "y"), "y")
        XCTAssertEqual(VaultPath.deletingExtension(of: "a.b/c"), "a.b/c")
        XCTAssertEqual(VaultPath.folders(above: "a/b/c.md"), ["a/b", "a"])
        XCTAssertEqual(VaultPath.folders(above: "é"), [])
    }

    /// Random paths from pieces peers push: each splits so that folder + "/" + name gives the
    /// path back, and the vault reads, writes, judges and removes it without stopping.
    func testTheVaultAnswersForEveryPathAPeerCanName() throws {
        let vault = try Vault(at: root.appendingPathComponent("vault").path)
        let pieces = ["y", "x", "é", "e\u{301}", "🙂", "a", "cards", ".", "..", "", "名", "a.b", ".hidden", "ß", "-", "z.md"]
        var generator = CardTextGenerator(seed: 52)
        var written = 0
        for round in 0..<400 {
            let depth = 1 + Int(generator.next() % 6)
            var parts = (0..<depth).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            if round % 7 == 0 { parts = Array(repeating: "d", count: 40 + round % 30) + ["f"] }
            var path = parts.joined(separator: "/")
            if round % 5 == 0 { path += "/" }
            let folder = VaultPath.folder(of: path), name = VaultPath.name(of: path)
            if !path.hasSuffix("/"), !path.contains("//"), !folder.isEmpty, folder != "/" {
                XCTAssertEqual(folder + "/" + name, path, path.debugDescription)
            }
            _ = vault.destination(of: path)
            _ = vault.contains(relative: path)
            guard PathName.isPlainRelativePath(path) else {
                XCTAssertThrowsError(try vault.write(path, text: "x"), path.debugDescription)
                continue
            }
            do {
                try vault.write(path, text: "round \(round)\n")
                written += 1
                XCTAssertEqual(try vault.readText(path), "round \(round)\n", path.debugDescription)
                try vault.write(path, text: nil)
            } catch {
                // A name that is a folder already (or under a file) is refused with words, never a trap.
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
        XCTAssertGreaterThan(written, 50)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("outside").path), [])
    }

    func testOneCharacterTopLevelFilesAreWrittenReadAndRemoved() throws {
        let vault = try Vault(at: root.appendingPathComponent("vault").path)
        for name in ["y", "x", "é", "🙂"] {
            try vault.write(name, text: "peer's \(name)\n")
            XCTAssertEqual(try vault.readText(name), "peer's \(name)\n")
            XCTAssertTrue(vault.contains(relative: name))
            XCTAssertTrue(vault.contains(relative: name + "/new"))
            try vault.removeEntry(name)
            XCTAssertEqual(vault.destination(of: name), .missing)
        }
        try vault.placeLink("l", target: "cards")
        XCTAssertTrue(vault.isLink("l"))
    }
}

