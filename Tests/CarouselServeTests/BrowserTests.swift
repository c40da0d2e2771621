import Foundation
import XCTest

/// The browser suite and the load check in `Tests/Browser/webtest.py`, run against the built
/// binaries. `make test` installs Chromium, chromium-driver and Selenium first.
final class BrowserTests: XCTestCase {
    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/webtest.py")
    }

    func requireBrowser() throws {
        let env = ProcessInfo.processInfo.environment
        let have = FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
        if !have {
            // `make test` sets this, so a missing browser fails there instead of skipping.
            if env["CAROUSEL_REQUIRE_BROWSER"] == "1" { XCTFail("chromium and chromium-driver are not installed (make deps)") }
            throw XCTSkip("chromium and chromium-driver are not installed; `make test` installs them")
        }
    }

    func runScript(_ args: [String]) throws -> (status: Int32, out: String) {
        let r = try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/env"),
                                   ["python3", Self.script.path, WebSandbox.binDir.path] + args,
                                   env: ProcessInfo.processInfo.environment)
        return (r.status, r.out + r.err)
    }

    func testHeadlessChromiumDoneDragAndFollowingTheVault() throws {
        try requireBrowser()
        let r = try runScript([])
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertTrue(r.out.contains("all browser checks passed"), r.out)
    }

    /// Fifty clients for ten seconds under `make stress` (`CAROUSEL_STRESS=1`), three otherwise.
    func testFiftyClientsAtOnceLoseNothing() throws {
        let seconds = ProcessInfo.processInfo.environment["CAROUSEL_STRESS"] == "1" ? 10 : 3
        let r = try runScript(["--load", String(seconds)])
        XCTAssertEqual(r.status, 0, r.out)
    }
}
