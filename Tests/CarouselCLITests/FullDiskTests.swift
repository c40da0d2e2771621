import Foundation
import XCTest

/// A vault on a small tmpfs, filled to the last page: every command that cannot write says
/// "the disk is full" with the file, nothing changes, and the next command after space is freed
/// works. Mounting needs root (CI runs as root); elsewhere the test says why it is skipped.
final class FullDiskTests: XCTestCase {
    /// Mounts a tmpfs of `size` at a fresh folder of the sandbox; unmounted by the returned closure.
    func mountTmpfs(_ s: Sandbox, size: String) throws -> (URL, () -> Void) {
        let mountPoint = s.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path],
                                env: s.environment, cwd: s.root)
        guard r.status == 0 else { throw XCTSkip("cannot mount a tmpfs here (it needs root): \(r.stderr)") }
        return (mountPoint, {
            _ = try? Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["umount", "-l", mountPoint.path], env: s.environment, cwd: s.root)
        })
    }

    /// Fills the file system holding `filler` completely, then frees `free` bytes.
    func fill(_ filler: URL, leaving free: Int) throws {
        unlink(filler.path)
        let fd = open(filler.path, O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x55, count: 4096)
        var size = 0
        while true {
            let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, 4096) }
            if n <= 0 { break }
            size += n
        }
        XCTAssertEqual(errno, ENOSPC)
        XCTAssertEqual(ftruncate(fd, off_t(max(0, size - free))), 0)
    }

    func testFullTmpfsRefusesEveryChangeClearlyAndLosesNothing() throws {
        let s = try Sandbox()
        let (disk, unmount) = try mountTmpfs(s, size: "3m")
        defer { unmount() }
        let vault = disk.appendingPathComponent("vault")
        let r0 = try s.carousel(["init", vault.path])
        XCTAssertEqual(r0.status, 0, r0.stderr)
        let v = ["--vault", vault.path]
        func git(_ args: [String]) throws -> RunResult {
            try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", vault.path] + args, env: s.environment, cwd: s.root)
        }
        XCTAssertEqual(try s.carousel(["add", "Hello"] + v, vaultFlag: false).status, 0)
        let filler = disk.appendingPathComponent("filler")
        var refused = 0, saved = 0
        // Every amount of free space from none to 64 KB, a page at a time under `make stress`
        // (four pages at a time otherwise): each command either is saved whole or refused with
        // the disk-full sentence and no trace.
        for free in stride(from: 0, through: 65536, by: Stress.pick(full: 4096, quick: 16384)) {
            for verb in ["add", "set", "done or undone"] {
                let isDone = try String(contentsOfFile: vault.path + "/cards/hello.md", encoding: .utf8).contains("\ndone: ")
                let args = verb == "add" ? ["add", "Card \(free)"] : verb == "set" ? ["set", "hello", "title=Hello \(free)"]
                    : [isDone ? "undone" : "done", "hello"]
                try fill(filler, leaving: free)
                let before = try git(["rev-parse", "HEAD"]).stdout
                let cardsBefore = try FileManager.default.contentsOfDirectory(atPath: vault.path + "/cards").sorted()
                let r = try s.carousel(args + v, vaultFlag: false)
                let context = "\(args) with \(free) bytes free: \(r.stderr)"
                unlink(filler.path)
                let after = try git(["rev-parse", "HEAD"]).stdout
                if r.status == 0 {
                    saved += 1
                    XCTAssertNotEqual(before, after, context)
                } else {
                    refused += 1
                    XCTAssertEqual(r.status, 3, context)
                    XCTAssertTrue(r.stderr.hasPrefix("error: the disk is full: could not save cards/"), context)
                    XCTAssertTrue(r.stderr.contains("nothing was changed"), context)
                    XCTAssertFalse(r.stderr.contains("SQLite"), context)
                    XCTAssertEqual(before, after, context)
                    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vault.path + "/cards").sorted(), cardsBefore, context)
                }
                XCTAssertEqual(try git(["status", "--porcelain"]).stdout, "", context)
                XCTAssertEqual(try git(["fsck", "--strict"]).status, 0, context)
            }
        }
        XCTAssertGreaterThan(refused, 0)
        XCTAssertGreaterThan(saved, 0, "64 KB is room for a change")
        // A full disk still shows every view.
        try fill(filler, leaving: 0)
        for view in [["today"], ["list", "--json"], ["log"], ["show", "hello"]] {
            let r = try s.carousel(view + v, vaultFlag: false)
            XCTAssertEqual(r.status, 0, "\(view): \(r.stderr)")
        }
        unlink(filler.path)
        let after = try s.carousel(["add", "After space came back"] + v, vaultFlag: false)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertEqual(try git(["log", "-1", "--format=%s"]).stdout, "add: After space came back\n")
    }
}
