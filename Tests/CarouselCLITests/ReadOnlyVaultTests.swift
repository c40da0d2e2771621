import Foundation
import XCTest

/// A vault this account cannot write (a read-only mount, or an ordinary account looking at
/// someone else's files) shows every view and refuses every change in one sentence; a vault
/// owned by another account is explained by owner and git's own remedy.
final class ReadOnlyVaultTests: XCTestCase {
    static let views: [[String]] = [["today"], ["list"], ["list", "--json"], ["show", "hello"], ["home"], ["board"],
                                    ["habits"], ["suggest"], ["calendar"], ["timeline"], ["progress"], ["export", "--format", "json"]]
    static let changes: [[String]] = [["add", "Nope"], ["done", "hello"], ["set", "hello", "spoons=3"], ["drop", "hello"]]

    func env(_ args: [String]) -> URL { URL(fileURLWithPath: "/usr/bin/env") }

    /// Runs the built binary as `nobody` (setpriv, util-linux), with its own HOME.
    func asNobody(_ s: Sandbox, _ args: [String], vault: URL, home: URL) throws -> RunResult {
        var environment = s.environment
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.path
        return try Sandbox.run(URL(fileURLWithPath: "/usr/bin/setpriv"),
                               ["--reuid=nobody", "--regid=nogroup", "--clear-groups", Sandbox.binary.path]
                               + args + ["--vault", vault.path, "--today", s.today], env: environment, cwd: s.root)
    }

    /// A sample vault with a card "hello", no local state, readable by everyone.
    func makeVault(_ s: Sandbox) throws {
        try s.initVault(sample: true)
        XCTAssertEqual(try s.carousel(["add", "Hello"]).status, 0)
        try FileManager.default.removeItem(at: s.vault.appendingPathComponent(".carousel"))
    }

    func homeForNobody(_ s: Sandbox) throws -> URL {
        guard getuid() == 0 else { throw XCTSkip("running as another account needs root (CI runs as root)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("setpriv (util-linux) is missing") }
        // nobody must reach the binary and the vault.
        var dir = Sandbox.binary.deletingLastPathComponent()
        while dir.path != "/" {
            guard access(dir.path, X_OK) == 0, let attributes = try? FileManager.default.attributesOfItem(atPath: dir.path),
                  let mode = attributes[.posixPermissions] as? Int, mode & 0o001 != 0 else {
                throw XCTSkip("nobody cannot reach the built binary through \(dir.path)")
            }
            dir.deleteLastPathComponent()
        }
        let home = s.root.appendingPathComponent("nobody-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        XCTAssertEqual(chown(home.path, 65534, 65534), 0)
        return home
    }

    func testReadOnlyVaultRunByAnOrdinaryAccountShowsEveryViewAndRefusesChanges() throws {
        let s = try Sandbox()
        let home = try homeForNobody(s)
        try makeVault(s)
        let before = try s.git(["rev-parse", "HEAD"]).stdout
        for view in ReadOnlyVaultTests.views {
            let r = try asNobody(s, view, vault: s.vault, home: home)
            XCTAssertEqual(r.status, 0, "\(view): \(r.stderr)")
            XCTAssertFalse(r.stdout.isEmpty, "\(view)")
        }
        let json = try asNobody(s, ["list", "--json"], vault: s.vault, home: home)
        XCTAssertTrue(json.stdout.contains("\"Hello\""), json.stdout)
        for change in ReadOnlyVaultTests.changes {
            let r = try asNobody(s, change, vault: s.vault, home: home)
            XCTAssertEqual(r.status, 3, "\(change): \(r.stderr)")
            XCTAssertEqual(r.stderr, "error: the vault at \(s.vault.path) is read-only for you: Carousel can show it but not change it; nothing was changed\n")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.path + "/.carousel"))
        XCTAssertEqual(try s.git(["rev-parse", "HEAD"]).stdout, before)
        try s.assertClean()
    }

    func testReadOnlyMountShowsEveryViewAndRefusesChanges() throws {
        let s = try Sandbox()
        try makeVault(s)
        let mountPoint = s.root.appendingPathComponent("readonly")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let bind = try Sandbox.run(env([]), ["mount", "--bind", s.vault.path, mountPoint.path], env: s.environment, cwd: s.root)
        guard bind.status == 0 else { throw XCTSkip("cannot bind-mount here (it needs root): \(bind.stderr)") }
        defer { _ = try? Sandbox.run(env([]), ["umount", "-l", mountPoint.path], env: s.environment, cwd: s.root) }
        let ro = try Sandbox.run(env([]), ["mount", "-o", "remount,bind,ro", mountPoint.path], env: s.environment, cwd: s.root)
        XCTAssertEqual(ro.status, 0, ro.stderr)
        for view in ReadOnlyVaultTests.views + [["log"]] {
            let r = try s.carousel(view + ["--vault", mountPoint.path], vaultFlag: false)
            XCTAssertEqual(r.status, 0, "\(view): \(r.stderr)")
        }
        for change in ReadOnlyVaultTests.changes {
            let r = try s.carousel(change + ["--vault", mountPoint.path], vaultFlag: false)
            XCTAssertEqual(r.status, 3, "\(change): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("is read-only for you"), r.stderr)
        }
    }

    func testVaultOwnedByAnotherAccountNamesTheOwnerAndGitsRemedy() throws {
        let s = try Sandbox()
        let home = try homeForNobody(s)
        try makeVault(s)
        // Writable by everyone, so only ownership stands in the way.
        XCTAssertEqual(try Sandbox.run(env([]), ["chmod", "-R", "a+rwX", s.vault.path], env: s.environment, cwd: s.root).status, 0)
        let expected = "error: the vault at \(s.vault.path) belongs to root, not to you (nobody), so git will not work in it. "
            + "If you trust root, allow it with: git config --global --add safe.directory \(s.vault.path)\n"
        for args in [["log"], ["add", "From nobody"]] {
            let r = try asNobody(s, args, vault: s.vault, home: home)
            XCTAssertEqual(r.status, 3, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr, expected)
            XCTAssertFalse(r.stderr.contains("was not found"))
        }
        // The remedy works: with git's own setting, the same account reads the history.
        var environment = s.environment
        environment["HOME"] = home.path
        try Data("[safe]\n\tdirectory = \(s.vault.path)\n".utf8).write(to: home.appendingPathComponent(".gitconfig"))
        _ = chown(home.appendingPathComponent(".gitconfig").path, 65534, 65534)
        let log = try asNobody(s, ["log"], vault: s.vault, home: home)
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertTrue(log.stdout.contains("Hello"), log.stdout)
    }
}
