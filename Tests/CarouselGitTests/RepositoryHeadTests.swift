import XCTest
@testable import CarouselGit

final class RepositoryHeadTests: XCTestCase {
    func testHeadIDAndHeadBlob() throws {
        let (repo, _) = try makeRepository()
        XCTAssertNil(try repo.headID())
        XCTAssertNil(try repo.headBlob(path: "a.md"))

        try write("first\n", to: "a.md", in: repo)
        try write("", to: "empty.md", in: repo)
        let id = try XCTUnwrap(try repo.commitAll(message: "One", signature: testSignature))
        XCTAssertEqual(try repo.headID(), id)

        // The work tree moves on; HEAD's copy does not.
        try write("second\n", to: "a.md", in: repo)
        XCTAssertEqual(try repo.headBlob(path: "a.md"), Array("first\n".utf8))
        XCTAssertEqual(try repo.headBlob(path: "empty.md"), [])
        XCTAssertNil(try repo.headBlob(path: "missing.md"))
        XCTAssertNil(try repo.headBlob(path: "nested/missing.md"))
    }

    func testHeadBlobOfFolderIsNil() throws {
        let (repo, _) = try makeRepository()
        try write("x\n", to: "cards/x.md", in: repo)
        XCTAssertNotNil(try repo.commitAll(message: "One", signature: testSignature))
        XCTAssertNil(try repo.headBlob(path: "cards"))
    }
}
