@testable import CarouselCore
import XCTest

/// The refresh's byte-level scan lists and stamps exactly what the String listing does, in a
/// messy folder: more folders than it keeps open, links in and out, hidden and non-card entries,
/// a folder named like a card, a name that is not UTF-8.
final class CardScanTests: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-cardscan-\(UUID().uuidString.prefix(8))").path
        let fm = FileManager.default
        func write(_ path: String, _ text: String = "---\ntitle: x\n---\n") throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for i in 0..<300 { try write("cards/f\(i)/c\(i).md") }
        // Many files in one folder (stat'ed on every core past 2,000), made without a folder check each.
        for i in 0..<2500 { _ = fm.createFile(atPath: root + "/cards/card-\(i).md", contents: Data("---\ntitle: \(i)\n---\n".utf8)) }
        try write("cards/deep/a/b/c/d.md")
        try write("cards/.hidden/secret.md")
        try write("cards/.dotfile.md")
        try write("cards/notes.txt")
        try write("cards/Ünïcödé kärt.md")
        try fm.createDirectory(atPath: root + "/cards/folder.md", withIntermediateDirectories: true)
        try write(".git/config", "[core]\n")
        try fm.createSymbolicLink(atPath: root + "/cards/alias.md", withDestinationPath: "card-1.md")
        try fm.createSymbolicLink(atPath: root + "/cards/leak.md", withDestinationPath: "../.git/config")
        try fm.createSymbolicLink(atPath: root + "/cards/linked", withDestinationPath: "../.git")
        try fm.createSymbolicLink(atPath: root + "/cards/dangling.md", withDestinationPath: "nowhere.md")
        // A name that is not UTF-8: never a card path.
        var raw = Array((root + "/cards/raw-").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array(".md".utf8CString)
        let rawFd = open(&raw, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(rawFd, 0)
        close(rawFd)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testTheScanListsAndStampsWhatTheListingDoes() throws {
        let listing = FileSystem.markdownListing(root: root, dir: "cards")
        let scan = CardScan(root: root, dir: "cards")
        scan.stat()
        let scanned = (0..<scan.count).map { scan.path($0) }
        XCTAssertEqual(scanned.sorted(), listing.files.filter { !$0.contains("\u{FFFD}") })
        XCTAssertEqual(scan.count, 300 + 2500 + 1 + 1 + 1, "folders, flat cards, deep, unicode and alias")
        XCTAssertEqual(scan.skipped.map(\.path), listing.skipped.map(\.path))
        XCTAssertEqual(Set(scan.others), Set(listing.others.filter { !$0.contains("\u{FFFD}") }))
        for i in 0..<scan.count {
            XCTAssertEqual(scan.stamps[i], FileSystem.stamp(root + "/" + scan.path(i)), scan.path(i))
        }
        XCTAssertEqual(scan.skipped.map(\.path), ["cards/dangling.md", "cards/leak.md"])
        XCTAssertNotNil(scan.stamps[scanned.firstIndex(of: "cards/f299/c299.md")!], "a folder past the open limit is stat'ed by its path")
    }
}
