@testable import CarouselCore
import XCTest

final class CSVTests: XCTestCase {
    func testFormulaCellsAreNeutralised() {
        XCTAssertEqual(CSV.field("=1+1"), "'=1+1")
        XCTAssertEqual(CSV.field("+cmd"), "'+cmd")
        XCTAssertEqual(CSV.field("-cmd"), "'-cmd")
        XCTAssertEqual(CSV.field("@SUM(A1)"), "'@SUM(A1)")
        XCTAssertEqual(CSV.field("\tx"), "'\tx")
        XCTAssertEqual(CSV.field("\rx"), "\"'\rx\"")
        XCTAssertEqual(CSV.field("=HYPERLINK(\"a\",\"b\")"), "\"'=HYPERLINK(\"\"a\"\",\"\"b\"\")\"")
    }

    func testNumbersAndPlainTextAreLeftAlone() {
        XCTAssertEqual(CSV.field("-3"), "-3")
        XCTAssertEqual(CSV.field("2026-11-23"), "2026-11-23")
        XCTAssertEqual(CSV.field("a = b"), "a = b")
    }
}
