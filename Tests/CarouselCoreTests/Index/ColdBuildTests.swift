@testable import CarouselCore
import CarouselGit
import Foundation
import GRDB
import XCTest

/// A fresh index is built in a file of its own and renamed into place (`syncAside`): it must
/// hold exactly what a build in place holds, leave no file behind, and clear what a killed
/// build left.
///
/// A walk keeps its folder stamps (the `folders` rows) only when no folder changed in the
/// `CardScan.settleWindow` before it. The vault is written just before the first build, so
/// with the usual two seconds the build aside never kept them, while the build in place, run
/// later, kept them whenever the machine was slow enough for two seconds to have passed: the
/// comparison failed now and then under load. Each test here pins the window, so both builds
/// see the folders the same way whatever the time between them.
final class ColdBuildTests: XCTestCase {
    override func setUp() { CardScan.settleWindow = -1_000_000_000 }
    override func tearDown() { CardScan.settleWindow = 2_000_000_000 }

    private func makeVault(cards: Int) throws -> Vault {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cold-build-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("cards/work"), withIntermediateDirectories: true)
        try Data("week_start: monday\n".utf8).write(to: root.appendingPathComponent("carousel.yaml"))
        for i in 1...cards {
            var lines = ["---", "title: Card \(i)", "importance: \(1 + i % 5)"]
            if i % 3 != 0 { lines.append("id: 01KCOLD\(String(format: "%05d", i))") }
            if i % 4 != 0 { lines.append("due: 2026-11-\(String(format: "%02d", 1 + i % 28))") }
            if i % 11 == 0 { lines.append("repeat: every week on mon") }
            if i % 97 == 0 { lines.append("spoons: 9") }
            let text = (lines + ["---", "Notes \(i)."]).joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: root.appendingPathComponent("cards/\(i % 10 == 0 ? "work/" : "")card-\(i).md"))
        }
        try Data("---\ntitle: [unclosed\n---\n".utf8).write(to: root.appendingPathComponent("cards/broken.md"))
        return try Vault(at: root.path)
    }

    private func contents(_ index: CardIndex) throws -> [[DatabaseValue]] {
        try index.db.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM cards ORDER BY path").map { Array($0.databaseValues) }
                + Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master ORDER BY name").map { Array($0.databaseValues) }
                + Row.fetchAll(db, sql: "SELECT path FROM folders ORDER BY position").map { Array($0.databaseValues) }
        }
    }

    private func leftovers(_ vault: Vault) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: vault.stateFolder()).filter { $0.contains(CardIndex.asideSuffix) }
    }

    func testAFreshIndexBuiltAsideHoldsWhatABuildInPlaceHolds() throws {
        // Over 2,000 files: the cold path that builds the SQLite indexes after the rows.
        let vault = try makeVault(cards: 2_100)
        let aside = try CardIndex(vault: vault)
        let (problems, stats) = try aside.sync()
        XCTAssertTrue(stats.rebuilt)
        XCTAssertEqual(stats.parsed, 2_101)
        // The broken file, and the cards with spoons out of range (`i % 97 == 0`), keep their problems.
        XCTAssertEqual(Set(problems.map(\.path)), Set(["cards/broken.md"] + (1...21).map { "cards/\($0 % 10 == 0 ? "work/" : "")card-\($0 * 97).md" }))
        XCTAssertEqual(try leftovers(vault), [], "nothing is left beside the index")
        let built = try contents(aside)

        // The file renamed into place is the index the next command opens: nothing to parse.
        let next = try CardIndex(vault: vault)
        XCTAssertEqual(try next.sync().stats.parsed, 0)

        try FileManager.default.removeItem(atPath: vault.stateFolder())
        let inPlace = try CardIndex(vault: vault)
        inPlace.buildsAside = false
        XCTAssertEqual(try inPlace.sync().stats.parsed, 2_101)
        XCTAssertEqual(built, try contents(inPlace), "the same rows, indexes and folders as a build in place")
        XCTAssertEqual(try folders(inPlace), ["cards", "cards/work"], "every folder settled, so both builds keep them")
    }

    private func folders(_ index: CardIndex) throws -> [String] {
        try index.db.read { db in try String.fetchAll(db, sql: "SELECT path FROM folders ORDER BY position") }
    }

    /// The cause of the failure, without waiting: a build whose folders all changed just
    /// before it keeps no `folders` rows, and a build of the same vault once they have settled
    /// keeps them. Which one the build in place was depended on the load of the machine.
    func testFoldersAreKeptOnlyByABuildThatRunsOnceTheyHaveSettled() throws {
        let vault = try makeVault(cards: 30)
        CardScan.settleWindow = 3_600_000_000_000
        let justWritten = try CardIndex(vault: vault)
        XCTAssertTrue(try justWritten.sync().stats.rebuilt)
        XCTAssertEqual(try folders(justWritten), [], "folders changed within the window are not trusted")

        try FileManager.default.removeItem(atPath: vault.stateFolder())
        CardScan.settleWindow = -1_000_000_000
        let settled = try CardIndex(vault: vault)
        XCTAssertTrue(try settled.sync().stats.rebuilt)
        XCTAssertEqual(try folders(settled), ["cards", "cards/work"])

        // With the window pinned, a build aside and one in place agree, whichever it is.
        for window: Int64 in [3_600_000_000_000, -1_000_000_000] {
            CardScan.settleWindow = window
            try FileManager.default.removeItem(atPath: vault.stateFolder())
            let aside = try CardIndex(vault: vault)
            _ = try aside.sync()
            let builtAside = try folders(aside)
            try FileManager.default.removeItem(atPath: vault.stateFolder())
            let inPlace = try CardIndex(vault: vault)
            inPlace.buildsAside = false
            _ = try inPlace.sync()
            XCTAssertEqual(builtAside, try folders(inPlace), "window \(window)")
        }
    }

    func testABuildLeftByAProcessThatIsGoneIsRemovedAndALiveOneIsNot() throws {
        let vault = try makeVault(cards: 20)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitForExit()
        let folder = try vault.stateFolder()
        let dead = "index.sqlite" + CardIndex.asideSuffix + String(finished.processIdentifier)
        let live = "index.sqlite" + CardIndex.asideSuffix + String(getppid())
        for name in [dead, live] { try Data("half a build".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        let index = try CardIndex(vault: vault)
        XCTAssertEqual(try index.sync().stats.parsed, 21)
        XCTAssertEqual(try leftovers(vault), [live], "a live builder's file stays; a dead one's goes")
        XCTAssertEqual(try index.count(), 20, "and the index holds every card that parses")
    }
}
