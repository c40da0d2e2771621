import Foundation
import XCTest

/// Commit authors and committers follow git's own order: GIT_AUTHOR_* / GIT_COMMITTER_* beat
/// author.* / committer.*, which beat user.*, which beat EMAIL and Carousel's own variables.
final class CommitIdentityTests: XCTestCase {
    func identities(_ s: Sandbox) throws -> String {
        try s.git(["log", "-1", "--format=%an <%ae> / %cn <%ce>"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testGitsEnvironmentVariablesComeFirst() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.git(["config", "user.name", "Config Name"])
        try s.git(["config", "user.email", "config@example.invalid"])
        let env = ["GIT_AUTHOR_NAME": "Ada Author", "GIT_AUTHOR_EMAIL": "ada@example.invalid",
                   "GIT_COMMITTER_NAME": "Cy Committer", "GIT_COMMITTER_EMAIL": "cy@example.invalid"]
        XCTAssertEqual(try s.carousel(["add", "Call Mum"], env: env).status, 0)
        XCTAssertEqual(try identities(s), "Ada Author <ada@example.invalid> / Cy Committer <cy@example.invalid>")
        // Only the author's variables: the committer comes from the config.
        XCTAssertEqual(try s.carousel(["done", "call-mum"], env: ["GIT_AUTHOR_NAME": "Ada Author"]).status, 0)
        XCTAssertEqual(try identities(s), "Ada Author <config@example.invalid> / Config Name <config@example.invalid>")
    }

    func testAuthorAndCommitterConfigBeatUserConfig() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.git(["config", "user.name", "Config Name"])
        try s.git(["config", "user.email", "config@example.invalid"])
        try s.git(["config", "author.name", "Auth Config"])
        try s.git(["config", "committer.email", "committer@example.invalid"])
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        XCTAssertEqual(try identities(s), "Auth Config <config@example.invalid> / Config Name <committer@example.invalid>")
        // The git CLI agrees on the same configuration.
        let git = try s.git(["var", "GIT_AUTHOR_IDENT"]).stdout
        XCTAssertTrue(git.hasPrefix("Auth Config <config@example.invalid>"), git)
    }

    func testWithoutGitConfigEmailThenCarouselsVariablesAreUsed() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Call Mum"], env: ["EMAIL": "mail@example.invalid"]).status, 0)
        XCTAssertEqual(try identities(s), "Test Person <mail@example.invalid> / Test Person <mail@example.invalid>")
        XCTAssertEqual(try s.carousel(["done", "call-mum"]).status, 0)
        XCTAssertEqual(try identities(s), "Test Person <test@example.invalid> / Test Person <test@example.invalid>")
    }
}
