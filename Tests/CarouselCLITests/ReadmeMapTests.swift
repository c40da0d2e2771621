import Foundation
import XCTest

/// The README is the map: every command `carousel --help` lists appears in its command table, and
/// the root help names the options every command takes.
final class ReadmeMapTests: XCTestCase {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The subcommand names in the root help's SUBCOMMANDS section ("habits, streaks" gives both).
    func subcommands(_ help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line -> [String]? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.contains("carousel help") else { return nil }
            let names = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            return names.replacingOccurrences(of: " (default)", with: "").components(separatedBy: ", ")
        }.flatMap { $0 }.filter { !$0.isEmpty }
    }

    /// `carousel --help` exactly as typed (no --today or --vault, which would pick the home command).
    func rootHelp() throws -> String {
        let s = try Sandbox()
        let r = try Sandbox.run(Sandbox.binary, ["--help"], env: s.environment, cwd: s.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testEveryCommandIsInTheReadmeTable() throws {
        let help = try rootHelp()
        let names = subcommands(help)
        XCTAssertGreaterThan(names.count, 40, "the help lists the commands: \(help)")
        let table = try String(contentsOf: Self.readme, encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
        for name in names {
            XCTAssertTrue(table.contains("`\(name)") || table.contains(" `\(name) ") || table.contains("(`\(name)`)"),
                          "README's command table does not name `\(name)`")
        }
    }

    func testRootHelpNamesTheGlobalOptions() throws {
        let help = try rootHelp()
        XCTAssertTrue(help.contains("USAGE: carousel <subcommand>"), "this is the root help: \(help)")
        for option in ["--vault", "--today", "--json", "--color"] {
            XCTAssertTrue(help.contains(option), "carousel --help does not mention \(option)")
        }
    }
}
