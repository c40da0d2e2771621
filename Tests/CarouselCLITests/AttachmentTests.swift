import Foundation
import XCTest

/// `attach`, `detach`, attachments in `show` and `rm`, and attachments crossing a sync.
final class AttachmentTests: XCTestCase {
    /// Bytes that are not UTF-8 text (a PNG header, then a pattern), `count` long.
    static func png(_ count: Int, seed: UInt8) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var x = UInt32(seed) &+ 1
        while bytes.count < count {
            x = x &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(truncatingIfNeeded: x >> 24))
        }
        return Data(bytes)
    }

    func outside(_ s: Sandbox, _ name: String, _ data: Data) throws -> String {
        let url = s.root.appendingPathComponent("files").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// A file of `size` bytes that takes no room on disk.
    func sparse(_ s: Sandbox, _ name: String, size: UInt64) throws -> String {
        let path = try outside(s, name, Data())
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }

    func vaultBytes(_ s: Sandbox, _ path: String) throws -> Data {
        try Data(contentsOf: s.vault.appendingPathComponent(path))
    }

    func sync(_ s: Sandbox, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try s.carousel(["sync", "--json"])
        XCTAssertEqual(r.status, 0, "sync failed: \(r.stderr)", file: file, line: line)
        return try r.json()
    }

    func testAttachedTextAndPNGArriveByteForByteOnTheOtherDevice() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.carousel(["add", "Fix the bike"])
        _ = try sync(a)
        let b = try world.clone(name: "phone")
        let text = Data(String(repeating: "notes line\n", count: 94).utf8.prefix(1024))
        let image = Self.png(2 * 1024 * 1024, seed: 1)
        let r = try a.carousel(["attach", "fix-the-bike", try outside(a, "notes.txt", text), try outside(a, "wheel.png", image), "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        assertShape("attach", r)
        let attached = try XCTUnwrap(r.json()["attached"] as? [[String: Any]])
        XCTAssertEqual(attached.map { $0["name"] as? String }, ["notes.txt", "wheel.png"])
        XCTAssertEqual(attached.map { $0["size"] as? Int }, [1024, 2 * 1024 * 1024])
        let paths = attached.compactMap { $0["path"] as? String }
        XCTAssertEqual(try a.log().first, "attach: 2 files to Fix the bike")
        let changed = try a.git(["show", "--name-only", "--format=", "HEAD"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(changed), Set(paths + ["cards/fix-the-bike.md"]), "one commit holds both files and the card")
        XCTAssertTrue(try a.read("cards/fix-the-bike.md").contains("![wheel.png](../\(paths[1]))"))
        try a.assertClean()

        _ = try sync(a)
        _ = try sync(b)
        XCTAssertEqual(try vaultBytes(b, paths[0]), text)
        XCTAssertEqual(try vaultBytes(b, paths[1]), image)
        let shown = try b.carousel(["show", "fix-the-bike", "--json"]).json()
        XCTAssertEqual((shown["attachments"] as? [[String: Any]])?.compactMap { $0["size"] as? Int }, [1024, 2 * 1024 * 1024])
        let plain = try b.carousel(["show", "fix-the-bike"]).stdout
        XCTAssertTrue(plain.contains("wheel.png  2.0 MB"), plain)
        try world.assertConverged()
    }

    func testAFileOver50MBIsRefusedWithItsSizeAndNothingIsWritten() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Taxes"])
        let before = try s.log()
        let big = try sparse(s, "scan.pdf", size: 60 * 1024 * 1024)
        let small = try outside(s, "a.txt", Data("a".utf8))
        let r = try s.carousel(["attach", "taxes", small, big])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("scan.pdf is 60 MB"), r.stderr)
        XCTAssertTrue(r.stderr.contains("at most 50 MB"), r.stderr)
        XCTAssertEqual(try s.log(), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("attachments").path))
        try s.assertClean()
        XCTAssertFalse(try s.read("cards/taxes.md").contains("a.txt"))
    }

    func testACardHoldsAtMost200MBAndNothingIsWrittenBeyond() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Photos"])
        let before = try s.log()
        let files = try (1...5).map { try sparse(s, "part\($0).bin", size: 45 * 1024 * 1024) }
        let r = try s.carousel(["attach", "photos"] + files)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("would hold 225 MB"), r.stderr)
        XCTAssertTrue(r.stderr.contains("at most 200 MB"), r.stderr)
        XCTAssertEqual(try s.log(), before)
        try s.assertClean()
    }

    func testNamesAreMadeSafeAndNeverOverwrite() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Trip"])
        let first = try outside(s, "My Ticket (final).pdf", Data("one".utf8))
        let second = try outside(s, "other/My Ticket (final).pdf", Data("two".utf8))
        let r1 = try s.carousel(["attach", "trip", first, "--json"]).json()
        let r2 = try s.carousel(["attach", "trip", second, "--json"]).json()
        let p1 = try XCTUnwrap((r1["attached"] as? [[String: Any]])?.first?["path"] as? String)
        let p2 = try XCTUnwrap((r2["attached"] as? [[String: Any]])?.first?["path"] as? String)
        XCTAssertTrue(p1.hasSuffix("/My-Ticket-final.pdf"), p1)
        XCTAssertTrue(p2.hasSuffix("/My-Ticket-final-2.pdf"), p2)
        XCTAssertEqual(try vaultBytes(s, p1), Data("one".utf8))
        XCTAssertEqual(try vaultBytes(s, p2), Data("two".utf8))
    }

    func testDetachRemovesTheFileAndItsLinkAndHistoryKeepsIt() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Recipe", "--body", "Grandma's soup."])
        let before = try s.read("cards/recipe.md")
        let pic = try outside(s, "soup.jpg", Self.png(3000, seed: 2))
        let path = try XCTUnwrap((try s.carousel(["attach", "recipe", pic, "--json"]).json()["attached"] as? [[String: Any]])?.first?["path"] as? String)
        let r = try s.carousel(["detach", "recipe", "soup.jpg", "--json"])
        assertShape("detach", r)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent(path).path))
        XCTAssertEqual(try s.read("cards/recipe.md"), before, "the link line goes, the rest is as it was")
        XCTAssertEqual(try s.log().first, "detach: soup.jpg from Recipe")
        XCTAssertEqual(try s.git(["cat-file", "-s", "HEAD~1:" + path]).stdout, "3000\n")
        let undo = try s.carousel(["undo"])
        XCTAssertEqual(undo.status, 0, undo.stderr)
        XCTAssertEqual(try vaultBytes(s, path), Self.png(3000, seed: 2), "undo brings the binary back byte for byte")
        XCTAssertEqual(try s.carousel(["detach", "recipe", "soup.jpg"]).status, 0)
        let missing = try s.carousel(["detach", "recipe", "soup.jpg"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("has no attachments"), missing.stderr)
        try s.assertClean()
    }

    func testRemovingACardKeepsItsAttachmentsUnlessYesSaysSo() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Old plan"])
        try s.carousel(["add", "Older plan"])
        let doc = try outside(s, "plan.txt", Data("plan".utf8))
        let kept = try XCTUnwrap((try s.carousel(["attach", "old-plan", doc, "--json"]).json()["attached"] as? [[String: Any]])?.first?["path"] as? String)
        let gone = try XCTUnwrap((try s.carousel(["attach", "older-plan", doc, "--json"]).json()["attached"] as? [[String: Any]])?.first?["path"] as? String)

        let quiet = try s.carousel(["rm", "old-plan"])  // no terminal to ask on: the files stay
        XCTAssertTrue(quiet.stdout.contains("Kept 1 attachment in"), quiet.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent(kept).path))

        let r = try s.carousel(["rm", "older-plan", "--yes", "--json"])
        assertShape("rm", r)
        XCTAssertEqual(try r.json()["attachments"] as? [String], [gone])
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent(gone).path))
        XCTAssertEqual(try s.git(["show", "--name-only", "--format=", "HEAD"]).stdout.split(separator: "\n").sorted(), [Substring(gone), "cards/older-plan.md"].sorted())
        try s.assertClean()
    }

    func testTheSameNameAttachedOnTwoDevicesKeepsBothFiles() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.carousel(["add", "Garden"])
        _ = try sync(a)  // the card now has its id on both devices
        let id = try XCTUnwrap(try a.carousel(["show", "garden", "--json"]).json()["id"] as? String)
        let b = try world.clone(name: "phone")
        let mine = Self.png(5000, seed: 3), theirs = Self.png(7000, seed: 4)
        XCTAssertEqual(try a.carousel(["attach", "garden", try outside(a, "photo.png", mine)]).status, 0)
        XCTAssertEqual(try b.carousel(["attach", "garden", try outside(b, "photo.png", theirs)]).status, 0)
        _ = try sync(a)
        let report = try sync(b)
        let notes = (report["notes"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        XCTAssertTrue(notes.contains { $0.contains("both versions are kept") }, "\(notes)")
        _ = try sync(a)
        try world.assertConverged()
        let folder = "attachments/\(id)"
        for device in [a, b] {
            let names = try FileManager.default.contentsOfDirectory(atPath: device.vault.appendingPathComponent(folder).path)
            XCTAssertEqual(names.count, 2, "\(names)")
            let contents = Set(try names.map { try vaultBytes(device, folder + "/" + $0) })
            XCTAssertEqual(contents, [mine, theirs])
        }
        let shown = try a.carousel(["show", "garden", "--json"]).json()
        XCTAssertEqual((shown["attachments"] as? [Any])?.count, 2)
    }
}

extension AttachmentTests {
    func testAttachingTheSameFileTwiceSaysSoAndMakesNoCopyOrCommit() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let photo = s.root.appendingPathComponent("photo.png")
        try Data("not really a png".utf8).write(to: photo)
        XCTAssertEqual(try s.carousel(["attach", "call-mum", photo.path]).status, 0)
        let commits = try s.log().count
        let body = try s.read("cards/call-mum.md")

        let again = try s.carousel(["attach", "call-mum", photo.path])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("Call Mum already has that file, as photo.png; nothing was copied."), again.stdout)
        XCTAssertEqual(try s.log().count, commits)
        XCTAssertEqual(try s.read("cards/call-mum.md"), body)
        let json = try s.carousel(["attach", "call-mum", photo.path, "--json"]).json()
        XCTAssertEqual((json["attached"] as? [Any])?.count, 0)
        XCTAssertEqual((json["already_attached"] as? [[String: Any]])?.first?["name"] as? String, "photo.png")
        XCTAssertEqual((json["attachments"] as? [Any])?.count, 1)

        // The same bytes under another name are the same file; a new file next to it is copied.
        let copy = s.root.appendingPathComponent("copy.png"), other = s.root.appendingPathComponent("other.txt")
        try Data("not really a png".utf8).write(to: copy)
        try Data("other".utf8).write(to: other)
        let mixed = try s.carousel(["attach", "call-mum", copy.path, other.path, other.path, "--json"]).json()
        XCTAssertEqual((mixed["attached"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["other.txt"])
        XCTAssertEqual((mixed["already_attached"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["photo.png", "other.txt"])
        XCTAssertEqual(try s.log().first, "attach: other.txt to Call Mum")
        try s.assertClean()
    }
}
