import CarouselGit
import Foundation
import XCTest

/// What one run of the `carousel` binary (or `git`) did.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// Standard output parsed as JSON.
    func json(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try XCTUnwrap(value as? [String: Any], "stdout is not a JSON object: \(stdout)", file: file, line: line)
    }
}

/// A temporary vault folder for one test, with its own HOME so no global git config is read.
final class Sandbox: @unchecked Sendable {
    let root: URL
    let vault: URL
    let home: URL
    var today = "2026-11-23"

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        root = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-\(safe)-\(UUID().uuidString.prefix(8))")
        vault = root.appendingPathComponent("vault")
        home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["CAROUSEL_BIN"] { return URL(fileURLWithPath: path) }
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        var dir = bundle.bundleURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("carousel").path) {
            dir = Bundle.main.bundleURL
        }
        return dir.appendingPathComponent("carousel")
    }

    /// More variables for every command this sandbox runs (an ssh agent, a fake passwd home).
    var extraEnvironment: [String: String] = [:]

    var environment: [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1", "LANG": "C.UTF-8",
            "CAROUSEL_AUTHOR_NAME": "Test Person", "CAROUSEL_AUTHOR_EMAIL": "test@example.invalid",
            // Home and `today` show the time: pinned, so two runs never differ by the clock.
            "CAROUSEL_NOW": "2026-11-23T12:00",
        ].merging(extraEnvironment) { $1 }
    }

    /// Whether `carousel(…)` runs the command line in this process (`InProcess`); a test that
    /// needs a real process (exit by signal, two processes at once) sets it to false.
    var inProcess = !InProcess.disabled

    /// Runs `carousel ARGS --vault <vault> --today <today>` unless the args say otherwise:
    /// in-process unless `inProcess` is false or the command needs a process of its own. With
    /// a `limit` (seconds), a command that hangs fails the test instead of stalling it: the
    /// process is killed, or the test process stopped for an in-process run.
    @discardableResult
    func carousel(_ args: [String], env extra: [String: String] = [:], vaultFlag: Bool = true, cwd: URL? = nil,
                  limit: Int? = nil) throws -> RunResult {
        var full = args
        if vaultFlag && args.first != "init" { full += ["--vault", vault.path] }
        if !args.contains("--today") { full += ["--today", today] }
        let env = environment.merging(extra) { $1 }
        if inProcess, InProcess.canRun(args, env: env) {
            return InProcess.run(full, env: env, cwd: cwd ?? root, limit: limit)
        }
        if let limit {
            return try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["timeout", "-s", "KILL", String(limit), Sandbox.binary.path] + full,
                                   env: env, cwd: cwd ?? root)
        }
        return try Sandbox.run(Sandbox.binary, full, env: env, cwd: cwd ?? root)
    }

    /// Starts `carousel ARGS --vault <vault>` without waiting, output discarded.
    func start(_ args: [String]) throws -> Process {
        let p = Process()
        p.executableURL = Sandbox.binary
        p.arguments = args + ["--vault", vault.path, "--today", today]
        p.environment = environment
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    /// `carousel init <vault>` and checks it worked.
    func initVault(sample: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try carousel(["init", vault.path] + (sample ? ["--sample"] : []))
        XCTAssertEqual(r.status, 0, "init failed: \(r.stderr)", file: file, line: line)
    }

    @discardableResult
    func git(_ args: [String]) throws -> RunResult {
        try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", vault.path] + args, env: environment, cwd: root)
    }

    func write(_ relative: String, _ text: String) throws {
        let url = vault.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        try String(decoding: Data(contentsOf: vault.appendingPathComponent(relative)), as: UTF8.self)
    }

    /// Deletes `.carousel/` (the index and everything local) but keeps the day's short numbers,
    /// which are stable for the day by design, so views can be compared before and after.
    func removeLocalStateKeepingNumbers() throws {
        let local = vault.appendingPathComponent(".carousel")
        let numbers = try? Data(contentsOf: local.appendingPathComponent("numbers.tsv"))
        try FileManager.default.removeItem(at: local)
        if let numbers {
            try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
            try numbers.write(to: local.appendingPathComponent("numbers.tsv"))
        }
    }

    /// Commit subjects, newest first.
    func log() throws -> [String] {
        try git(["log", "--format=%s"]).stdout.split(separator: "\n").map(String.init)
    }

    /// Asserts the repository is tidy after a command: nothing uncommitted, fsck clean.
    func assertClean(file: StaticString = #filePath, line: UInt = #line) throws {
        let status = try git(["status", "--porcelain"])
        XCTAssertEqual(status.stdout, "", "working tree not clean", file: file, line: line)
        let fsck = try git(["fsck", "--strict"])
        XCTAssertEqual(fsck.status, 0, "git fsck: \(fsck.stderr)", file: file, line: line)
    }

    @discardableResult
    static func run(_ exe: URL, _ args: [String], env: [String: String], cwd: URL, stdin: String? = nil) throws -> RunResult {
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        p.environment = env
        p.currentDirectoryURL = cwd
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let input = stdin.map { _ in Pipe() }
        p.standardInput = input ?? FileHandle.nullDevice
        try p.run()
        if let input, let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        // Read both pipes before waiting so a large output cannot block the child.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        p.waitForExit()
        return RunResult(status: p.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Holds bytes read on another thread; the DispatchGroup orders the write before the read.
final class DataBox: @unchecked Sendable {
    var data = Data()
}

extension Dictionary where Key == String, Value == Any {
    func cards() -> [[String: Any]] { (self["cards"] as? [[String: Any]]) ?? [] }
}
