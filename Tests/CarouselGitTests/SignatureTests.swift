import XCTest
@testable import CarouselGit

final class SignatureTests: XCTestCase {
    func testSignatureIsRecordedAsAuthorAndCommitter() throws {
        let (repo, home) = try makeRepository()
        try write("x\n", to: "a.md", in: repo)
        let signature = Signature(name: "Ada Lovelace", email: "ada@example.org")
        XCTAssertNotNil(try repo.commitAll(message: "sig", signature: signature))
        let shown = try git(["log", "-1", "--format=%an <%ae>|%cn <%ce>"], in: repo.workdir, home: home)
        XCTAssertEqual(shown.stdout, "Ada Lovelace <ada@example.org>|Ada Lovelace <ada@example.org>\n")
    }

    func testEmptyNameIsRejected() throws {
        let (repo, _) = try makeRepository()
        try write("x\n", to: "a.md", in: repo)
        XCTAssertThrowsError(try repo.commitAll(message: "m", signature: Signature(name: "", email: "")))
    }
}
