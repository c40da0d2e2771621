@testable import CarouselCore
import XCTest

/// The card files a refresh stats from the names Watchman reports bring the rows to what a walk
/// of the folder finds (paths, stamps and the entries that are not cards), and a name the walk
/// would treat in a way this cannot follow sends the refresh back to the walk.
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

    /// Every card file with its stamp, and the other entries, as a walk of the folder finds them.
    private func walk() -> (files: [String: FileStamp], others: Set<String>) {
        let scan = CardScan(root: root, dir: "cards")
        scan.stat()
        var files: [String: FileStamp] = [:]
        for i in 0..<scan.count { if let stamp = scan.stamps[i] { files[scan.path(i)] = stamp } }
        return (files, Set(scan.others))
    }

    private func file(_ name: String, exists: Bool = true, new: Bool = false, type: String = "f") -> WatchmanAnswer.File {
        WatchmanAnswer.File(name: name, exists: exists, new: new, type: type)
    }

    /// The last refresh's rows with the named changes applied are what a walk finds now.
    func testTheNamedChangesBringTheRowsToWhatAWalkFinds() throws {
        let before = walk()
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
        let result = WatchedChanges.named(reported, root: root, others: Array(before.others))
        guard case .success(let named) = result else { return XCTFail("\(result)") }
        var rows = before.files
        for (path, stamp) in named.files { rows[path] = stamp }
        let now = walk()
        XCTAssertEqual(rows, now.files)
        XCTAssertEqual(Set(named.others), now.others)
        XCTAssertTrue(named.others.contains("cards/notes.txt") && named.others.contains("cards/.draft"))
        XCTAssertEqual(Set(named.files.map(\.path)), ["cards/a.md", "cards/b.md", "cards/sub/d.md"], "only the named card files are stat'ed")
    }

    func testNothingReportedNamesNothing() {
        let before = walk()
        XCTAssertEqual(WatchedChanges.named([], root: root, others: Array(before.others)),
                       .success(WatchedChanges.Named(files: [], others: Array(before.others))))
    }

    func testLinksAndFoldersThatComeOrGoSendTheRefreshToItsWalk() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/cards/link.md", withDestinationPath: "a.md")
        try FileManager.default.createDirectory(atPath: root + "/cards/new", withIntermediateDirectories: true)
        XCTAssertEqual(failure(WatchedChanges.named([file("link.md", new: true, type: "l")], root: root, others: [])),
                       .link("cards/link.md"))
        // Reported as a file, found a link: the walk decides.
        XCTAssertEqual(failure(WatchedChanges.named([file("link.md", new: true)], root: root, others: [])), .link("cards/link.md"))
        XCTAssertEqual(failure(WatchedChanges.named([file("new", new: true, type: "d")], root: root, others: [])),
                       .folder("cards/new"))
        XCTAssertEqual(failure(WatchedChanges.named([file("sub", exists: false, type: "d")], root: root, others: [])),
                       .folder("cards/sub"))
    }

    private func failure(_ result: Result<WatchedChanges.Named, WatchedChanges.Unsure>) -> WatchedChanges.Unsure? {
        if case .failure(let why) = result { return why }
        return nil
    }
}
