@testable import CarouselCore
import Foundation
import XCTest

/// When no folder under `cards/` changed since the last walk, a refresh reads no folder and only
/// stats the files it knows. Every way a card can appear, change or go must still show at once:
/// each step's `list` is compared with the list of a copy of the vault indexed from nothing.
final class FolderReuseTests: XCTestCase {
    /// How long a folder's change is not trusted: in-process runs shorten the two seconds to a
    /// third of one (still many clock ticks), the binary keeps them.
    static let pause = InProcess.disabled ? 2.3 : 0.4
    override func setUp() { CardScan.settleWindow = 300_000_000 }
    override func tearDown() { CardScan.settleWindow = 2_000_000_000 }

    /// Waits out the time in which a folder's change is not trusted, then lets one command
    /// walk and record the folders; the next command must reuse them.
    func settle(_ s: Sandbox) throws {
        Thread.sleep(forTimeInterval: Self.pause)
        try s.carousel(["list"])
        XCTAssertEqual(try s.carousel(["index", "--json"]).json()["folders"] as? Int, 0, "the listing is reused")
    }

    /// `list --json` of the vault, and of a copy of it with no index (short numbers left out:
    /// the copy numbers its cards afresh).
    func assertSameAsFromNothing(_ s: Sandbox, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        func cards(_ json: String) throws -> NSArray {
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            let cards = (object?["cards"] as? [[String: Any]] ?? []).map { $0.filter { $0.key != "number" } }
            return cards as NSArray
        }
        let listed = try cards(s.carousel(["list", "--json"]).stdout)
        let copy = s.root.appendingPathComponent("copy-\(UUID().uuidString.prefix(6))")
        _ = try Sandbox.run(URL(fileURLWithPath: "/bin/cp"), ["-a", s.vault.path, copy.path], env: s.environment, cwd: s.root)
        try FileManager.default.removeItem(at: copy.appendingPathComponent(".carousel"))
        let fresh = try cards(Sandbox.run(Sandbox.binary, ["list", "--json", "--vault", copy.path, "--today", s.today], env: s.environment, cwd: s.root).stdout)
        XCTAssertEqual(listed, fresh, what, file: file, line: line)
        try FileManager.default.removeItem(at: copy)
    }

    func testEveryChangeShowsWhenFoldersAreReused() throws {
        let s = try Sandbox()
        try s.initVault()
        for i in 1...5 { try s.write("cards/card-\(i).md", "---\ntitle: Card \(i)\ndue: 2026-11-2\(i)\n---\n") }
        try s.write("cards/work/report.md", "---\ntitle: Report\n---\n")
        try s.write("cards/notes.txt", "not a card\n")
        try settle(s)

        // An editor writing in place changes no folder: the stat finds it.
        try s.write("cards/card-1.md", "---\ntitle: Card one, edited\ndue: 2026-11-21\n---\n")
        try assertSameAsFromNothing(s, "edited in place")
        XCTAssertTrue(try s.carousel(["list"]).stdout.contains("Card one, edited"))

        // New files, in a sub-folder and at the top, one right after the other (within a clock tick).
        try settle(s)
        try s.write("cards/work/new.md", "---\ntitle: New in work\n---\n")
        try assertSameAsFromNothing(s, "new file in a sub-folder")
        try s.write("cards/newer.md", "---\ntitle: Newer\n---\n")
        try assertSameAsFromNothing(s, "new file at once after a walk")
        XCTAssertTrue(try s.carousel(["list"]).stdout.contains("Newer"))

        // Removed, renamed, a new folder, and a card's file replaced by a folder.
        try settle(s)
        try FileManager.default.removeItem(at: s.vault.appendingPathComponent("cards/card-2.md"))
        try FileManager.default.moveItem(at: s.vault.appendingPathComponent("cards/card-3.md"), to: s.vault.appendingPathComponent("cards/work/moved.md"))
        try s.write("cards/home/garden/water.md", "---\ntitle: Water the ferns\n---\n")
        try assertSameAsFromNothing(s, "removed, renamed, new folder")
        try settle(s)
        try FileManager.default.removeItem(at: s.vault.appendingPathComponent("cards/card-4.md"))
        try FileManager.default.createDirectory(at: s.vault.appendingPathComponent("cards/card-4.md"), withIntermediateDirectories: true)
        try assertSameAsFromNothing(s, "a card's file is now a folder")

        // A change deep down changes only the deepest folder's stamp.
        try settle(s)
        try s.write("cards/home/garden/weed.md", "---\ntitle: Weed the beds\n---\n")
        try assertSameAsFromNothing(s, "new file two folders down")

        // A link to another card: listed, and links are never trusted to stay put.
        try settle(s)
        try FileManager.default.createSymbolicLink(atPath: s.vault.appendingPathComponent("cards/alias.md").path, withDestinationPath: "card-5.md")
        try assertSameAsFromNothing(s, "a link to a card")
        Thread.sleep(forTimeInterval: Self.pause)
        try s.carousel(["list"])
        XCTAssertGreaterThan(try s.carousel(["index", "--json"]).json()["folders"] as? Int ?? 0, 0, "a folder with a link is always read")

        // git puts back older files: the folders change with them.
        try FileManager.default.removeItem(at: s.vault.appendingPathComponent("cards/alias.md"))
        try s.git(["add", "-A"])
        try s.git(["-c", "user.name=T", "-c", "user.email=t@t.invalid", "commit", "-qm", "later"])
        try settle(s)
        try s.git(["checkout", "-q", "HEAD~1", "--", "cards"])
        try assertSameAsFromNothing(s, "git checkout of older cards")
    }
}
