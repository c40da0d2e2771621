import XCTest
@testable import CarouselGit

final class RepositoryLogTests: XCTestCase {
    func testUnbornBranchHasEmptyLog() throws {
        let (repo, _) = try makeRepository()
        XCTAssertEqual(try repo.log(limit: 10).count, 0)
    }

    func testNewestFirstWithLimitAndDetails() throws {
        let (repo, home) = try makeRepository()
        var ids: [ObjectID] = []
        for n in 1...5 {
            try write("\(n)\n", to: "a.md", in: repo)
            ids.append(try XCTUnwrap(try repo.commitAll(message: "Commit \(n)\n\nBody \(n).", signature: testSignature)))
        }
        let all = try repo.log(limit: 100)
        XCTAssertEqual(all.map(\.summary), ["Commit 5", "Commit 4", "Commit 3", "Commit 2", "Commit 1"])
        XCTAssertEqual(all.map(\.id), ids.reversed())
        XCTAssertEqual(all.last?.parents, [])
        XCTAssertEqual(all.first?.parents, [ids[3]])
        XCTAssertEqual(all.first?.message, "Commit 5\n\nBody 5.\n")
        XCTAssertEqual(all.first?.authorName, "Test Author")
        XCTAssertEqual(all.first?.authorEmail, "test@example.com")
        let gitTime = try git(["log", "-1", "--format=%ct"], in: repo.workdir, home: home)
        XCTAssertEqual(all.first.map { "\($0.time)\n" }, gitTime.stdout)

        XCTAssertEqual(try repo.log(limit: 2).map(\.summary), ["Commit 5", "Commit 4"])
        XCTAssertEqual(try repo.log(limit: 0).count, 0)
    }

    func testLogIncludesMergedBranches() throws {
        let (repo, home) = try makeRepository()
        try write("base\n", to: "a.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "Base", signature: testSignature))
        let cli = { (args: [String]) in
            let run = try self.git(args, in: repo.workdir, home: home)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        try cli(["checkout", "-q", "-b", "side"])
        try write("side\n", to: "side.md", in: repo)
        try cli(["add", "side.md"])
        try cli(["commit", "-q", "-m", "Side"])
        try cli(["checkout", "-q", "main"])
        try write("main\n", to: "main.md", in: repo)
        try cli(["add", "main.md"])
        try cli(["commit", "-q", "-m", "Main"])
        try cli(["merge", "-q", "--no-edit", "-m", "Merge side", "side"])

        let log = try repo.log(limit: 10)
        XCTAssertEqual(log.first?.summary, "Merge side")
        XCTAssertEqual(log.first?.parents.count, 2)
        XCTAssertEqual(Set(log.map(\.summary)), ["Merge side", "Main", "Side", "Base"])
        XCTAssertEqual(log.last?.summary, "Base")
    }
}
