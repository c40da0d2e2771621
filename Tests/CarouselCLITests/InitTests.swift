import Foundation
import XCTest

/// `carousel init` makes or adopts a vault in one commit.
final class InitTests: XCTestCase {
    static var repositorySampleVault: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("sample-vault")
    }

    func testInitAdoptsACopyOfTheSampleVaultInOneCommit() throws {
        let s = try Sandbox()
        try FileManager.default.copyItem(at: Self.repositorySampleVault, to: s.vault)
        try s.initVault()
        XCTAssertEqual(try s.log(), ["init: vault from existing files"])
        try s.assertClean()
        let today = try s.carousel(["today", "--json"]).json()
        XCTAssertEqual(today.cards().count, 3)
        XCTAssertEqual(today["spoons_planned"] as? Int, 4)
        let again = try s.carousel(["init", s.vault.path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("already a Carousel vault"), again.stderr)
    }

    func testRepositorySampleVaultMatchesTheSampleGenerator() throws {
        // `sample-vault/` is `init --sample` pinned to 2026-11-23: same files, same fields.
        let s = try Sandbox()
        try s.initVault(sample: true)
        let fm = FileManager.default
        func files(_ root: URL) -> [String] {
            (fm.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
                .filter { !$0.hasPrefix(".git/") && $0 != ".git" && !$0.hasPrefix(".carousel") && $0.hasSuffix(".md") }.sorted()
        }
        XCTAssertEqual(files(Self.repositorySampleVault), files(s.vault))
        for path in files(s.vault) {
            let strip = { (text: String) in
                text.split(separator: "\n").filter { !$0.hasPrefix("id: ") && !$0.hasPrefix("order: ") }.joined(separator: "\n")
            }
            let ours = try String(contentsOf: Self.repositorySampleVault.appendingPathComponent(path), encoding: .utf8)
            XCTAssertEqual(strip(ours), strip(try s.read(path)), path)
        }
    }

    func testEditThatDoesNotParseIsLeftOutOfTheCommitAndNamed() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/broken.md", "---\ntitle: Broken\nspoons: lots\n---\n")
        try s.write("cards/fine.md", "---\ntitle: Fine\n---\n")
        let r = try s.carousel(["add", "Another"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("Left cards/broken.md uncommitted because it does not parse"), r.stderr)
        XCTAssertTrue(r.stderr.contains("cards/broken.md:3:9: error: spoons must be 1–5"), r.stderr)
        XCTAssertEqual(Array(try s.log().prefix(2)), ["add: Another", "edit: add Fine"])
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "?? cards/broken.md\n")
    }
}
