import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// The board page shows a page of each column (20 cards, so a page stays small with any vault),
/// in `carousel board`'s order, and pages on to every card.
final class BoardPageTests: XCTestCase {
    func testAColumnShowsTwentyAPageAndPagesOnToEveryCard() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        for i in 1...53 {
            try box.write("cards/late-\(String(format: "%02d", i)).md", "---\ntitle: Late \(i)\ndue: 2026-10-\(String(format: "%02d", 1 + i % 28))\n---\n")
        }
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        var seen: [String] = []
        func titles(_ html: String) -> [String] {
            html.components(separatedBy: "data-title=\"Late ").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/board", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertEqual(titles(html).count, 20, html)
                seen += titles(html)
                XCTAssertTrue(html.contains("(53)"), html)
                XCTAssertTrue(html.contains("… and 33 more. <a href=\"/board?page=2\">Show the next 20</a>"), html)
            }
            for page in [2, 3] {
                try await client.execute(uri: "/board?page=\(page)", method: .get, headers: cookie) { r in
                    let html = String(buffer: r.body)
                    XCTAssertEqual(titles(html).count, page == 2 ? 20 : 13, html)
                    seen += titles(html)
                    XCTAssertEqual(html.contains("Show the next 20"), page == 2)
                    XCTAssertTrue(html.contains("← Earlier cards"))
                }
            }
            try await client.execute(uri: "/board?all=1", method: .get, headers: cookie) { r in
                XCTAssertEqual(titles(String(buffer: r.body)).count, 20)
            }
            try await client.execute(uri: "/board?page=99999999999999999999", method: .get, headers: cookie) { r in
                XCTAssertEqual(r.status, .ok)
            }
        }
        XCTAssertEqual(Set(seen).count, 53, "every card is on one of the pages, once")
        XCTAssertEqual(seen.count, 53)
    }
}
