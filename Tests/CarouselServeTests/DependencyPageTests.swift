import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// The web page and dependencies: a blocked card is off the home strip and the board, and its
/// own page says what it waits for, until that card is done.
final class DependencyPageTests: XCTestCase {
    func testABlockedCardsPageSaysWhatItWaitsFor() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        try box.write("cards/buy-paint.md", "---\ntitle: Buy paint\ndue: 2026-11-24\n---\n")
        try box.write("cards/paint-the-fence.md", "---\ntitle: Paint the fence\ndue: 2026-11-24\nimportance: 5\nblocked_by: [buy-paint]\n---\n")
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/cards/paint-the-fence", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("waits for") && html.contains("Buy paint (buy-paint)"), html)
            }
            try await client.execute(uri: "/board", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("data-title=\"Buy paint"), html)
                XCTAssertFalse(html.contains("data-title=\"Paint the fence"), html)
            }
        }
        try box.write("cards/buy-paint.md", "---\ntitle: Buy paint\ndue: 2026-11-24\ndone: 2026-11-23T09:00\n---\n")
        let again = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: again, access: access)).test(.router) { client in
            try await client.execute(uri: "/cards/paint-the-fence", method: .get, headers: cookie) { r in
                XCTAssertFalse(String(buffer: r.body).contains("waits for"))
            }
            try await client.execute(uri: "/board", method: .get, headers: cookie) { r in
                XCTAssertTrue(String(buffer: r.body).contains("data-title=\"Paint the fence"))
            }
        }
    }
}
