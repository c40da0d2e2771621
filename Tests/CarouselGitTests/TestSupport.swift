import Foundation
import XCTest
@testable import CarouselGit

/// The identity every test commits with, so nothing depends on the machine's git config.
let testSignature = Signature(name: "Test Author", email: "test@example.com")

/// Output of one git CLI run.
struct GitRun {
    let status: Int32
    let stdout: String
    let stderr: String
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

extension XCTestCase {
    /// A fresh directory named after the running test, removed when the test ends.
    func makeTempDirectory() throws -> String {
        let safeName = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(safeName)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// A new repository in a fresh temp dir (the repo lives in `vault/`, HOME is the temp dir).
    func makeRepository() throws -> (repo: Repository, home: String) {
        let home = try makeTempDirectory()
        let repo = try Repository.create(at: home + "/vault")
        return (repo, home)
    }

    /// Runs the git CLI isolated from the machine's config, with a fixed identity.
    @discardableResult
    func git(_ arguments: [String], in directory: String, home: String) throws -> GitRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=CLI User", "-c", "user.email=cli@example.com"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/.config"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitForExit()
        return GitRun(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes text to a work-tree-relative path, creating folders as needed.
    func write(_ text: String, to path: String, in repo: Repository) throws {
        let url = URL(fileURLWithPath: repo.workdir).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove(_ path: String, in repo: Repository) throws {
        try FileManager.default.removeItem(atPath: repo.workdir + "/" + path)
    }

    /// Asserts `git status` is clean and `git fsck` passes.
    func assertCleanAndSound(_ repo: Repository, home: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let status = try git(["status", "--porcelain"], in: repo.workdir, home: home)
        XCTAssertEqual(status.status, 0, status.stderr, file: file, line: line)
        XCTAssertEqual(status.stdout, "", "git status not clean", file: file, line: line)
        let fsck = try git(["fsck", "--strict"], in: repo.workdir, home: home)
        XCTAssertEqual(fsck.status, 0, fsck.stderr + fsck.stdout, file: file, line: line)
    }
}
