import Foundation
import XCTest
@testable import CarouselGit

/// The verbs sync is built from: remotes, fetch, merge base, tree reading, fast-forward, push.
final class RepositorySyncVerbTests: XCTestCase {
    func testFetchMergeBaseFastForwardAndPushBetweenTwoClones() throws {
        let (one, home) = try makeRepository()
        try write("a\n", to: "a.txt", in: one)
        let first = try XCTUnwrap(try one.commit(paths: ["a.txt"], message: "first", signature: testSignature))
        let bare = home + "/remote.git"
        try git(["init", "-q", "--bare", "-b", "main", bare], in: home, home: home)
        try git(["remote", "add", "origin", bare], in: one.workdir, home: home)
        XCTAssertEqual(try one.remoteNames(), ["origin"])
        XCTAssertEqual(try one.remoteURL("origin"), bare)
        XCTAssertNil(try one.remoteURL("nowhere"))
        XCTAssertEqual(try one.currentBranch(), "main")
        XCTAssertEqual(try one.push(remote: "origin", branch: "main", environment: [:]), .pushed)

        try git(["clone", "-q", bare, home + "/two"], in: home, home: home)
        let two = try Repository.open(at: home + "/two")
        try write("b\n", to: "b.txt", in: two)
        let second = try XCTUnwrap(try two.commit(paths: ["b.txt"], message: "second", signature: testSignature))
        XCTAssertEqual(try two.push(remote: "origin", branch: "main", environment: [:]), .pushed)

        try one.fetch(remote: "origin", environment: [:])
        let tip = try XCTUnwrap(try one.referenceTarget("refs/remotes/origin/main"))
        XCTAssertEqual(tip, second)
        XCTAssertEqual(try one.mergeBase(first, second), first)
        XCTAssertTrue(try one.isDescendant(second, of: first))
        XCTAssertFalse(try one.isDescendant(first, of: first))
        XCTAssertEqual(try one.commits(from: second, hiding: first).map(\.summary), ["second"])
        XCTAssertEqual(Set(try one.files(at: second).keys), ["a.txt", "b.txt"])
        XCTAssertEqual(try one.file(at: second, path: "b.txt"), Array("b\n".utf8))

        try one.fastForward(to: second)
        XCTAssertEqual(try one.headID(), second)
        XCTAssertEqual(try String(contentsOfFile: one.workdir + "/b.txt", encoding: .utf8), "b\n")
        XCTAssertEqual(try one.status(), [])

        // A push from a clone that has not fetched the newer commit is refused as "remote moved".
        try write("c\n", to: "c.txt", in: two)
        _ = try two.commit(paths: ["c.txt"], message: "third", signature: testSignature)
        XCTAssertEqual(try two.push(remote: "origin", branch: "main", environment: [:]), .pushed)
        try write("d\n", to: "d.txt", in: one)
        _ = try one.commit(paths: ["d.txt"], message: "fourth", signature: testSignature)
        XCTAssertEqual(try one.push(remote: "origin", branch: "main", environment: [:]), .remoteMoved)
    }

    func testMergeCommitHasTwoParentsEvenWithAnUnchangedTree() throws {
        let (repo, _) = try makeRepository()
        try write("a\n", to: "a.txt", in: repo)
        let base = try XCTUnwrap(try repo.commit(paths: ["a.txt"], message: "base", signature: testSignature))
        let merged = try XCTUnwrap(try repo.commit(paths: [], message: "merge", signature: testSignature, mergeParent: base))
        XCTAssertEqual(try repo.commit(merged).parents, [base, base])
    }

    func testFetchFromAMissingRemoteSaysTheRepositoryIsNotFound() throws {
        let (repo, home) = try makeRepository()
        try git(["remote", "add", "origin", home + "/missing.git"], in: repo.workdir, home: home)
        XCTAssertThrowsError(try repo.fetch(remote: "origin", environment: [:])) { error in
            XCTAssertEqual((error as? TransferError)?.kind, .repositoryNotFound)
        }
    }
}
