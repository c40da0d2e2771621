import CarouselGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` at arbitrary points of `carousel sync` leaves a repository git accepts, and the next
/// sync completes without losing an edit.
final class SyncKillTests: XCTestCase {
    func testKillingSyncAtAnyPointLosesNothing() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        try a.write("cards/mine.md", cardText(id: "01JMINE", title: "Mine", extra: "tags: [start]\n"))
        try a.write("cards/theirs.md", cardText(id: "01JTHEIRS", title: "Theirs", extra: "tags: [start]\n"))
        XCTAssertEqual(try a.carousel(["sync"]).status, 0)
        let b = try world.clone(name: "phone")
        var tokens: [String] = []
        // Fixed delays (milliseconds) so the kill lands at different stages of the sync.
        for (i, delay) in [0, 5, 15, 30, 60, 90, 130, 180].enumerated() {
            let theirs = try b.read("cards/theirs.md").replacingOccurrences(of: "tags: [", with: "tags: [b\(i), ")
            try b.write("cards/theirs.md", theirs)
            XCTAssertEqual(try b.carousel(["sync"]).status, 0)
            let mine = try a.read("cards/mine.md").replacingOccurrences(of: "tags: [", with: "tags: [a\(i), ")
            try a.write("cards/mine.md", mine)
            tokens += ["a\(i)", "b\(i)"]
            let p = try a.start(["sync"])
            usleep(useconds_t(delay * 1000))
            kill(p.processIdentifier, SIGKILL)
            p.waitForExit()
            let fsck = try a.git(["fsck", "--strict"])
            XCTAssertEqual(fsck.status, 0, "after a kill at \(delay) ms: \(fsck.stderr)")
        }
        let finish = try a.carousel(["sync"])
        XCTAssertEqual(finish.status, 0, finish.stderr)
        // A kill between a temporary file's creation and its rename leaves it behind; git ignores
        // it, so the next sync must remove it (it once made the devices' files differ now and then).
        let litter = FileManager.default.enumerator(atPath: a.vault.path)?.compactMap { $0 as? String }
            .filter { !$0.hasPrefix(".git/") && ($0 as NSString).lastPathComponent.hasPrefix(".carousel-tmp-") } ?? []
        XCTAssertEqual(litter, [], "temporary files of killed saves were left behind")
        XCTAssertEqual(try b.carousel(["sync"]).status, 0)
        try world.assertConverged()
        let all = try a.read("cards/mine.md") + (try a.read("cards/theirs.md"))
        for token in tokens { XCTAssertTrue(all.contains(token), "\(token) lost:\n\(all)") }
    }
}
