import Foundation
import XCTest

/// Where things live, checked on the sources themselves: SQL only in the index, one JSON
/// encoder for the whole program.
final class ArchitectureTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources/, by path relative to it, with its text.
    func swiftFiles() throws -> [(path: String, text: String)] {
        let base = Self.sources.path + "/"
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.sources.path))
        var files: [(String, String)] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOfFile: base + relative, encoding: .utf8)))
        }
        XCTAssertGreaterThan(files.count, 100, "the sources were found")
        return files
    }

    func testSQLLivesOnlyInTheIndex() throws {
        let sql = try NSRegularExpression(pattern: #"where: "|sql: |"SELECT |"INSERT |"UPDATE |"DELETE |\.execute\("#)
        for file in try swiftFiles() where !file.path.hasPrefix("CarouselCore/Index/") {
            // The CalDAV program's HTTP client runs requests with `execute(` too; that is not SQL.
            let text = file.path.hasPrefix("CarouselCalDAV/") ? file.text.replacingOccurrences(of: "httpClient.execute(", with: "") : file.text
            let range = NSRange(text.startIndex..., in: text)
            XCTAssertNil(sql.firstMatch(in: text, range: range), "\(file.path) holds SQL; it belongs in CarouselCore/Index/")
        }
    }

    /// A view asks one `CardSource`, never which source it has: no switch between the index and
    /// every card in memory, and no setting that forces the one or the other. (The words are
    /// built here so that this file does not hold them either.)
    func testViewsReadOnePathWithoutASwitch() throws {
        let words = ["cards" + "Loaded", "CAROUSEL_" + "READ_" + "ALL"]
        for file in try swiftFiles() {
            for word in words { XCTAssertFalse(file.text.contains(word), "\(file.path) holds \(word); views ask `CardSource`") }
        }
    }

    func testOneJSONEncoderIsMade() throws {
        let made = try swiftFiles().filter { $0.text.contains("JSONEncoder()") }.map(\.path)
        XCTAssertEqual(made, ["CarouselCore/Support/JSONText.swift"])
    }

    /// The command line reads its surroundings from its run (`CommandLineRun`), never from the
    /// process, so it can run in-process with another environment and other streams.
    func testTheCommandLineReadsItsRunNotTheProcess() throws {
        let process = try NSRegularExpression(pattern: #"ProcessInfo\.processInfo\.environment|FileHandle\.standard(Input|Output|Error)|isatty\(|setenv\(|getenv\(|Swift\.print\(|Swift\.readLine\("#)
        let files = try swiftFiles().filter { $0.path.hasPrefix("CarouselCLI/") && !$0.path.hasPrefix("CarouselCLI/Run/") }
        XCTAssertGreaterThan(files.count, 50, "the command line's sources were found")
        for file in files {
            let range = NSRange(file.text.startIndex..., in: file.text)
            XCTAssertNil(process.firstMatch(in: file.text, range: range), "\(file.path) reads the process; use CommandLineRun.current")
        }
    }

    /// The text of string literals of at least 14 characters with a space (sentences, not keys),
    /// split at interpolations, in the files under one folder of Sources/.
    func sentences(under folder: String) throws -> Set<String> {
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\\n]|\\.)*)""#)
        let interpolation = try NSRegularExpression(pattern: #"\\\([^)]*\)"#)
        var found: Set<String> = []
        for file in try swiftFiles() where file.path.hasPrefix(folder + "/") {
            let text = file.text as NSString
            for match in literal.matches(in: file.text, range: NSRange(location: 0, length: text.length)) {
                let body = text.substring(with: match.range(at: 1)) as NSString
                let marked = interpolation.stringByReplacingMatches(in: body as String, range: NSRange(location: 0, length: body.length), withTemplate: "\u{0}")
                for piece in marked.split(separator: "\u{0}") {
                    let sentence = piece.trimmingCharacters(in: .whitespaces)
                    if sentence.count >= 14, sentence.contains(" ") { found.insert(sentence) }
                }
            }
        }
        return found
    }

    /// Each sentence once: what an action says (`Said`) and what an empty board column says live
    /// in the core, and the terminal and the page show them. The view sentences below are still
    /// written on both sides; the list may shrink, never grow.
    func testNoNewSentenceIsWrittenBothInTheCommandLineAndOnThePage() throws {
        let stillTwice: Set<String> = [
            #"--now must be a date and time like 2026-11-23T09:30, found \""#,
            #"--today must be a date like 2026-11-23, found \""#,
            ".rounded()))% done)",
            "How did today go?",
            #"No habits yet. Start small: `carousel habit add \"Drink water\" --target 6`."#,
            "Today counts once 40% of today's habits are done",
            "Today counts toward your streak",
            "in today's list",
            "nothing scheduled",
        ]
        let both = try sentences(under: "CarouselCLI").intersection(try sentences(under: "CarouselWeb"))
        XCTAssertEqual(both.subtracting(stillTwice), [], "written both in Sources/CarouselCLI and Sources/CarouselWeb; put it in the core once")
        XCTAssertFalse(both.isEmpty, "the literals were read")
        XCTAssertTrue(try sentences(under: "CarouselCore").contains { $0.contains("Done for today") }, "the action sentences are in the core")
    }
}
