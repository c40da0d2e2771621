import Foundation
import XCTest
@testable import CarouselGit

final class GitErrorTests: XCTestCase {
    func testDescriptionNamesFunctionAndMessage() {
        let error = GitError(code: -3, function: "git_index_write", message: "disk full")
        XCTAssertEqual(error.errorDescription, "git_index_write failed: disk full")
        XCTAssertEqual(error.localizedDescription, "git_index_write failed: disk full")
    }

    func testCheckPassesNonNegativeResults() throws {
        try check(0, "git_anything")
        try check(1, "git_anything")
    }

    func testLibgit2FailureCarriesItsMessage() throws {
        // An empty `.git` folder gets past the cheap check, so libgit2 itself must fail.
        let home = try makeTempDirectory()
        try FileManager.default.createDirectory(atPath: home + "/.git", withIntermediateDirectories: true)
        XCTAssertThrowsError(try Repository.open(at: home)) { error in
            guard let gitError = error as? GitError else { return XCTFail("not a GitError: \(error)") }
            XCTAssertLessThan(gitError.code, 0)
            XCTAssertEqual(gitError.function, "git_repository_open_ext")
            XCTAssertFalse(gitError.message.isEmpty)
            XCTAssertTrue(gitError.localizedDescription.hasPrefix(gitError.function + " failed: "))
        }
    }
}
