import CarouselGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A remote that stops answering, a remote that refuses with its own words, and views that
/// answer while a sync waits on the network.
final class SyncLimitsTests: XCTestCase {
    /// A TCP port on 127.0.0.1 that accepts connections (the kernel completes them from the
    /// backlog) and never says a word.
    private func silentPort() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        XCTAssertTrue(bound, "cannot listen on 127.0.0.1")
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    func testAStalledRemoteStopsWithinTheLimitAndViewsAnswerMeanwhile() throws {
        let (fd, port) = try silentPort()
        defer { close(fd) }
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop", remoteURL: "git://127.0.0.1:\(port)/vault.git")
        try a.write("cards/x.md", cardText(id: "01JX", title: "Something"))

        let sync = Process()
        sync.executableURL = Sandbox.binary
        sync.arguments = ["sync", "--timeout", "3", "--vault", a.vault.path, "--today", a.today]
        sync.environment = a.environment
        let stderr = Pipe()
        sync.standardError = stderr
        sync.standardOutput = FileHandle.nullDevice
        let started = ProcessInfo.processInfo.systemUptime
        try sync.run()
        Thread.sleep(forTimeInterval: 1.2)
        XCTAssertTrue(sync.isRunning, "the sync should still be waiting on the silent remote")
        let listStarted = ProcessInfo.processInfo.systemUptime
        let list = try a.carousel(["list", "--json"], env: ["CAROUSEL_LOCK_TIMEOUT": "10"])
        let listTook = ProcessInfo.processInfo.systemUptime - listStarted
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertLessThan(listTook, 2, "list waited on the sync")
        XCTAssertTrue(sync.isRunning, "list must have run while the sync waited")

        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sync.waitForExit()
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 15)
        XCTAssertNotEqual(sync.terminationStatus, 0)
        XCTAssertTrue(errors.contains("origin stopped answering after 3 s; nothing was lost, your changes are committed locally"), errors)
        XCTAssertTrue(try a.log().first?.hasPrefix("edit:") ?? false, "the local commit is kept")
        try a.assertClean()
    }

    /// carousel.yaml travels with the vault: a peer's `sync: {timeout: 3600}` cannot make a
    /// stalled transfer wait past this device's ceiling (`git config carousel.syncTimeout`).
    func testTheVaultsOwnTimeoutCannotStretchPastTheDevicesCeiling() throws {
        let (fd, port) = try silentPort()
        defer { close(fd) }
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop", remoteURL: "git://127.0.0.1:\(port)/vault.git")
        try a.write("carousel.yaml", try a.read("carousel.yaml") + "sync: {timeout: 3600}\n")
        try a.git(["config", "carousel.syncTimeout", "2"])
        let r = try a.carousel(["sync"], limit: 60)
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("origin stopped answering after 2 s"), r.stderr)
        XCTAssertTrue(r.stderr.contains("carousel.yaml asks sync to wait up to 3600 s on a silent remote; this device allows at most 2 s"), r.stderr)
        XCTAssertTrue(try a.log().first?.hasPrefix("edit:") ?? false, "the local commit is kept")
    }

    func testAPushRefusedByAHookShowsTheServersWords() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop")
        let hook = world.bare.appendingPathComponent("hooks/pre-receive")
        try Data("#!/bin/sh\necho 'branch is protected by policy' >&2\nexit 1\n".utf8).write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        try a.write("cards/x.md", cardText(id: "01JX", title: "Something"))
        let r = try a.carousel(["sync"])
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("refused the push"), r.stderr)
        XCTAssertTrue(r.stderr.contains("branch is protected by policy"), r.stderr)
        XCTAssertTrue(try a.log().first?.hasPrefix("edit:") ?? false, "the local commit is kept")
        try a.assertClean()
    }

    /// A remote that keeps talking but sends no data (its words every half second, a progress
    /// line that never moves) is stopped by the no-progress limit all the same.
    func testARemoteThatTricklesWordsButNoDataStopsWithinTheLimit() throws {
        let world = try SyncWorld()
        let a = try world.firstDevice(name: "laptop", remoteURL: "ssh://trickle.invalid/vault.git")
        let script = world.root.appendingPathComponent("trickle-ssh")
        try Data("""
            #!/bin/sh
            # git first asks `-G HOST` to learn which ssh this is.
            [ "$1" = "-G" ] && exit 0
            i=0
            while true; do
              i=$((i+1))
              echo "remote: Counting objects: $i" >&2
              echo "Still working on it ($i)" >&2
              printf 'Receiving objects:   1%% (1/100)\\r' >&2
              sleep 0.5
            done

            """.utf8).write(to: script)
        chmod(script.path, 0o755)
        try a.write("cards/x.md", cardText(id: "01JX", title: "Something"))
        let started = ProcessInfo.processInfo.systemUptime
        let r = try a.carousel(["sync", "--timeout", "3"], env: ["GIT_SSH_COMMAND": script.path])
        XCTAssertLessThan(ProcessInfo.processInfo.systemUptime - started, 12, "the trickle kept the sync going")
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("origin stopped answering after 3 s; nothing was lost"), r.stderr)
        XCTAssertTrue(try a.log().first?.hasPrefix("edit:") ?? false, "the local commit is kept")
        try a.assertClean()
    }
}
