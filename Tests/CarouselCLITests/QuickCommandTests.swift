import ArgumentParser
@testable import CarouselCLI
import XCTest

/// The everyday views are read without argument-parser (`QuickParse`); these tests hold that
/// reading to argument-parser's own, and hand it everything else.
final class QuickCommandTests: XCTestCase {
    /// Plain words give exactly the command argument-parser gives: every property, same value.
    func testPlainWordsReadAsArgumentParserReadsThem() throws {
        let lines: [[String]] = [
            [], ["--json"], ["--vault", "v", "--today", "2026-11-23"], ["--color=never"], ["--vault=v", "home"],
            ["home", "--why", "--now", "09:30"], ["today", "--now=14:00", "--json"],
            ["board"], ["board", "--limit", "3"], ["board", "--all"], ["--vault", "v", "board", "--json"],
            ["calendar"], ["calendar", "--month", "2026-12"], ["calendar", "--year", "--all"], ["calendar", "2027"],
            ["calendar", "tomorrow", "--day"], ["countdown", "--past"], ["countdown", "--color", "always"],
            ["timeline", "tomorrow", "--week", "--now", "10:00"], ["timeline"],
            ["suggest", "--mode", "linear", "--limit", "0", "--why"], ["suggest", "--explain"], ["suggest"],
            ["list"], ["list", "--overdue"], ["list", "+errand", "category:work", "--sort", "importance", "--limit", "5"],
            ["list", "--kind", "event", "--open", "--tag", "x", "--due", "before:eow", "--spoons", "1-2", "--importance", "4"],
            ["list", "--category", "work", "--repeating", "--all", "--done"],
            ["show", "12"], ["show", "pay", "the", "bill", "--as-of", "2026-11-01"], ["show", "3", "--json"],
            ["habits", "--weeks", "4"], ["streaks", "--json"], ["habits"],
        ]
        for words in lines {
            // Built first, and compared before it is validated: a property left unset would
            // stop the test when read.
            guard let (type, read) = QuickParse.reading(words) else {
                XCTFail("\(words) was left to argument-parser")
                continue
            }
            let parsed = try Carousel.parsed(Carousel.commandWords(words))
            XCTAssertEqual(String(reflecting: try type.init(quick: read)), String(reflecting: parsed), "\(words)")
            guard String(reflecting: try type.init(quick: read)) == String(reflecting: parsed) else { continue }
            XCTAssertNotNil(QuickParse.command(words), "\(words)")
        }
    }

    /// Whatever is not plain, or is a mistake, goes to argument-parser, which says what is wrong.
    func testEverythingElseIsLeftToArgumentParser() {
        let lines: [[String]] = [
            ["board", "-h"], ["board", "--help"], ["--help"], ["help"], ["--version"], ["board", "--bogus"],
            ["board", "--limit"], ["board", "--limit", "-1"], ["board", "--limit", "x"], ["board", "--all", "--limit", "3"],
            ["board", "--json", "--json"], ["board", "--limit", "2", "--limit=3"], ["board", "--json=yes"],
            ["calendar", "--month", "--year"], ["calendar", "a", "b"], ["calendar", "someday-ish"],
            ["suggest", "--why", "--explain"], ["suggest", "--mode", "clever"], ["list", "-someday"],
            ["list", "--sort", "colour"], ["list", "--open", "--done"], ["show"], ["show", "--", "-3"],
            ["countdown", "--", "x"], ["countdown", "x"], ["countdown", "--color", "purple"], ["countdown", "-"],
            ["add", "x"], ["12"], ["--today", "soon"], ["home", "--now", "25:00"], ["habits", "--weeks", "0"],
            ["timeline", "--now", "noon"], ["sync"], ["watch", "status"],
        ]
        for words in lines {
            // A property left unset is said here, not met by `validate()`, which would stop the test.
            if let (type, read) = QuickParse.reading(words), let built = try? type.init(quick: read),
               String(reflecting: built).contains("*definition*") {
                XCTFail("\(words): \(String(reflecting: built)) leaves a property unset")
                continue
            }
            XCTAssertNil(QuickParse.command(words), "\(words)")
        }
    }

    /// Each quick command answers to the words its own row in `Carousel.commands` does.
    func testEachQuickCommandAnswersToItsOwnNames() throws {
        for (word, type) in QuickParse.commands {
            let row = try XCTUnwrap(Carousel.commands.first { $0.words.contains(word) }, word)
            XCTAssertTrue(row.type == type, "\(word)")
        }
    }

    /// Each quick command reads every long option its help lists, and no other: a new option
    /// left out here would send every run that uses it the slow way.
    func testEachQuickCommandReadsEveryOptionItHas() {
        for type in QuickParse.commands.values {
            let spec = QuickWords.Spec.global.adding(type.quickSpec)
            XCTAssertEqual(Self.options(inHelpOf: type).subtracting(["--help"]), spec.options.union(spec.flags), "\(type)")
        }
    }

    /// The long names in the first column of a command's OPTIONS.
    static func options(inHelpOf type: any ParsableCommand.Type) -> Set<String> {
        let lines = type.helpMessage(columns: 200).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("OPTIONS:") }) else { return [] }
        var names: Set<String> = []
        for line in lines[start...].dropFirst() {
            let entry = line.drop { $0 == " " }
            guard entry.hasPrefix("-") else { continue }
            let column = entry.components(separatedBy: "  ")[0]
            for word in column.split(whereSeparator: { !($0.isLetter || $0 == "-") }) where word.hasPrefix("--") && word.count > 2 {
                names.insert(String(word))
            }
        }
        return names
    }
}
