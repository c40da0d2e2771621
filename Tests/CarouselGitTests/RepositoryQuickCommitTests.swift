import Foundation
import XCTest
@testable import CarouselGit

/// `commit(paths:)` on bytes (`quickTree`: git's index file patched, the trees on the changed
/// paths spliced) must leave exactly what libgit2's route leaves: the same tree, the same index
/// entries, a clean `git status`, a sound `git fsck`, and a cache tree git can trust.
final class RepositoryQuickCommitTests: XCTestCase {
    let files = ["cards/a.md": "a\n", "cards/b.md": "b\n", "cards/sub-x.md": "x\n", "cards/sub/c.md": "c\n",
                 "cards/sub/d.md": "d\n", "journal/j.md": "j\n", "top.md": "top\n"]

    /// A repository holding `files`, committed by the git CLI (so its index has a full cache tree).
    func makeFilled() throws -> (repo: Repository, home: String) {
        let (repo, home) = try makeRepository()
        for (path, text) in files { try write(text, to: path, in: repo) }
        XCTAssertEqual(try git(["add", "-A"], in: repo.workdir, home: home).status, 0)
        XCTAssertEqual(try git(["commit", "-qm", "start"], in: repo.workdir, home: home).status, 0)
        return (repo, home)
    }

    func stdout(_ args: [String], _ repo: Repository, _ home: String) throws -> String {
        let run = try git(args, in: repo.workdir, home: home)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout
    }

    /// Runs `change` then commits `paths` on two copies, one on each route; returns both repos.
    func bothRoutes(_ paths: [String], change: (Repository) throws -> Void,
                    file: StaticString = #filePath, line: UInt = #line) throws -> [(Repository, String)] {
        var out: [(Repository, String)] = []
        for quick in [true, false] {
            let (repo, home) = try makeFilled()
            try change(repo)
            repo.allowsQuickCommit = quick
            XCTAssertNotNil(try repo.commit(paths: paths, message: "change", signature: testSignature), file: file, line: line)
            try assertCleanAndSound(repo, home: home, file: file, line: line)
            XCTAssertEqual(try stdout(["diff", "--cached", "--name-only"], repo, home), "", file: file, line: line)
            // `git write-tree` trusts the cache tree: a wrong one would name another tree.
            XCTAssertEqual(try stdout(["write-tree"], repo, home), try stdout(["rev-parse", "HEAD^{tree}"], repo, home), file: file, line: line)
            out.append((repo, home))
        }
        let trees = try out.map { try stdout(["rev-parse", "HEAD^{tree}"], $0.0, $0.1) }
        XCTAssertEqual(trees[0], trees[1], "the two routes made different trees", file: file, line: line)
        let stages = try out.map { try stdout(["ls-files", "--stage"], $0.0, $0.1) }
        XCTAssertEqual(stages[0], stages[1], "the two routes left different index entries", file: file, line: line)
        return out
    }

    func testModifyAddAndRemoveGiveLibgit2sTree() throws {
        let repos = try bothRoutes(["cards/b.md", "cards/sub.md", "cards/sub0.md", "cards/sub/c.md", "journal/j.md", "new-top.md"]) { repo in
            try write("b, changed\n", to: "cards/b.md", in: repo)
            // Next to the folder `cards/sub`, which git sorts as `sub/`: `sub.md` before it, `sub0.md` after.
            try write("s\n", to: "cards/sub.md", in: repo)
            try write("s0\n", to: "cards/sub0.md", in: repo)
            try remove("cards/sub/c.md", in: repo)
            try write("j, changed\n", to: "journal/j.md", in: repo)
            try write("n\n", to: "new-top.md", in: repo)
        }
        XCTAssertTrue(repos[0].0.lastCommitWasQuick)
        XCTAssertFalse(repos[1].0.lastCommitWasQuick)
        // git and libgit2 both read the patched index and commit on top of it.
        let (repo, home) = repos[0]
        try write("a, by git\n", to: "cards/a.md", in: repo)
        XCTAssertEqual(try git(["commit", "-qam", "by git"], in: repo.workdir, home: home).status, 0)
        try write("a, by libgit2\n", to: "cards/a.md", in: repo)
        repo.allowsQuickCommit = false
        XCTAssertNotNil(try repo.commit(paths: ["cards/a.md"], message: "by libgit2", signature: testSignature))
        try assertCleanAndSound(repo, home: home)
        XCTAssertEqual(try stdout(["log", "--format=%s"], repo, home).split(separator: "\n"), ["by libgit2", "by git", "change", "start"])
    }

    /// Filters chosen by `.gitattributes` apply as in libgit2's route, whether the attributes
    /// come from the work tree or only from git's index (the quick route gives libgit2 an index
    /// of just the `.gitattributes` entries while it makes blobs).
    func testAttributesFromWorkTreeAndFromIndexStillNormaliseLineEnds() throws {
        for inWorkTree in [true, false] {
            let (repo, home) = try makeFilled()
            try write("*.md text\n", to: "cards/.gitattributes", in: repo)
            // Files a second older than the index: git trusts their stat data, so a missing one
            // is not looked at (a racy entry's file is read, and a missing one sends the commit
            // through libgit2).
            Thread.sleep(forTimeInterval: 1.1)
            XCTAssertEqual(try git(["add", "cards/.gitattributes"], in: repo.workdir, home: home).status, 0)
            XCTAssertEqual(try git(["commit", "-qm", "attributes"], in: repo.workdir, home: home).status, 0)
            if !inWorkTree { try remove("cards/.gitattributes", in: repo) }
            try write("a\r\nwindows\r\n", to: "cards/a.md", in: repo)
            XCTAssertNotNil(try repo.commit(paths: ["cards/a.md"], message: "crlf", signature: testSignature))
            XCTAssertTrue(repo.lastCommitWasQuick, "work tree: \(inWorkTree)")
            XCTAssertEqual(try stdout(["show", "HEAD:cards/a.md"], repo, home), "a\nwindows\n", "work tree: \(inWorkTree)")
            XCTAssertEqual(try stdout(["status", "--porcelain"], repo, home), inWorkTree ? "" : " D cards/.gitattributes\n")
        }
    }

    /// The cache tree named the staged tree; the file is set back to HEAD's version and
    /// committed (nothing to commit): the entry must not keep naming the staged tree.
    func testCacheTreeOfAStagedVersionIsDroppedWhenTheFileGoesBack() throws {
        let (repo, home) = try makeFilled()
        try write("a, staged\n", to: "cards/a.md", in: repo)
        XCTAssertEqual(try git(["add", "cards/a.md"], in: repo.workdir, home: home).status, 0)
        let staged = try stdout(["write-tree"], repo, home)
        XCTAssertNotEqual(staged, try stdout(["rev-parse", "HEAD^{tree}"], repo, home))
        try write("a\n", to: "cards/a.md", in: repo)
        XCTAssertNil(try repo.commit(paths: ["cards/a.md"], message: "back", signature: testSignature))
        XCTAssertTrue(repo.lastCommitWasQuick)
        XCTAssertEqual(try stdout(["write-tree"], repo, home), try stdout(["rev-parse", "HEAD^{tree}"], repo, home))
        try assertCleanAndSound(repo, home: home)
        XCTAssertTrue(try repo.indexMatchesHead())
    }

    func testUnchangedFileMakesNoCommit() throws {
        let (repo, home) = try makeFilled()
        XCTAssertNil(try repo.commit(paths: ["cards/a.md"], message: "nothing", signature: testSignature))
        XCTAssertTrue(repo.lastCommitWasQuick)
        try assertCleanAndSound(repo, home: home)
    }

    /// `CAROUSEL_QUICK_COMMIT=off`, how `make bench` times libgit2's route beside this one,
    /// sends a repository opened while it is set down libgit2's route; any other value, or none,
    /// leaves the quick route on.
    func testEnvironmentSwitchTurnsTheQuickRouteOff() throws {
        defer { unsetenv("CAROUSEL_QUICK_COMMIT") }
        for (value, quick) in [("off", false), ("on", true), (nil, true)] as [(String?, Bool)] {
            if let value { setenv("CAROUSEL_QUICK_COMMIT", value, 1) } else { unsetenv("CAROUSEL_QUICK_COMMIT") }
            let (repo, home) = try makeFilled()
            try write("b, changed\n", to: "cards/b.md", in: repo)
            XCTAssertNotNil(try repo.commit(paths: ["cards/b.md"], message: "change", signature: testSignature))
            XCTAssertEqual(repo.lastCommitWasQuick, quick, "CAROUSEL_QUICK_COMMIT=\(value ?? "(unset)")")
            try assertCleanAndSound(repo, home: home)
        }
    }

    func testFileStagedByGitStaysStagedAndOutOfTheCommit() throws {
        let (repo, home) = try makeFilled()
        try write("a, staged\n", to: "cards/a.md", in: repo)
        XCTAssertEqual(try git(["add", "cards/a.md"], in: repo.workdir, home: home).status, 0)
        try write("b, committed\n", to: "cards/b.md", in: repo)
        XCTAssertNotNil(try repo.commit(paths: ["cards/b.md"], message: "b", signature: testSignature))
        XCTAssertTrue(repo.lastCommitWasQuick)
        XCTAssertEqual(try stdout(["show", "--format=", "--name-only", "HEAD"], repo, home), "cards/b.md\n")
        XCTAssertEqual(try stdout(["diff", "--cached", "--name-only"], repo, home), "cards/a.md\n")
        XCTAssertEqual(try stdout(["status", "--porcelain"], repo, home), "M  cards/a.md\n")
        XCTAssertFalse(try repo.indexMatchesHead())
    }

    func testNewFolderModeChangeAndIndexVersion4TakeLibgit2sRoute() throws {
        var repos = try bothRoutes(["cards/new/x.md"]) { try write("x\n", to: "cards/new/x.md", in: $0) }
        XCTAssertFalse(repos[0].0.lastCommitWasQuick, "a new folder")
        repos = try bothRoutes(["cards/a.md"]) { repo in
            XCTAssertEqual(chmod(repo.workdir + "/cards/a.md", 0o755), 0)
        }
        XCTAssertFalse(repos[0].0.lastCommitWasQuick, "a mode change")
        XCTAssertEqual(try stdout(["ls-tree", "HEAD", "cards/a.md"], repos[0].0, repos[0].1).prefix(6), "100755")
        repos = try bothRoutes(["cards/a.md"]) { repo in
            try write("a2\n", to: "cards/a.md", in: repo)
            XCTAssertEqual(try git(["update-index", "--index-version", "4"], in: repo.workdir, home: (repo.workdir as NSString).deletingLastPathComponent).status, 0)
        }
        XCTAssertFalse(repos[0].0.lastCommitWasQuick, "index version 4")
    }

    /// An entry git does not trust by its stat data (changed in the second the index was
    /// written) whose file no longer holds its blob: libgit2 writes the index, and marks it.
    func testRacyEntryWithChangedFileTakesLibgit2sRoute() throws {
        for changed in [false, true] {
            let (repo, home) = try makeFilled()
            if changed { try write("B\n", to: "cards/b.md", in: repo) }
            // Every entry is now as new as the index, so git would check each file's content.
            let past = Date(timeIntervalSinceNow: -3600)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: repo.gitDirectory + "/index")
            try write("a2\n", to: "cards/a.md", in: repo)
            XCTAssertNotNil(try repo.commit(paths: ["cards/a.md"], message: "a", signature: testSignature))
            XCTAssertEqual(repo.lastCommitWasQuick, !changed)
            XCTAssertEqual(try stdout(["status", "--porcelain"], repo, home), changed ? " M cards/b.md\n" : "")
        }
    }

    func testIndexMatchesHeadAfterQuickCommitAndGitStatus() throws {
        let (repo, home) = try makeFilled()
        try write("a2\n", to: "cards/a.md", in: repo)
        XCTAssertNotNil(try repo.commit(paths: ["cards/a.md"], message: "a", signature: testSignature))
        XCTAssertTrue(repo.lastCommitWasQuick)
        XCTAssertTrue(try repo.indexMatchesHead())
        _ = try stdout(["status"], repo, home)
        XCTAssertTrue(try repo.indexMatchesHead())
        XCTAssertEqual(try git(["rm", "-q", "--cached", "cards/b.md"], in: repo.workdir, home: home).status, 0)
        XCTAssertFalse(try repo.indexMatchesHead())
    }
}
