import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// The board page shows a column's first cards, as `carousel board` does, and links to every card.
final class BoardPageTests: XCTestCase {
    func testAColumnShowsItsFirstFiftyAndLinksToEveryCard() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        for i in 1...53 {
            try box.write("cards/late-\(String(format: "%02d", i)).md", "---\ntitle: Late \(i)\ndue: 2026-10-\(String(format: "%02d", 1 + i % 28))\n---\n")
        }
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/board", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertEqual(html.components(separatedBy: "data-title=\"Late ").count - 1, 50, html)
                XCTAssertTrue(html.contains("(53)"), html)
                XCTAssertTrue(html.contains("… and 3 more. <a href=\"/board?all=1\">Show every card</a>"), html)
            }
            try await client.execute(uri: "/board?all=1", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertEqual(html.components(separatedBy: "data-title=\"Late ").count - 1, 53)
                XCTAssertFalse(html.contains("Show every card"))
            }
        }
    }
}
