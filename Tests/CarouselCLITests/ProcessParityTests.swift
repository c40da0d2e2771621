import Foundation
import XCTest

/// The behaviour tests run the command line in-process; the `carousel` binary is the same code
/// behind a `main.swift`. Here both run the same commands on the same vault and must agree on
/// the exit status, standard output and standard error, for each documented exit code, JSON,
/// colour, input from a pipe and a vault found from the working folder.
final class ProcessParityTests: XCTestCase {
    func both(_ s: Sandbox, _ args: [String], env: [String: String] = [:], vaultFlag: Bool = true,
              file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        s.inProcess = true
        let inside = try s.carousel(args, env: env, vaultFlag: vaultFlag)
        s.inProcess = false
        let outside = try s.carousel(args, env: env, vaultFlag: vaultFlag)
        s.inProcess = true
        XCTAssertEqual(inside.status, outside.status, "\(args): exit status", file: file, line: line)
        XCTAssertEqual(inside.stdout, outside.stdout, "\(args): standard output", file: file, line: line)
        XCTAssertEqual(inside.stderr, outside.stderr, "\(args): standard error", file: file, line: line)
        return outside
    }

    func testTheBinaryAndTheInProcessRunAgree() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        // Read-only commands, so both runs see the same vault.
        XCTAssertEqual(try both(s, []).status, 0)
        XCTAssertEqual(try both(s, ["list", "--json"]).status, 0)
        XCTAssertEqual(try both(s, ["today", "--color", "always"]).status, 0)
        XCTAssertTrue(try both(s, ["list"], env: ["FORCE_COLOR": "1", "NO_COLOR": ""]).stdout.contains("\u{1B}["), "colour forced")
        XCTAssertEqual(try both(s, ["show", "no-such-card"]).status, 1)
        XCTAssertEqual(try both(s, ["list", "--bogus"]).status, 2)
        XCTAssertEqual(try both(s, ["frobnicate"]).status, 2)
        XCTAssertEqual(try both(s, ["list", "--vault", s.root.appendingPathComponent("nowhere").path], vaultFlag: false).status, 3)
        XCTAssertEqual(try both(s, ["--help"], vaultFlag: false).status, 0)
        // `--version` alone is answered before argument-parser runs; with more words
        // argument-parser answers it: the same line either way.
        let version = try both(s, ["--version"], vaultFlag: false)
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "0.1.0\n")
        XCTAssertEqual(try both(s, ["--version", "--json"], vaultFlag: false).stdout, version.stdout)
        XCTAssertEqual(try both(s, ["rule", "every 2 weeks on mon", "--from", "2026-11-23", "--count", "3", "--json"], vaultFlag: false).status, 0)
        XCTAssertEqual(try both(s, ["list", "--json"], env: ["CAROUSEL_VAULT": s.vault.path], vaultFlag: false).status, 0)
        // A change made one way shows the other way.
        s.inProcess = false
        XCTAssertEqual(try s.carousel(["add", "Made by the binary"]).status, 0)
        s.inProcess = true
        XCTAssertTrue(try s.carousel(["list"]).stdout.contains("Made by the binary"))
        XCTAssertEqual(try s.carousel(["add", "Made in-process"]).status, 0)
        XCTAssertTrue(try both(s, ["list"]).stdout.contains("Made in-process"))
        try s.assertClean()
    }
}
