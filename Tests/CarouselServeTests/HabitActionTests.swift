import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// The page's habit actions keep what was logged, as `skip` and `check` do on the terminal.
final class HabitActionTests: XCTestCase {
    func makeApp(_ box: WebSandbox, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        return Application(router: buildRouter(store: store, access: access))
    }

    func testASkipOnTheHabitsPageKeepsTheDaysProgress() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        XCTAssertEqual(try box.carousel(["habit", "add", "Walk", "--target", "30", "--unit", "min"]).status, 0)
        XCTAssertEqual(try box.carousel(["check", "walk", "20min"]).status, 0)
        let before = try box.log()
        let access = Access(hosts: ["localhost"])
        let headers: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .origin: "http://localhost", .accept: "application/json"]
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/habits", method: .get, headers: headers) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("✓ Log min"), "a habit in minutes is logged by its amount: \(html)")
                XCTAssertFalse(html.contains("Skip Walk today"), "a day with progress offers no skip: \(html)")
            }
            try await client.execute(uri: "/actions/skip", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&habit=walk")) { r in
                XCTAssertEqual(r.status, .conflict)
                XCTAssertTrue(String(buffer: r.body).contains("Walk already has 20 min logged today"), String(buffer: r.body))
            }
        }
        XCTAssertEqual(try box.log(), before)
        XCTAssertTrue(try box.read("habits/walk.md").contains("  2026-11-23: 20\n"))
    }
}
