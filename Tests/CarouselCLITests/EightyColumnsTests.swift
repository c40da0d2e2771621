import ArgumentParser
@testable import CarouselCLI
import XCTest

/// `COLUMNS=80`: no line of any `--help` and no line of any view on the sample vault is longer
/// than 80 columns (a pinned date; the views' own widths come from COLUMNS). `bubbles` is left
/// out: it writes a file and names its path, as long as the folder it is in.
final class EightyColumnsTests: XCTestCase {
    /// Every command's words, subcommands included (`habit pause`, `tag rename`, …).
    func commandPaths() -> [[String]] {
        func walk(_ type: any ParsableCommand.Type, _ path: [String]) -> [[String]] {
            [path] + type.configuration.subcommands.flatMap { walk($0, path + [$0._commandName]) }
        }
        return [[]] + Carousel.configuration.subcommands.flatMap { walk($0, [$0._commandName]) }
    }

    /// The lines of `text` wider than 80 columns (colour codes are off: `--color never`).
    func tooWide(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { displayWidth($0) > 80 }
    }

    func testEveryHelpFitsEightyColumns() throws {
        let s = try Sandbox()
        var wide: [String] = []
        for path in commandPaths() {
            let r = try s.carousel(path + ["--help"], env: ["COLUMNS": "80"], vaultFlag: false)
            XCTAssertEqual(r.status, 0, "\(path) --help: \(r.stderr)")
            wide += tooWide(r.stdout).map { "carousel \(path.joined(separator: " ")) --help: \($0)" }
        }
        XCTAssertEqual(wide, [], wide.joined(separator: "\n"))
    }

    func testEveryViewFitsEightyColumnsOnTheSampleVault() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let views: [[String]] = [
            [], ["today"], ["board"], ["calendar"], ["calendar", "--month"], ["calendar", "--day"], ["countdown"], ["countdown", "--past"],
            ["timeline"], ["timeline", "--week"], ["suggest"], ["list"], ["list", "--all"], ["habits"], ["checkin"], ["pick"],
            ["progress"], ["show", "call-mum"], ["tag", "list"], ["log"], ["doctor"], ["rule", "every 2 weeks on tue, thu"],
        ]
        var wide: [String] = []
        for view in views {
            let r = try s.carousel(view + ["--color", "never"], env: ["COLUMNS": "80", "CAROUSEL_NOW": "2026-11-23T10:00"])
            wide += tooWide(r.stdout + r.stderr).map { "carousel \(view.joined(separator: " ")): \($0)" }
        }
        XCTAssertEqual(wide, [], wide.joined(separator: "\n"))
    }
}
