import XCTest
@testable import CarouselGit

final class RepositoryStatusTests: XCTestCase {
    func testEmptyRepositoryHasNoChanges() throws {
        let (repo, _) = try makeRepository()
        XCTAssertEqual(try repo.status(), [])
    }

    func testUntrackedFilesAreAddedAndUntrackedFoldersAreRecursed() throws {
        let (repo, _) = try makeRepository()
        try write("a\n", to: "inbox.md", in: repo)
        try write("b\n", to: "cards/work/x.md", in: repo)
        XCTAssertEqual(try repo.status(), [
            StatusEntry(path: "cards/work/x.md", change: .added),
            StatusEntry(path: "inbox.md", change: .added),
        ])
    }

    func testNewModifiedDeletedAgainstHead() throws {
        let (repo, _) = try makeRepository()
        try write("keep\n", to: "keep.md", in: repo)
        try write("old\n", to: "edit.md", in: repo)
        try write("bye\n", to: "gone.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "base", signature: testSignature))

        try write("new\n", to: "edit.md", in: repo)
        try remove("gone.md", in: repo)
        try write("fresh\n", to: "new.md", in: repo)
        XCTAssertEqual(try repo.status(), [
            StatusEntry(path: "edit.md", change: .modified),
            StatusEntry(path: "gone.md", change: .deleted),
            StatusEntry(path: "new.md", change: .added),
        ])
    }

    func testIgnoredFilesAreExcluded() throws {
        let (repo, _) = try makeRepository()
        try write(".carousel/\n*.tmp\n", to: ".gitignore", in: repo)
        try write("cache\n", to: ".carousel/index.sqlite", in: repo)
        try write("scratch\n", to: "notes.tmp", in: repo)
        try write("real\n", to: "notes.md", in: repo)
        XCTAssertEqual(try repo.status().map(\.path), [".gitignore", "notes.md"])
    }

    func testChangesStagedWithGitCLIAreCombinedWithWorkTree() throws {
        let (repo, home) = try makeRepository()
        try write("one\n", to: "a.md", in: repo)
        try write("two\n", to: "b.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "base", signature: testSignature))

        // Staged edit, staged removal, and a file added then deleted again (no net change).
        try write("one more\n", to: "a.md", in: repo)
        XCTAssertEqual(try git(["add", "a.md"], in: repo.workdir, home: home).status, 0)
        XCTAssertEqual(try git(["rm", "-q", "b.md"], in: repo.workdir, home: home).status, 0)
        try write("temp\n", to: "c.md", in: repo)
        XCTAssertEqual(try git(["add", "c.md"], in: repo.workdir, home: home).status, 0)
        try remove("c.md", in: repo)

        XCTAssertEqual(try repo.status(), [
            StatusEntry(path: "a.md", change: .modified),
            StatusEntry(path: "b.md", change: .deleted),
        ])
    }

    func testCleanAfterCommitAll() throws {
        let (repo, _) = try makeRepository()
        try write("a\n", to: "cards/a.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "add", signature: testSignature))
        XCTAssertEqual(try repo.status(), [])
    }
}
