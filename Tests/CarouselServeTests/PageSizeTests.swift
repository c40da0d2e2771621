import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// A big vault keeps every page under 2,000 elements: the board pages its columns, a day lists
/// its first hundred, the bubbles draw two hundred, and the form token is not repeated per card
/// more than the forms need.
final class PageSizeTests: XCTestCase {
    static let limit = 2_000

    static func elements(_ html: String) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in html.utf8 {
            if previous == UInt8(ascii: "<"), (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) { count += 1 }
            previous = byte
        }
        return count
    }

    func testEveryPageStaysUnderTwoThousandElementsWithThreeThousandCards() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: true)
        let cards = box.vault.appendingPathComponent("cards")
        // Overdue, today (400 on one day), this week, upcoming, later and someday.
        let dues = ["2026-10-05", "2026-11-23", "2026-11-23", "2026-11-25", "2026-12-02", "2027-03-01", ""]
        for i in 0..<3_000 {
            let due = dues[i % dues.count]
            try Data("---\ntitle: Bulk card \(i)\n\(due.isEmpty ? "" : "due: \(due)\n")---\n".utf8)
                .write(to: cards.appendingPathComponent("bulk-\(i).md"))
        }
        // A day with 120 cards pulled into it, and a change of 3,120 files for undo to name.
        for i in 0..<120 {
            try Data("---\ntitle: Pulled card \(i)\nspoons: 3\ntoday: 2026-11-23\n---\n".utf8)
                .write(to: cards.appendingPathComponent("pulled-\(i).md"))
        }
        _ = try box.git(["add", "-A"])
        _ = try box.git(["-c", "user.name=Test Person", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "A first import"])
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        let pages = ["/", "/board", "/board?all=1", "/board?page=3", "/calendar", "/calendar?period=week", "/calendar?period=day",
                     "/calendar?period=year", "/bubbles", "/habits", "/countdown", "/timeline", "/checkin", "/more", "/undo",
                     "/cards/bulk-7"]
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            for path in pages {
                try await client.execute(uri: path, method: .get, headers: cookie) { r in
                    let html = String(buffer: r.body)
                    XCTAssertEqual(r.status, .ok, path)
                    let n = Self.elements(html)
                    print("\(path): \(n) elements, \(html.utf8.count) bytes")
                    XCTAssertLessThan(n, Self.limit, "\(path) has \(n) elements")
                    XCTAssertLessThan(html.components(separatedBy: access.formToken).count - 1, 400, path)
                }
            }
            try await client.execute(uri: "/board", method: .get, headers: cookie) { r in
                XCTAssertTrue(String(buffer: r.body).contains("Later cards →"))
            }
            try await client.execute(uri: "/", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                // 120 pulled (and the cards due today): the first rows, then how many more.
                let open = html.components(separatedBy: "id=\"today-open\"").last?.components(separatedBy: "</ol>").first ?? ""
                XCTAssertEqual(open.components(separatedBy: "<li ").count - 1, TodaySection.rowsShown)
                XCTAssertNotNil(html.range(of: #"… and [0-9]+ more open in today\."#, options: .regularExpression), html)
                XCTAssertTrue(html.contains("The board shows every one"))
            }
            try await client.execute(uri: "/undo", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("A first import"), html)
                XCTAssertTrue(html.contains("Undo puts 3120 cards back as they were"), html)
            }
            try await client.execute(uri: "/calendar?period=day", method: .get, headers: cookie) { r in
                XCTAssertTrue(String(buffer: r.body).contains("more: `carousel calendar` lists them all"))
            }
        }
    }
}
