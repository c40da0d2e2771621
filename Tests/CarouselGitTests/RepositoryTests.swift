import Foundation
import XCTest
@testable import CarouselGit

final class RepositoryTests: XCTestCase {
    func testCreateMakesDirectoriesAndPointsHeadAtMain() throws {
        let home = try makeTempDirectory()
        let path = home + "/deep/nested/vault"
        let repo = try Repository.create(at: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + "/.git"))
        let head = try git(["symbolic-ref", "HEAD"], in: path, home: home)
        XCTAssertEqual(head.stdout, "refs/heads/main\n")
        XCTAssertFalse(repo.workdir.hasSuffix("/"))
        XCTAssertEqual(URL(fileURLWithPath: repo.workdir).resolvingSymlinksInPath().path,
                       URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    }

    func testCreateRefusesExistingRepository() throws {
        let (repo, _) = try makeRepository()
        XCTAssertThrowsError(try Repository.create(at: repo.workdir)) { error in
            XCTAssertTrue(error is GitError)
        }
    }

    func testOpenFindsRepositoryMadeByGitCLI() throws {
        let home = try makeTempDirectory()
        let path = home + "/vault"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertEqual(try git(["init", "-q", "-b", "main"], in: path, home: home).status, 0)
        let repo = try Repository.open(at: path)
        XCTAssertTrue(repo.workdir.hasSuffix("/vault"))
        XCTAssertNil(try repo.headID())
    }

    func testOpenRejectsPlainDirectory() throws {
        let home = try makeTempDirectory()
        XCTAssertThrowsError(try Repository.open(at: home)) { error in
            XCTAssertEqual((error as? GitError)?.function, "git_repository_open_ext")
        }
    }

    func testOpenDoesNotSearchUpwards() throws {
        let (repo, _) = try makeRepository()
        let sub = repo.workdir + "/cards"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        XCTAssertThrowsError(try Repository.open(at: sub))
        XCTAssertThrowsError(try Repository.open(at: repo.workdir + "/.git"))
    }

    func testIsRepository() throws {
        let (repo, home) = try makeRepository()
        let sub = repo.workdir + "/cards"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        XCTAssertTrue(Repository.isRepository(at: repo.workdir))
        XCTAssertFalse(Repository.isRepository(at: sub))
        XCTAssertFalse(Repository.isRepository(at: repo.workdir + "/.git"))
        XCTAssertFalse(Repository.isRepository(at: home))
        XCTAssertFalse(Repository.isRepository(at: home + "/missing"))
    }

    func testIsRepositoryRejectsBogusDotGit() throws {
        let home = try makeTempDirectory()
        try FileManager.default.createDirectory(atPath: home + "/.git", withIntermediateDirectories: true)
        XCTAssertFalse(Repository.isRepository(at: home))
    }
}
