@testable import CarouselCore
import XCTest

/// The index stores each card's body for `search`; the byte-level reading used on the hot path
/// gives exactly what the line-by-line reading gives, or steps aside.
final class CardBodyTests: XCTestCase {
    func testByteReadingAgreesWithLineReading() {
        let texts = [
            "", "---", "---\n", "---\ntitle: A\n---", "---\ntitle: A\n---\n", "---\ntitle: A\n---\nBody\n",
            "---\ntitle: A\n---\nBody\nmore\n\n", "---\ntitle: A\n...\nBody", "---\ntitle: A\n  ---  \nBody",
            "---\ntitle: A\n\t---\nBody\n---\nagain\n", "no front matter\n---\n", "\u{FEFF}---\ntitle: A\n---\nBody",
            "---\ntitle: A\nnever closed\n", "---x\ntitle: A\n---\nBody", "----\n---\nBody", "---\ntitle: Ünïcode\n---\nBödy ✓\n",
            "---\r\ntitle: A\r\n---\r\nBody\r\n", "---\ntitle: A\n\u{A0}---\nBody", "---\u{301}\ntitle: A\n---\nBody",
            "\u{FEFF}\u{301}---\n---\n", "É---\n---\nx",
        ]
        for text in texts {
            XCTAssertEqual(CardRow.body(of: text), CardRow.lineBody(of: text), "\(text.debugDescription)")
        }
        // The common case takes the byte path; CR line ends and Unicode spaces do not.
        XCTAssertEqual(CardRow.byteBody(of: "---\ntitle: A\n---\nBody\n"), "Body\n")
        XCTAssertNil(CardRow.byteBody(of: "---\r\ntitle: A\r\n---\r\nBody"))
        XCTAssertNil(CardRow.byteBody(of: "---\ntitle: A\n\u{A0}---\nBody"))
    }

    /// `forEachCard` reads the rowid after the card's columns, at `selectCount`.
    func testTheRowidFollowsTheSelectedColumns() {
        // Split at the commas outside parentheses: a column may be an expression with its own.
        var columns: [String] = [], depth = 0, current = ""
        for ch in CardRow.selectColumns {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if ch == ",", depth == 0 { columns.append(current); current = "" } else { current.append(ch) }
        }
        columns = (columns + [current]).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(columns.count, CardRow.selectCount)
        XCTAssertEqual(columns.first, "path")
        XCTAssertFalse(columns.contains("rowid"))
    }
}
