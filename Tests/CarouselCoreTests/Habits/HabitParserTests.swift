@testable import CarouselCore
import XCTest

final class HabitParserTests: XCTestCase {
    let brush = """
        ---
        id: 01KAQ2C7ZA3N6V8P1W5X0R9T2Y
        title: Brush teeth
        repeat: every day
        target: 2
        period: day          # day, week or month
        unit: count
        start: 2026-11-09
        mood: sunny
        log:
          2026-11-21: 2
          2026-11-22: 1.5
          2026-11-20: skip — at the dentist
          2026-11-19: skip
          2026-11-18: "skip: travelling"
        ---
        Notes stay.

        """

    func testReadsEveryField() throws {
        let h = try HabitParser.parse(text: brush, path: "habits/brush-teeth.md")
        XCTAssertEqual(h.slug, "brush-teeth")
        XCTAssertEqual(h.title, "Brush teeth")
        XCTAssertEqual(h.target, 2)
        XCTAssertEqual(h.period, .day)
        XCTAssertEqual(h.unit, .count)
        XCTAssertEqual(h.start, Day(iso: "2026-11-09"))
        XCTAssertEqual(h.log[Day(iso: "2026-11-21")!], .amount(2))
        XCTAssertEqual(h.log[Day(iso: "2026-11-22")!], .amount(1.5))
        XCTAssertEqual(h.log[Day(iso: "2026-11-20")!], .skip(note: "at the dentist"))
        XCTAssertEqual(h.log[Day(iso: "2026-11-19")!], .skip(note: nil))
        XCTAssertEqual(h.log[Day(iso: "2026-11-18")!], .skip(note: "travelling"))
        XCTAssertTrue(h.log[Day(iso: "2026-11-20")!]!.isExcused)
        XCTAssertFalse(h.log[Day(iso: "2026-11-19")!]!.isExcused)
    }

    func testDefaultsAreADailyCountOfOne() throws {
        let h = try HabitParser.parse(text: "---\ntitle: Stretch\n---\n", path: "habits/stretch.md")
        XCTAssertEqual(h.repeatText, "every day")
        XCTAssertEqual(h.rule, RecurrenceRule(frequency: .daily))
        XCTAssertEqual(h.target, 1)
        XCTAssertEqual(h.period, .day)
        XCTAssertEqual(h.unit, .count)
        XCTAssertTrue(h.log.isEmpty)
    }

    func assertDiagnostic(_ text: String, line: Int, column: Int, contains needle: String,
                          file: StaticString = #filePath, at: UInt = #line) {
        XCTAssertThrowsError(try HabitParser.parse(text: text, path: "habits/x.md"), file: file, line: at) { error in
            guard let d = error as? FileDiagnostic else { return XCTFail("not a FileDiagnostic: \(error)", file: file, line: at) }
            XCTAssertEqual(d.path, "habits/x.md", file: file, line: at)
            XCTAssertEqual(d.line, line, d.description, file: file, line: at)
            XCTAssertEqual(d.column, column, d.description, file: file, line: at)
            XCTAssertTrue(d.message.contains(needle), d.message, file: file, line: at)
        }
    }

    func testBadFieldsPointAtTheLine() {
        assertDiagnostic("---\ntitle: X\nunit: m/s\n---\n", line: 3, column: 7, contains: "unit must be one plain word")
        assertDiagnostic("---\ntitle: X\nperiod: fortnight\n---\n", line: 3, column: 9, contains: "period must be day, week or month")
        assertDiagnostic("---\ntitle: X\ntarget: -1\n---\n", line: 3, column: 9, contains: "target must be a number above 0")
        assertDiagnostic("---\ntitle: X\nrepeat: every 0 days\n---\n", line: 3, column: 15, contains: "interval")
        assertDiagnostic("---\ntitle: X\nstart: soon\n---\n", line: 3, column: 8, contains: "start must be a date")
        assertDiagnostic("---\ntitle: X\nrepeat: 3 days after done\n---\n", line: 3, column: 9, contains: "for cards")
    }

    func testBadLogLinesPointAtTheDay() {
        assertDiagnostic("---\ntitle: X\nlog:\n  2026-11-21: 2\n  2026-11-22: lots\n---\n", line: 5, column: 15, contains: "2026-11-22 must be an amount")
        assertDiagnostic("---\ntitle: X\nlog:\n  2026-11-21: -3\n---\n", line: 4, column: 15, contains: "at least 0")
        assertDiagnostic("---\ntitle: X\nlog:\n  yesterday: 1\n---\n", line: 4, column: 3, contains: "log dates must look like")
        assertDiagnostic("---\ntitle: X\nlog: [1, 2]\n---\n", line: 3, column: 6, contains: "one day per line")
        assertDiagnostic("---\ntitle: X\nlog:\n  2026-11-21: skipped it\n---\n", line: 4, column: 15, contains: "skip")
    }

    func testLogEntryForms() {
        XCTAssertEqual(HabitParser.entry("3"), .amount(3))
        XCTAssertEqual(HabitParser.entry("skip - sick"), .skip(note: "sick"))
        XCTAssertEqual(HabitParser.entry("SKIP"), .skip(note: nil))
        XCTAssertNil(HabitParser.entry("skipping"))
        XCTAssertNil(HabitParser.entry("-1"))
        XCTAssertEqual(HabitLogEntry.skip(note: "sick").text, "skip — sick")
        XCTAssertEqual(HabitLogEntry.amount(2.5).text, "2.5")
    }
}
