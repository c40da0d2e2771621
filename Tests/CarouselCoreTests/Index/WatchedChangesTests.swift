@testable import CarouselCore
import XCTest

/// The listing a refresh builds from the names Watchman reports is the one a walk of the folder
/// finds (paths, stamps and the entries that are not cards), and a name the walk would treat in
/// a way the listing cannot follow sends the refresh back to the walk.
final class WatchedChangesTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("watched-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root + "/cards/.hidden", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/cards/sub", withIntermediateDirectories: true)
        for name in ["a.md", "b.md", "sub/c.md", ".hidden/x.md", "readme.txt"] { try write(name, "---\ntitle: \(name)\n---\n") }
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: root) }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/cards/" + name))
    }

    /// The last refresh's listing, as the index would give it back.
    private func listing() -> (CardScan, StoredStamps) {
        let walk = CardScan(root: root, dir: "cards")
        walk.stat()
        let stamps = UnsafeMutableBufferPointer<FileStamp?>.allocate(capacity: walk.count)
        for i in 0..<walk.count { stamps[i] = walk.stamps[i] }
        return (CardScan(reusing: "cards", root: root, bytes: walk.bytes, start: walk.start, others: walk.others), StoredStamps(taking: stamps))
    }

    /// Every file with a stamp, and the other entries, of a scan.
    private func summary(_ scan: CardScan) -> (files: [String: FileStamp], others: Set<String>) {
        var files: [String: FileStamp] = [:]
        for i in 0..<scan.count { if let stamp = scan.stamps[i] { files[scan.path(i)] = stamp } }
        return (files, Set(scan.others))
    }

    private func file(_ name: String, exists: Bool = true, new: Bool = false, type: String = "f") -> WatchmanAnswer.File {
        WatchmanAnswer.File(name: name, exists: exists, new: new, type: type)
    }

    func testTheListingIsWhatAWalkFinds() throws {
        let before = listing()
        try write("a.md", "---\ntitle: A, edited and longer\n---\n")
        try FileManager.default.removeItem(atPath: root + "/cards/b.md")
        try write("sub/d.md", "---\ntitle: D\n---\n")
        try write("notes.txt", "not a card\n")
        try FileManager.default.removeItem(atPath: root + "/cards/readme.txt")
        try write(".hidden/y.md", "hidden\n")
        try write(".draft", "hidden\n")
        let reported = [file("a.md"), file("b.md", exists: false), file("sub/d.md", new: true), file("notes.txt", new: true),
                        file("readme.txt", exists: false), file(".hidden/y.md", new: true), file(".draft", new: true),
                        file(".carousel-tmp-1-2", exists: false, type: "?"), file("sub", type: "d")]
        let result = WatchedChanges.apply(reported, to: before, root: root, others: before.0.others)
        guard case .success(let (scan, stored)) = result else { return XCTFail("\(result)") }
        XCTAssertEqual(stored.stamps.count, scan.count, "a stored stamp for every file of the listing")
        let walk = CardScan(root: root, dir: "cards")
        walk.stat()
        let (got, want) = (summary(scan), summary(walk))
        XCTAssertEqual(got.files, want.files)
        XCTAssertEqual(got.others, want.others)
        XCTAssertTrue(got.others.contains("cards/notes.txt") && got.others.contains("cards/.draft"))
    }

    func testNothingReportedKeepsEveryStamp() {
        let before = listing()
        guard case .success(let (scan, stored)) = WatchedChanges.apply([], to: before, root: root, others: before.0.others) else {
            return XCTFail("no change is a listing")
        }
        for i in 0..<scan.count { XCTAssertEqual(scan.stamps[i], stored.stamps[i]) }
        XCTAssertEqual(scan.count, 3)
    }

    func testLinksAndFoldersThatComeOrGoSendTheRefreshToItsWalk() throws {
        let before = listing()
        try FileManager.default.createSymbolicLink(atPath: root + "/cards/link.md", withDestinationPath: "a.md")
        try FileManager.default.createDirectory(atPath: root + "/cards/new", withIntermediateDirectories: true)
        XCTAssertEqual(failure(WatchedChanges.apply([file("link.md", new: true, type: "l")], to: before, root: root, others: [])),
                       .link("cards/link.md"))
        // Reported as a file, found a link: the walk decides.
        XCTAssertEqual(failure(WatchedChanges.apply([file("link.md", new: true)], to: before, root: root, others: [])), .link("cards/link.md"))
        XCTAssertEqual(failure(WatchedChanges.apply([file("new", new: true, type: "d")], to: before, root: root, others: [])),
                       .folder("cards/new"))
        XCTAssertEqual(failure(WatchedChanges.apply([file("sub", exists: false, type: "d")], to: before, root: root, others: [])),
                       .folder("cards/sub"))
    }

    private func failure(_ result: Result<(CardScan, StoredStamps), WatchedChanges.Unsure>) -> WatchedChanges.Unsure? {
        if case .failure(let why) = result { return why }
        return nil
    }
}
