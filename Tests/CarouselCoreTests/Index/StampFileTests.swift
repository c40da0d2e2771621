@testable import CarouselCore
import Foundation
import GRDB
import XCTest

/// The copy of the index's stamps (`.carousel/stamps`) is used only when it is whole and of the
/// index's current generation: a stale, torn or foreign copy never makes a changed file look
/// unchanged.
final class StampFileTests: XCTestCase {
    // Folders just made are trusted at once, so the second refresh reuses the listing.
    override func setUp() { CardScan.settleWindow = -1_000_000_000 }
    override func tearDown() { CardScan.settleWindow = 2_000_000_000 }

    private func makeVault(cards: Int) throws -> Vault {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-file-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cards/work"), withIntermediateDirectories: true)
        try Data("week_start: monday\n".utf8).write(to: root.appendingPathComponent("carousel.yaml"))
        for i in 1...cards {
            try Data("---\ntitle: Card \(i)\n---\n".utf8).write(to: root.appendingPathComponent("cards/\(i % 3 == 0 ? "work/" : "")card-\(i).md"))
        }
        return try Vault(at: root.path)
    }

    private func generation(_ index: CardIndex) throws -> Int64 {
        try index.db.read { try Int64.fetchOne($0, sql: "SELECT n FROM stamp_generation") ?? 0 }
    }

    private func title(_ index: CardIndex, _ path: String) throws -> String? {
        try index.db.read { try String.fetchOne($0, sql: "SELECT title FROM cards WHERE path = ?", arguments: [path]) }
    }

    /// Sets a file's modification time (nanoseconds since the epoch).
    private func setMtime(_ path: String, _ nanoseconds: Int64) {
        var times = [timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000)),
                     timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }

    func testTheCopyRoundTripsAndRefusesAnotherGenerationATornFileAndAFlippedByte() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.path + "/stamps"
        let paths = ["cards/a.md", "cards/work/b.md", "cards/ü.md"]
        var bytes: [UInt8] = [], start: [Int32] = []
        for p in paths { start.append(Int32(bytes.count)); bytes += Array(p.utf8) + [0] }
        let stamps = UnsafeMutableBufferPointer<FileStamp?>.allocate(capacity: 3)
        defer { stamps.deallocate() }
        for i in 0..<3 { stamps[i] = FileStamp(size: Int64(10 + i), mtime: 1_700_000_000_123_456_789 + Int64(i), inode: UInt64(900 + i)) }
        StampFile.write(file, generation: -42, bytes: bytes, start: start) { stamps[$0] }

        let copy = try XCTUnwrap(StampFile.read(file, generation: -42))
        XCTAssertEqual(copy.bytes, bytes)
        XCTAssertEqual(copy.start, start)
        XCTAssertEqual(Array(copy.stamps), (0..<3).map { stamps[$0] })
        copy.stamps.deallocate()
        XCTAssertNil(StampFile.read(file, generation: 42), "a copy of another generation is not used")

        var whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count - 1).write(to: URL(fileURLWithPath: file))
        XCTAssertNil(StampFile.read(file, generation: -42), "a torn copy is not used")
        whole[45] ^= 0x01
        try whole.write(to: URL(fileURLWithPath: file))
        XCTAssertNil(StampFile.read(file, generation: -42), "a copy that does not match its checksum is not used")
        try Data().write(to: URL(fileURLWithPath: file))
        XCTAssertNil(StampFile.read(file, generation: -42), "nor an empty one")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["stamps"], "no temporary file is left")
    }

    /// A vault of `cards` cards, indexed, and an index of it that refreshed once more (and so
    /// found no folder changed).
    private func indexedTwice(cards: Int) throws -> (Vault, CardIndex) {
        let vault = try makeVault(cards: cards)
        _ = try CardIndex(vault: vault).sync()
        let index = try CardIndex(vault: vault)
        _ = try index.sync()
        return (vault, index)
    }

    /// The stamp file's rows by path, when it is of `index`'s current generation (else the test fails).
    private func copied(_ index: CardIndex, _ message: String = "") throws -> [String: FileStamp] {
        let copy = try XCTUnwrap(StampFile.read(try XCTUnwrap(index.stampFile), generation: try generation(index)), message)
        defer { copy.stamps.deallocate() }
        let paths = copy.bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        XCTAssertEqual(Set(paths).count, paths.count, "each path once")
        return Dictionary(uniqueKeysWithValues: zip(paths, copy.stamps.map { $0! }))
    }

    func testEveryRefreshThatChangesRowsCopiesThemAndTheNextOneReadsTheCopy() throws {
        let vault = try makeVault(cards: 30)
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 30)
        let index = try CardIndex(vault: vault)
        XCTAssertEqual(try copied(index, "the walk that made the rows copies them").count, 30)
        XCTAssertEqual(try index.sync().stats.parsed, 0)

        // An edit in place is found through the copy; the copy follows the new generation.
        let edited = vault.url("cards/card-7.md")
        try Data("---\ntitle: Card seven, edited\n---\n".utf8).write(to: URL(fileURLWithPath: edited))
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 1)
        XCTAssertEqual(try title(index, "cards/card-7.md"), "Card seven, edited")
        XCTAssertEqual(try copied(index, "the copy is of the new generation")["cards/card-7.md"], FileSystem.stamp(edited))
    }

    func testAFolderThatChangedIsListedAgainAgainstTheCopy() throws {
        let vault = try makeVault(cards: 20)
        _ = try CardIndex(vault: vault).sync()
        // A new card, one removed and one edited: the folder changed, so it is listed again, and
        // its files are compared with the copy, not the rows.
        try Data("---\ntitle: Card 21\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url("cards/card-21.md")))
        try FileManager.default.removeItem(atPath: vault.url("cards/card-4.md"))
        let edited = vault.url("cards/work/card-9.md")
        try Data("---\ntitle: Card nine, edited at more length\n---\n".utf8).write(to: URL(fileURLWithPath: edited))
        let index = try CardIndex(vault: vault)
        let stats = try index.sync().stats
        XCTAssertEqual(stats.parsed, 2)
        XCTAssertEqual(stats.removed, 1)
        XCTAssertEqual(try title(index, "cards/card-21.md"), "Card 21")
        XCTAssertEqual(try title(index, "cards/work/card-9.md"), "Card nine, edited at more length")
        XCTAssertNil(try title(index, "cards/card-4.md"))
        let copy = try copied(index)
        XCTAssertEqual(copy.count, 20)
        XCTAssertNil(copy["cards/card-4.md"])
        XCTAssertEqual(copy["cards/card-21.md"], FileSystem.stamp(vault.url("cards/card-21.md")))
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 0)
    }

    func testAFileACommandWroteItselfKeepsTheCopyCurrent() throws {
        let (vault, index) = try indexedTwice(cards: 10)
        let path = "cards/card-2.md"
        try Data("---\ntitle: Card 2, done by a command\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url(path)))
        try index.reread([path])
        try Data("---\ntitle: Card 12\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url("cards/card-12.md")))
        try index.reread(["cards/card-12.md"])
        try FileManager.default.removeItem(atPath: vault.url("cards/card-5.md"))
        try index.reread(["cards/card-5.md"])
        let copy = try copied(index)
        XCTAssertEqual(copy[path], FileSystem.stamp(vault.url(path)))
        XCTAssertEqual(copy["cards/card-12.md"], FileSystem.stamp(vault.url("cards/card-12.md")))
        XCTAssertNil(copy["cards/card-5.md"])
        XCTAssertEqual(copy.count, 10)
        // The next refresh, listing the changed folder against the copy, reads nothing again.
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 0)
        XCTAssertEqual(try title(index, path), "Card 2, done by a command")
    }

    func testAStaleCopyNeverHidesAFileThatWentBackToItsOldStamp() throws {
        let vault = try makeVault(cards: 12)
        _ = try CardIndex(vault: vault).sync()
        _ = try CardIndex(vault: vault).sync()  // writes the copy
        let path = vault.url("cards/card-5.md")
        var st = stat()
        XCTAssertEqual(stat(path, &st), 0)
        let old = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // Edited to other words of the same length: the index learns them (a new generation).
        let other = Data(String(decoding: original, as: UTF8.self).replacingOccurrences(of: "Card 5", with: "Tea 55").utf8)
        XCTAssertEqual(other.count, original.count)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: other)
        try handle.close()
        setMtime(path, old + 1_000_000_000)
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 1)

        // Then put back in place with its old stamp (same inode, size and time). The copy still
        // holds that old stamp: used, it would say nothing changed.
        let back = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try back.write(contentsOf: original)
        try back.close()
        setMtime(path, old)
        let index = try CardIndex(vault: vault)
        XCTAssertEqual(try index.sync().stats.parsed, 1, "the stale copy is not used: the file is read again")
        XCTAssertEqual(try title(index, "cards/card-5.md"), "Card 5")
    }

    func testManyFilesWrittenAtOnceKeepTheCopyCurrent() throws {
        let (vault, index) = try indexedTwice(cards: 40)
        // Twenty edited, ten new, five removed: more than the one-by-one search takes.
        var paths: [String] = []
        for i in 1...20 {
            let path = "cards/\(i % 3 == 0 ? "work/" : "")card-\(i).md"
            try Data("---\ntitle: Card \(i), changed in bulk\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url(path)))
            paths.append(path)
        }
        for i in 41...50 {
            try Data("---\ntitle: Card \(i)\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url("cards/card-\(i).md")))
            paths.append("cards/card-\(i).md")
        }
        for i in [22, 23, 25, 26, 28] {
            let path = "cards/\(i % 3 == 0 ? "work/" : "")card-\(i).md"
            try FileManager.default.removeItem(atPath: vault.url(path))
            paths.append(path)
        }
        try index.reread(paths)
        let copy = try copied(index)
        XCTAssertEqual(copy.count, 45)
        for path in paths { XCTAssertEqual(copy[path], FileSystem.stamp(vault.url(path)), path) }
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 0)
    }

    func testACopyLeftFromAnotherIndexIsNotUsed() throws {
        let (vault, index) = try indexedTwice(cards: 10)
        let file = try XCTUnwrap(index.stampFile)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        // A new index (its file removed, the copy kept): a new random generation.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: try vault.stateFolder() + "/index.sqlite" + suffix) }
        try Data("---\ntitle: Card 3, changed\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url("cards/work/card-3.md")))
        let fresh = try CardIndex(vault: vault)
        XCTAssertEqual(try fresh.sync().stats.parsed, 10)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before, "the walk of the new index replaced the old copy")
        XCTAssertEqual(try copied(fresh)["cards/work/card-3.md"], FileSystem.stamp(vault.url("cards/work/card-3.md")))
        XCTAssertEqual(try CardIndex(vault: vault).sync().stats.parsed, 0)
        XCTAssertEqual(try title(fresh, "cards/work/card-3.md"), "Card 3, changed")
    }
}
