import Foundation
import XCTest

/// `carousel serve` as the command line sees it: a hand-over to `carousel-serve`, which the
/// command line itself never links.
final class ServeCommandTests: XCTestCase {
    func testTheCommandLineDoesNotLinkTheWebServer() throws {
        let data = try Data(contentsOf: WebSandbox.binDir.appendingPathComponent("carousel"))
        XCTAssertNil(data.range(of: Data("HummingbirdCore".utf8)), "carousel links the web server")
        XCTAssertNil(data.range(of: Data("NIOPosix".utf8)), "carousel links SwiftNIO")
        let server = try Data(contentsOf: WebSandbox.binDir.appendingPathComponent("carousel-serve"))
        XCTAssertNotNil(server.range(of: Data("HummingbirdCore".utf8)))
    }

    func testABadPortIsAUsageError() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let r = try box.carousel(["serve", "--port", "70000"])
        XCTAssertEqual(r.status, 2, r.err)
        XCTAssertTrue(r.err.contains("--port must be 0–65535"), r.err)
    }

    func testWithoutTheServerProgramItSaysWhatToDo() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let lonely = box.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
        let copy = lonely.appendingPathComponent("carousel")
        try FileManager.default.copyItem(at: WebSandbox.binDir.appendingPathComponent("carousel"), to: copy)
        var env = box.environment
        env["PATH"] = "/usr/bin:/bin"
        let r = try WebSandbox.run(copy, ["serve", "--vault", box.vault.path], env: env)
        XCTAssertEqual(r.status, 1, r.err)
        XCTAssertTrue(r.err.contains("needs the carousel-serve program"), r.err)
    }
}
