@testable import CarouselCore
import XCTest

/// The vault layer on a real folder: reads, writes and the state folder never leave the vault.
final class VaultBoundaryTests: XCTestCase {
    var root: URL!
    var outside: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-vaultboundary-\(UUID().uuidString.prefix(8))")
        outside = root.appendingPathComponent("outside")
        let vault = root.appendingPathComponent("vault")
        for dir in ["outside", "vault/cards/real", "vault/.git"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        try Data("budget: 10\n".utf8).write(to: vault.appendingPathComponent("carousel.yaml"))
        try Data("[core]\nsecret = 1\n".utf8).write(to: vault.appendingPathComponent(".git/config"))
        try Data("---\ntitle: Secret\n---\n".utf8).write(to: outside.appendingPathComponent("secret.md"))
        try Data("---\ntitle: Mine\n---\n".utf8).write(to: vault.appendingPathComponent("cards/real/mine.md"))
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: vault.appendingPathComponent("cards/out").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: vault.appendingPathComponent("cards/leak.md").path, withDestinationPath: "../.git/config")
        try fm.createSymbolicLink(atPath: vault.appendingPathComponent("cards/alias.md").path, withDestinationPath: "real/mine.md")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func testReadsFollowOnlyLinksThatStayInside() throws {
        let vault = try Vault(at: root.appendingPathComponent("vault").path)
        XCTAssertEqual(try vault.readText("cards/alias.md"), "---\ntitle: Mine\n---\n")
        XCTAssertThrowsError(try vault.readText("cards/leak.md")) { XCTAssertFalse("\($0)".contains("secret")) }
        XCTAssertThrowsError(try vault.readText("cards/out/secret.md"))
        XCTAssertThrowsError(try vault.readText("../outside/secret.md"))
        XCTAssertThrowsError(try vault.readText(".git/config"))
        XCTAssertEqual(vault.destination(of: "cards/leak.md"), .reserved(".git"))
        XCTAssertEqual(vault.destination(of: "cards/out/secret.md"), .outside)
        XCTAssertThrowsError(try FileSystem.readText(vault.url("cards/alias.md"), followLinks: false), "O_NOFOLLOW refuses a final link")
    }

    func testWritesNeverGoThroughALink() throws {
        let vault = try Vault(at: root.appendingPathComponent("vault").path)
        XCTAssertThrowsError(try vault.write("cards/alias.md", text: "x"))
        XCTAssertThrowsError(try vault.write("cards/leak.md", text: "x"))
        XCTAssertThrowsError(try vault.write("cards/out/new.md", text: "x"))
        XCTAssertThrowsError(try vault.write("cards/out/deeper/new.md", text: "x"))
        XCTAssertThrowsError(try vault.write(".carousel/intent.json", text: "x"))
        XCTAssertThrowsError(try vault.write("cards/../../outside/new.md", text: "x"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["secret.md"])
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("vault/.git/config"), encoding: .utf8), "[core]\nsecret = 1\n")
        try vault.write("cards/new/fresh.md", text: "---\ntitle: Fresh\n---\n")
        XCTAssertEqual(try vault.readText("cards/new/fresh.md"), "---\ntitle: Fresh\n---\n")
        XCTAssertFalse(vault.contains(relative: "cards/out/new.md"))
        XCTAssertTrue(vault.contains(relative: "cards/not-yet/new.md"))
    }

    func testTheStateFolderMustBeARealFolder() throws {
        let path = root.appendingPathComponent("vault").path
        XCTAssertEqual(try Vault(at: path).stateFolder(), path + "/.carousel")
        try FileManager.default.removeItem(atPath: path + "/.carousel")
        try FileManager.default.createSymbolicLink(atPath: path + "/.carousel", withDestinationPath: outside.path)
        XCTAssertThrowsError(try Vault(at: path)) { XCTAssertTrue("\($0.localizedDescription)".contains("rm .carousel"), "\($0)") }
        let unchecked = try Vault(at: path, checkingStructure: false)
        XCTAssertThrowsError(try unchecked.stateFolder())
        XCTAssertThrowsError(try VaultLock(vault: unchecked, timeout: 0))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["secret.md"])
    }
}
