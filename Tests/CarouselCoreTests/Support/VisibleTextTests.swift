import CarouselCore
import XCTest

final class VisibleTextTests: XCTestCase {
    func testControlsBecomeVisibleEscapes() {
        XCTAssertEqual(VisibleText.escape("a\u{1B}]0;t\u{07}b"), #"a\e]0;t\ab"#)
        XCTAssertEqual(VisibleText.escape("\u{0}\u{8}\u{7F}\u{9B}x"), #"\x00\b\x7F\u{009B}x"#)
        XCTAssertEqual(VisibleText.escape("abc \u{202E}cba\u{2066}"), #"abc \u{202E}cba\u{2066}"#)
    }

    func testLineEndsTabsAndPlainTextStay() {
        XCTAssertEqual(VisibleText.escape("one\ttwo\nthree\r\nfour"), "one\ttwo\nthree\nfour")
        XCTAssertEqual(VisibleText.escape("lone\rreturn"), #"lone\rreturn"#)
        XCTAssertEqual(VisibleText.escape("a\r\nb\u{1B}", keepingCRLF: true), "a\r\nb\\e")
        XCTAssertEqual(VisibleText.escape("Café 🎉 \\e"), "Café 🎉 \\e")
    }

    func testColourIsKeptOnlyWhenAskedAndOnlySGR() {
        let painted = "\u{1B}[1;31mred\u{1B}[0m"
        XCTAssertEqual(VisibleText.escape(painted, keepingColor: true), painted)
        XCTAssertEqual(VisibleText.escape(painted), #"\e[1;31mred\e[0m"#)
        XCTAssertEqual(VisibleText.escape("\u{1B}[2J\u{1B}[1A\u{1B}]8;;x\u{1B}\\", keepingColor: true), #"\e[2J\e[1A\e]8;;x\e\"#)
    }
}
