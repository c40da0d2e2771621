import CarouselGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `git daemon` serving a folder on 127.0.0.1 with push enabled, for one test; stop() in tearDown.
final class GitDaemon {
    let process = Process()
    let port: Int

    init(basePath: URL) throws {
        port = try GitDaemon.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "daemon", "--export-all", "--enable=receive-pack", "--base-path=\(basePath.path)",
                             "--port=\(port)", "--listen=127.0.0.1", "--reuseaddr", basePath.path]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": basePath.path, "GIT_CONFIG_NOSYSTEM": "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A monotonic clock bounds the wait; no test reads the calendar.
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while !GitDaemon.canConnect(port) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                stop()
                throw XCTSkip("git daemon did not start on port \(port)")
            }
            usleep(50_000)
        }
    }

    func url(_ repo: String) -> String { "git://127.0.0.1:\(port)/\(repo)" }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitForExit()
        }
    }

    /// Asks the kernel for an unused port by binding port 0.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw XCTSkip("no socket") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard bound else { throw XCTSkip("cannot bind a local port") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    static func canConnect(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
