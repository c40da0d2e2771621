import XCTest
@testable import CarouselGit

final class ObjectIDTests: XCTestCase {
    func testHexValidation() {
        let hex = String(repeating: "ab", count: 20)
        XCTAssertEqual(ObjectID(hex: hex)?.hex, hex)
        XCTAssertEqual(ObjectID(hex: hex.uppercased())?.hex, hex)
        XCTAssertEqual(ObjectID(hex: hex)?.description, hex)
        XCTAssertNil(ObjectID(hex: "abc"))
        XCTAssertNil(ObjectID(hex: String(repeating: "g", count: 40)))
    }

    func testCommitIDMatchesGit() throws {
        let (repo, home) = try makeRepository()
        try write("hello\n", to: "a.md", in: repo)
        let id = try XCTUnwrap(try repo.commitAll(message: "first", signature: testSignature))
        XCTAssertEqual(id.hex.count, 40)
        let revParse = try git(["rev-parse", "HEAD"], in: repo.workdir, home: home)
        XCTAssertEqual(revParse.stdout, id.hex + "\n")
        XCTAssertEqual(try repo.headID(), id)
    }
}
