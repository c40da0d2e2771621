import XCTest
@testable import CarouselGit

final class RepositoryConfigTests: XCTestCase {
    func testSetLocalConfigIsReadBackAndWrittenToDotGitConfig() throws {
        let (repo, home) = try makeRepository()
        XCTAssertNil(repo.configString("carousel.testkey"))
        try repo.setLocalConfig("carousel.testkey", "hello world")
        XCTAssertEqual(repo.configString("carousel.testkey"), "hello world")
        let cli = try git(["config", "--local", "--get", "carousel.testkey"], in: repo.workdir, home: home)
        XCTAssertEqual(cli.stdout, "hello world\n")
    }

    func testOverwriteAndReopen() throws {
        let (repo, _) = try makeRepository()
        try repo.setLocalConfig("carousel.mode", "one")
        try repo.setLocalConfig("carousel.mode", "two")
        XCTAssertEqual(repo.configString("carousel.mode"), "two")
        let reopened = try Repository.open(at: repo.workdir)
        XCTAssertEqual(reopened.configString("carousel.mode"), "two")
    }

    func testSeesValuesWrittenByGitCLI() throws {
        let (repo, home) = try makeRepository()
        _ = repo.configString("core.bare")  // load the config before it changes on disk
        XCTAssertEqual(try git(["config", "carousel.fromcli", "yes"], in: repo.workdir, home: home).status, 0)
        XCTAssertEqual(repo.configString("carousel.fromcli"), "yes")
    }

    func testConfiguredSignatureFromLocalConfig() throws {
        let (repo, _) = try makeRepository()
        try repo.setLocalConfig("user.name", "Local Name")
        try repo.setLocalConfig("user.email", "local@example.com")
        XCTAssertEqual(repo.configuredSignature(), Signature(name: "Local Name", email: "local@example.com"))
    }

    func testInvalidKeyThrows() throws {
        let (repo, _) = try makeRepository()
        XCTAssertThrowsError(try repo.setLocalConfig("nodot", "x"))
        XCTAssertNil(repo.configString("nodot"))
    }
}
