import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `carousel serve --lan` against a device that holds connections open, and the TLS it offers:
/// the server runs as a program on 127.0.0.1 (`--lan-address`), the idle connections come from
/// 127.0.0.2 (loopback too, but another address to the server), the owner from 127.0.0.1.
final class LANLimitsTests: XCTestCase {
    /// 1,100 idle connections from one address under a 1,024 open-file limit (soft and hard):
    /// all but 32 are closed at once, and the owner's page answers within a second.
    func testIdleConnectionsFromOneAddressDoNotLockTheOwnerOut() throws {
        let box = try WebSandbox()
        try box.initVault()
        let server = try LANServer(box, ["--lan", "--lan-address", "127.0.0.1"], shell: "ulimit -n 1024")
        defer { server.stop() }
        XCTAssertEqual(try Self.limits(server.process.processIdentifier).soft, 1024)
        let cookie = "carousel_token=\(server.token)"
        let warm = try LANServer.curl(["-k", "-b", cookie, server.base + "/"])
        XCTAssertEqual(warm.status, 200, warm.head)

        let sockets = (0..<1100).map { _ in Self.connect(from: "127.0.0.2", to: server.port) }
        defer { sockets.forEach { close($0) } }
        XCTAssertEqual(sockets.filter { $0 < 0 }.count, 0, "every connection is opened")
        // The server closes those over the limit as it accepts them.
        var closed = 0
        for _ in 0..<100 {
            closed = sockets.filter(Self.closedByPeer).count
            if closed >= 1100 - 32 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertGreaterThanOrEqual(closed, 1100 - 32, "at most 32 kept open for that address, the rest closed")

        // The system's uptime, not the wall clock: only the time between the two readings counts.
        let start = ProcessInfo.processInfo.systemUptime
        let page = try LANServer.curl(["-k", "-b", cookie, server.base + "/"])
        let took = ProcessInfo.processInfo.systemUptime - start
        XCTAssertEqual(page.status, 200, page.head)
        XCTAssertTrue(page.body.contains("Today"))
        XCTAssertLessThan(took, 1.0, "the owner's page answers at once")
        XCTAssertTrue(server.process.isRunning, server.output)
    }

    /// Under a soft limit below the hard one, the server raises its own to the hard one.
    func testTheOpenFileLimitIsRaisedToTheHardLimit() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let server = try LANServer(box, ["--lan", "--lan-address", "127.0.0.1"], shell: "ulimit -S -n 256 && ulimit -H -n 4096")
        defer { server.stop() }
        let limits = try Self.limits(server.process.processIdentifier)
        XCTAssertEqual(limits.soft, 4096)
        XCTAssertEqual(limits.hard, 4096)
    }

    /// The certificate made for this computer is a leaf, not a CA, and TLS 1.0 and 1.1 are refused.
    func testTheCertificateIsNotACAAndTLS11IsRefused() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let server = try LANServer(box, ["--lan", "--lan-address", "127.0.0.1"])
        defer { server.stop() }
        let cert = box.vault.appendingPathComponent(".carousel/serve-cert.pem").path
        let text = try Self.openssl(["x509", "-in", cert, "-noout", "-text"]).out
        XCTAssertTrue(text.contains("CA:FALSE"), text)
        XCTAssertFalse(text.contains("CA:TRUE"), text)
        XCTAssertTrue(text.contains("Digital Signature"), text)
        XCTAssertFalse(text.contains("Certificate Sign"), text)
        // The client's own security level would refuse TLS 1.1 first; level 0 makes it ask the server.
        for (version, accepted) in [("-tls1", false), ("-tls1_1", false), ("-tls1_2", true), ("-tls1_3", true)] {
            let r = try Self.openssl(["s_client", "-connect", "127.0.0.1:\(server.port)", version, "-cipher", "DEFAULT@SECLEVEL=0"])
            XCTAssertEqual(r.out.contains("Cipher is (NONE)") || r.status != 0, !accepted, "\(version): \(r.out)\(r.err)")
        }
    }

    /// A kept certificate made by an older Carousel as a CA is made again, as a leaf.
    func testAKeptCACertificateIsMadeAgain() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let folder = box.vault.appendingPathComponent(".carousel").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cert = folder + "/serve-cert.pem"
        let made = try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                                     "-keyout", folder + "/serve-key.pem", "-out", cert, "-days", "30", "-subj", "/CN=old",
                                     "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"])
        XCTAssertEqual(made.status, 0, made.err)
        XCTAssertTrue(try Self.openssl(["x509", "-in", cert, "-noout", "-text"]).out.contains("CA:TRUE"))
        let names = try Self.openssl(["x509", "-in", cert, "-noout", "-ext", "subjectAltName"]).out
        XCTAssertTrue(names.contains("127.0.0.1"))
        try "127.0.0.1\nlocalhost\n".write(toFile: folder + "/serve-cert.names", atomically: true, encoding: .utf8)
        let server = try LANServer(box, ["--lan", "--lan-address", "127.0.0.1"])
        defer { server.stop() }
        XCTAssertTrue(server.output.contains("made for this computer just now"), server.output)
        XCTAssertTrue(try Self.openssl(["x509", "-in", cert, "-noout", "-text"]).out.contains("CA:FALSE"))
    }

    // MARK: - Helpers

    static func openssl(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        try WebSandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec openssl \"$@\" </dev/null", "openssl"] + args,
                           env: ["PATH": "/usr/bin:/bin"])
    }

    /// The open-file limits of a running process, from `/proc`.
    static func limits(_ pid: Int32) throws -> (soft: Int, hard: Int) {
        let text = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return (numbers.first ?? -1, numbers.dropFirst().first ?? -1)
    }

    /// A TCP connection from `source` to 127.0.0.1:`port` that sends nothing; -1 if it fails.
    static func connect(from source: String, to port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let ok = withUnsafePointer(to: &local) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        } && withUnsafePointer(to: &remote) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard ok else { close(fd); return -1 }
        return fd
    }

    /// Whether the other end has closed the connection (a read finds its end, or a reset).
    static func closedByPeer(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
        return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }
}
