import XCTest
@testable import CarouselGit

final class RepositoryCommitTests: XCTestCase {
    func testFirstCommitOnUnbornBranchHasNoParentsAndLandsOnMain() throws {
        let (repo, home) = try makeRepository()
        XCTAssertNil(try repo.headID())
        try write("# Inbox\n", to: "inbox.md", in: repo)
        let id = try XCTUnwrap(try repo.commit(paths: ["inbox.md"], message: "Initial vault", signature: testSignature))

        let branch = try git(["rev-parse", "--abbrev-ref", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(branch.stdout, "main\n")
        let parents = try git(["rev-list", "--parents", "-n", "1", "main"], in: repo.workdir, home: home)
        XCTAssertEqual(parents.stdout, id.hex + "\n")
        XCTAssertEqual(try repo.log(limit: 10).first?.parents, [])
        try assertCleanAndSound(repo, home: home)
    }

    func testSecondCommitHasHeadAsParentAndShowsInGitLog() throws {
        let (repo, home) = try makeRepository()
        try write("one\n", to: "a.md", in: repo)
        let first = try XCTUnwrap(try repo.commitAll(message: "First", signature: testSignature))
        try write("two\n", to: "a.md", in: repo)
        let second = try XCTUnwrap(try repo.commitAll(message: "Second\n\nWith a body.", signature: testSignature))

        let parents = try git(["rev-list", "--parents", "-n", "1", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(parents.stdout, "\(second.hex) \(first.hex)\n")
        let subjects = try git(["log", "--format=%s"], in: repo.workdir, home: home)
        XCTAssertEqual(subjects.lines, ["Second", "First"])
        let body = try git(["log", "-1", "--format=%b"], in: repo.workdir, home: home)
        XCTAssertEqual(body.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "With a body.")
        try assertCleanAndSound(repo, home: home)
    }

    func testCommitInSubfolder() throws {
        let (repo, home) = try makeRepository()
        try write("- [ ] thing\n", to: "cards/work/x.md", in: repo)
        XCTAssertNotNil(try repo.commit(paths: ["cards/work/x.md"], message: "Add card", signature: testSignature))
        let files = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(files.lines, ["cards/work/x.md"])
        XCTAssertEqual(try repo.headBlob(path: "cards/work/x.md"), Array("- [ ] thing\n".utf8))
        try assertCleanAndSound(repo, home: home)
    }

    func testCommitOfDeletedFileRemovesIt() throws {
        let (repo, home) = try makeRepository()
        try write("a\n", to: "cards/work/x.md", in: repo)
        try write("b\n", to: "keep.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Add", signature: testSignature))

        try remove("cards", in: repo)
        XCTAssertNotNil(try repo.commit(paths: ["cards/work/x.md"], message: "Remove card", signature: testSignature))
        let files = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(files.lines, ["keep.md"])
        XCTAssertNil(try repo.headBlob(path: "cards/work/x.md"))
        try assertCleanAndSound(repo, home: home)
    }

    func testNothingChangedReturnsNil() throws {
        let (repo, home) = try makeRepository()
        XCTAssertNil(try repo.commitAll(message: "empty", signature: testSignature))
        XCTAssertNil(try repo.commit(paths: [], message: "empty", signature: testSignature))
        XCTAssertNil(try repo.headID())

        try write("a\n", to: "a.md", in: repo)
        let id = try XCTUnwrap(try repo.commitAll(message: "Add", signature: testSignature))
        XCTAssertNil(try repo.commitAll(message: "again", signature: testSignature))
        XCTAssertNil(try repo.commit(paths: ["a.md"], message: "again", signature: testSignature))
        // Rewriting identical bytes is still no change.
        try write("a\n", to: "a.md", in: repo)
        XCTAssertNil(try repo.commit(paths: ["a.md"], message: "same", signature: testSignature))
        // A path that never existed is no change either.
        XCTAssertNil(try repo.commit(paths: ["missing.md"], message: "ghost", signature: testSignature))
        XCTAssertEqual(try repo.headID(), id)
        let count = try git(["rev-list", "--count", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(count.stdout, "1\n")
        try assertCleanAndSound(repo, home: home)
    }

    func testCommitStagesOnlyTheGivenPaths() throws {
        let (repo, home) = try makeRepository()
        try write("a\n", to: "a.md", in: repo)
        try write("b\n", to: "b.md", in: repo)
        XCTAssertNotNil(try repo.commit(paths: ["a.md"], message: "Only a", signature: testSignature))
        let files = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(files.lines, ["a.md"])
        XCTAssertEqual(try repo.status(), [StatusEntry(path: "b.md", change: .added)])
        let porcelain = try git(["status", "--porcelain"], in: repo.workdir, home: home)
        XCTAssertEqual(porcelain.lines, ["?? b.md"])
    }

    func testCommitAllPicksUpNewModifiedAndDeleted() throws {
        let (repo, home) = try makeRepository()
        try write("gitignored\n", to: ".gitignore", in: repo)
        try write("edit me\n", to: "edit.md", in: repo)
        try write("delete me\n", to: "gone.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Base", signature: testSignature))

        try write("edited\n", to: "edit.md", in: repo)
        try remove("gone.md", in: repo)
        try write("new\n", to: "cards/new.md", in: repo)
        try write("secret\n", to: "gitignored", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Everything", signature: testSignature))

        let files = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(files.lines, [".gitignore", "cards/new.md", "edit.md"])
        let subjects = try git(["log", "--format=%s"], in: repo.workdir, home: home)
        XCTAssertEqual(subjects.lines, ["Everything", "Base"])
        try assertCleanAndSound(repo, home: home)
    }

    func testCommitAfterGitCLICommitsUsesFreshHeadAndIndex() throws {
        let (repo, home) = try makeRepository()
        try write("a\n", to: "a.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Ours", signature: testSignature))
        try write("b\n", to: "b.md", in: repo)
        XCTAssertEqual(try git(["add", "b.md"], in: repo.workdir, home: home).status, 0)
        XCTAssertEqual(try git(["commit", "-q", "-m", "Theirs"], in: repo.workdir, home: home).status, 0)

        try write("c\n", to: "c.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Ours again", signature: testSignature))
        let subjects = try git(["log", "--format=%s"], in: repo.workdir, home: home)
        XCTAssertEqual(subjects.lines, ["Ours again", "Theirs", "Ours"])
        let files = try git(["ls-tree", "-r", "--name-only", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(files.lines, ["a.md", "b.md", "c.md"])
        try assertCleanAndSound(repo, home: home)
    }

    func testCommitWorksOnReopenedRepository() throws {
        let (created, home) = try makeRepository()
        let repo = try Repository.open(at: created.workdir)
        try write("x\n", to: "x.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Reopened", signature: testSignature))
        XCTAssertEqual(try created.status(), [])
        try assertCleanAndSound(repo, home: home)
    }
}
