@testable import CarouselCore
import Foundation
import GRDB
import XCTest

/// The index's `-wal` and `-shm` files stay between commands, as git's index does, so a command
/// does not make and remove them again. The `-wal` is emptied when the last connection closes,
/// so what is left never holds an old index's pages.
final class IndexFilesTests: XCTestCase {
    private func makeVault() throws -> Vault {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("index-files-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("cards"), withIntermediateDirectories: true)
        try Data("week_start: monday\n".utf8).write(to: root.appendingPathComponent("carousel.yaml"))
        for i in 1...5 {
            try Data("---\ntitle: Card \(i)\n---\n".utf8).write(to: root.appendingPathComponent("cards/card-\(i).md"))
        }
        return try Vault(at: root.path)
    }

    private func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// The titles the index holds after a refresh, by path.
    private func refreshedTitles(_ vault: Vault) throws -> [String: String] {
        let index = try CardIndex(vault: vault)
        _ = try index.sync()
        return try index.db.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT path, title FROM cards").map { ($0[0], $0[1]) })
        }
    }

    func testTheLogStaysEmptyBetweenCommandsAndEveryEditIsSeen() throws {
        let vault = try makeVault()
        let file = try vault.stateFolder() + "/index.sqlite"
        XCTAssertEqual(try refreshedTitles(vault)["cards/card-1.md"], "Card 1")
        XCTAssertEqual(size(file + "-wal"), 0, "the log is kept, empty, after the index is closed")
        XCTAssertNotNil(size(file + "-shm"))

        // An edit in an editor, then the next command.
        try Data("---\ntitle: Card one, edited\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url("cards/card-1.md")))
        XCTAssertEqual(try refreshedTitles(vault)["cards/card-1.md"], "Card one, edited")
        XCTAssertEqual(size(file + "-wal"), 0)

        // The index removed by hand, its kept files left beside it: a new index is built.
        try FileManager.default.removeItem(atPath: file)
        try Data("---\ntitle: Card two, edited\n---\n".utf8).write(to: URL(fileURLWithPath: vault.url("cards/card-2.md")))
        let rebuilt = try refreshedTitles(vault)
        XCTAssertEqual(rebuilt.count, 5)
        XCTAssertEqual(rebuilt["cards/card-1.md"], "Card one, edited")
        XCTAssertEqual(rebuilt["cards/card-2.md"], "Card two, edited")
        XCTAssertEqual(size(file + "-wal"), 0)
    }
}
