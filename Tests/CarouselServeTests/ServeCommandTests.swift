import Foundation
import XCTest

/// `carousel serve` as the command line sees it: a hand-over to `carousel-serve`, which the
/// command line itself never links.
final class ServeCommandTests: XCTestCase {
    func testTheCommandLineDoesNotLinkTheWebServer() throws {
        let data = try Data(contentsOf: WebSandbox.binDir.appendingPathComponent("carousel"))
        XCTAssertNil(data.range(of: Data("HummingbirdCore".utf8)), "carousel links the web server")
        XCTAssertNil(data.range(of: Data("NIOPosix".utf8)), "carousel links SwiftNIO")
        XCTAssertNil(data.range(of: Data("NIOSSL".utf8)), "carousel links the TLS stack")
        XCTAssertNil(data.range(of: Data("BoringSSL".utf8)), "carousel links BoringSSL")
        let server = try Data(contentsOf: WebSandbox.binDir.appendingPathComponent("carousel-serve"))
        XCTAssertNotNil(server.range(of: Data("HummingbirdCore".utf8)))
        XCTAssertNotNil(server.range(of: Data("NIOSSL".utf8)))
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

import CarouselWeb

/// Which Host headers name this server.
final class HostTests: XCTestCase {
    func testLoopbackAcceptsOnlyLoopbackNamesWithThePort() {
        let access = Access()
        access.bound(address: "127.0.0.1", port: 4321)
        for host in ["127.0.0.1:4321", "localhost:4321", "[::1]:4321"] { XCTAssertTrue(access.allows(host: host), host) }
        for host in ["127.0.0.1:80", "evil.example:4321", "127.0.0.1.evil.example:4321", "192.168.1.5:4321", ""] {
            XCTAssertFalse(access.allows(host: host), host)
        }
    }

    func testEveryInterfaceAcceptsAddressesButNeverANameThatCouldBeRebound() {
        let access = Access()
        access.bound(address: "0.0.0.0", port: 4321)
        for host in ["192.168.1.5:4321", "10.0.0.2:4321", "[fe80::1]:4321"] { XCTAssertTrue(access.allows(host: host), host) }
        for host in ["evil.example:4321", "192.168.1.5:80", "1.2.3:4321", "192.168.1.500:4321"] {
            XCTAssertFalse(access.allows(host: host), host)
        }
    }
}
