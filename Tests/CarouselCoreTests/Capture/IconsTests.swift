import XCTest
@testable import CarouselCore

final class IconsTests: XCTestCase {
    /// Every keyword in the table picks its own icon, as a whole word and inside a title.
    func testEveryKeywordPicksItsIcon() {
        for (keyword, icon) in Icons.table {
            XCTAssertEqual(Icons.pick(for: keyword), icon, keyword)
            XCTAssertEqual(Icons.pick(for: "Remember to \(keyword) today"), Icons.pick(for: keyword), keyword)
        }
    }

    /// The brief's examples and the everyday inflections people write.
    func testInflectionsFindTheirKeyword() {
        let cases: [(String, String)] = [
            ("Go to the gym", "🏋️"), ("Call Mum", "📞"), ("Reply to emails", "📧"), ("Read a chapter", "📖"),
            ("Grocery run", "🛒"), ("Buy groceries", "🛒"), ("Morning running", "🏃"), ("Swimming lesson", "🏊"),
            ("Writing session", "✍️"), ("Driving test", "🚗"), ("Cycling to work", "🚲"), ("Jogging", "🏃"),
            ("Coding kata", "💻"), ("Studies for the exam", "📚"), ("Cleaning the flat", "🧹"), ("Hiking trip", "🥾"),
            ("Brush teeth", "🪥"), ("Pay the bills", "💳"), ("Dentist appointment", "🦷"), ("Take medication", "💊"),
            ("Walk the dog", "🚶"), ("Meditation", "🧘"), ("Do your stretches", "🧘"),
        ]
        for (title, icon) in cases { XCTAssertEqual(Icons.pick(for: title), icon, title) }
    }

    func testWordsThatOnlyContainAKeywordDoNotMatch() {
        for title in ["Recall the plan details", "Buy carrots", "Scatter seeds", "Catalogue", "Bookend"] {
            XCTAssertNotEqual(Icons.pick(for: title), "📞", title)
            XCTAssertNotEqual(Icons.pick(for: title), "🚗", title)
            XCTAssertNotEqual(Icons.pick(for: title), "🐈", title)
        }
    }

    /// "Book" that opens a title is booking: the rest of the title chooses, else a ticket.
    func testBookAsAVerbIsNotReading() {
        let cases: [(String, String?)] = [
            ("Book train tickets", "🎟️"), ("Book dentist appointment", "🦷"), ("Book accommodation", "🎟️"),
            ("Book a table for dinner", "🍽️"), ("Read a book", "📖"), ("Finish reading that book", "📖"), ("Book", "📖"),
        ]
        for (title, icon) in cases { XCTAssertEqual(Icons.pick(for: title), icon, title) }
    }
}
