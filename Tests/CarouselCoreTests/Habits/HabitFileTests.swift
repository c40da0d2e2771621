@testable import CarouselCore
import XCTest

final class HabitFileTests: XCTestCase {
    let text = """
        ---
        title: Brush teeth   # twice a day
        target: 2
        log:
          2026-11-19: 2
          2026-11-22: 1
        custom: kept
        ---
        Body.

        """

    func day(_ s: String) -> Day { Day(iso: s)! }

    func testEditingOneDayRewritesOneLine() throws {
        var f = try HabitFile(text: text, path: "habits/brush-teeth.md")
        f.setLog(day("2026-11-22"), .amount(2))
        XCTAssertEqual(f.text, text.replacingOccurrences(of: "2026-11-22: 1", with: "2026-11-22: 2"))
        XCTAssertEqual(f.habit.log[day("2026-11-22")], .amount(2))
    }

    func testANewDayGoesInDateOrder() throws {
        var f = try HabitFile(text: text, path: "habits/brush-teeth.md")
        f.setLog(day("2026-11-20"), .skip(note: "at the dentist"))
        f.setLog(day("2026-11-23"), .amount(1))
        f.setLog(day("2026-11-01"), .amount(1))
        let lines = f.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines[3...8]), ["log:", "  2026-11-01: 1", "  2026-11-19: 2", "  2026-11-20: skip — at the dentist",
                                             "  2026-11-22: 1", "  2026-11-23: 1"])
        XCTAssertTrue(f.text.contains("custom: kept\n---\nBody.\n"))
        XCTAssertTrue(f.text.contains("title: Brush teeth   # twice a day\n"))
    }

    func testRemovingADayAndStartingALog() throws {
        var f = try HabitFile(text: text, path: "habits/brush-teeth.md")
        f.setLog(day("2026-11-19"), nil)
        XCTAssertFalse(f.text.contains("2026-11-19"))
        XCTAssertEqual(f.habit.log.count, 1)

        var bare = try HabitFile(text: "---\ntitle: Walk\n---\n", path: "habits/walk.md")
        bare.setLog(day("2026-11-23"), .amount(25))
        XCTAssertEqual(bare.text, "---\ntitle: Walk\nlog:\n  2026-11-23: 25\n---\n")

        var flow = try HabitFile(text: "---\ntitle: Walk\nlog: {}\n---\n", path: "habits/walk.md")
        flow.setLog(day("2026-11-23"), .skip(note: "rain: heavy"))
        XCTAssertEqual(flow.habit.log[day("2026-11-23")], .skip(note: "rain: heavy"))
        XCTAssertTrue(flow.text.hasPrefix("---\ntitle: Walk\nlog:\n  2026-11-23: "), flow.text)
    }

    func testCRLFFilesStayCRLF() throws {
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        var f = try HabitFile(text: crlf, path: "habits/brush-teeth.md")
        f.setLog(day("2026-11-20"), .amount(2))
        XCTAssertEqual(f.text, crlf.replacingOccurrences(of: "  2026-11-22", with: "  2026-11-20: 2\r\n  2026-11-22"))
    }
}

extension HabitFileTests {
    func testQuotedDatesAreFoundInPlace() throws {
        var f = try HabitFile(text: "---\nlog:\n  \"2026-11-21\": 1\n  '2026-11-23': 1\n---\n", path: "habits/h.md")
        f.setLog(day("2026-11-21"), .amount(2))
        f.setLog(day("2026-11-22"), .amount(1))
        XCTAssertEqual(f.text, "---\nlog:\n  2026-11-21: 2\n  2026-11-22: 1\n  '2026-11-23': 1\n---\n")
        XCTAssertEqual(try f.checkedText(day("2026-11-22"), .amount(1)), f.text)
        XCTAssertThrowsError(try f.checkedText(day("2026-11-22"), .amount(5)))
    }
}
