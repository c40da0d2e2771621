import ArgumentParser
@testable import CarouselCLI
import XCTest

/// A run finds its command in `Carousel.commands` and parses it on its own; these tests hold
/// that table and that route to what argument-parser does from the root.
final class CommandTableTests: XCTestCase {
    /// Each row's words are its command's own name and aliases, and each command has one row.
    func testEachRowAnswersToItsCommandsOwnNames() {
        for (words, type) in Carousel.commands {
            XCTAssertEqual(words, [type._commandName] + type.configuration.aliases, "\(type)")
        }
        let types = Carousel.commands.map { ObjectIdentifier($0.type) }
        XCTAssertEqual(Set(types).count, types.count)
        XCTAssertEqual(Carousel.configuration.subcommands.map { ObjectIdentifier($0) }, types)
    }

    /// Parsed on its own, a command gets exactly the values it gets from the root.
    func testTheNamedCommandParsesAsFromTheRoot() throws {
        let lines: [[String]] = [
            [], ["--json"], ["--vault", "v", "--today", "2026-11-23"],
            ["home", "--color", "never"], ["countdown", "--past", "--vault", "v"],
            ["calendar", "--month", "--json"], ["list", "--overdue", "+errand"], ["streaks", "--json"],
            ["habit", "add", "Stretch", "--json"], ["add", "Buy", "milk", "tomorrow", "!4"],
            ["add", "--", "--not-an-option"], ["tag", "rename", "a", "b"], ["watch", "status"],
        ]
        for words in lines {
            let direct = try Carousel.parsed(words)
            let fromRoot = try Carousel.parseAsRoot(words)
            XCTAssertEqual(String(reflecting: direct), String(reflecting: fromRoot), "\(words)")
        }
    }

    /// What the command alone does not take is refused, or helped with, as from the root.
    func testMistakesAndHelpReadAsFromTheRoot() {
        let lines: [[String]] = [
            ["countdown", "--bogus"], ["countdown", "--help"], ["board", "-h"], ["--help"], ["help", "board"],
            ["add"], ["list", "--today", "soon"], ["countdown", "--version"], ["habit", "add", "--help"],
            ["watch", "maybe"],
        ]
        for words in lines {
            let direct = message { try Carousel.parsed(words) }
            let fromRoot = message { try Carousel.parseAsRoot(words) }
            XCTAssertEqual(direct, fromRoot, "\(words)")
            XCTAssertTrue(direct.contains("exit"), "\(words): \(direct)")
            if words.contains("--help") || words.contains("-h") || words.first == "help" {
                XCTAssertTrue(direct.contains("USAGE: carousel "), direct)
            }
        }
    }

    /// What parsing said: argument-parser's own help command is run, which only throws its text.
    private func message(_ parse: () throws -> ParsableCommand) -> String {
        do {
            var command = try parse()
            if Carousel.commands.contains(where: { Carousel.isCommand(type(of: command), in: $0.type) }) {
                return "parsed \(type(of: command))"
            }
            try command.run()
            return "ran \(type(of: command))"
        } catch {
            return Carousel.fullMessage(for: error) + " exit \(Carousel.exitCode(for: error).rawValue)"
        }
    }
}
