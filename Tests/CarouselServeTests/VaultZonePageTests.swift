import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// A time written without a zone is in the vault's `time_zone:`, on the page as on the terminal:
/// both show it on this device's clock.
final class VaultZonePageTests: XCTestCase {
    func testThePagePlacesAVaultZonedTimeWhereTheTerminalDoes() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        try box.write("carousel.yaml", try box.read("carousel.yaml") + "time_zone: Asia/Tokyo\n")
        try box.write("cards/call.md", "---\ntitle: Call Ana\ndue: 2026-11-23T20:00\n---\n")
        // Tokyo is nine hours ahead of this device's clock (UTC in the tests).
        let terminal = try box.carousel(["calendar", "--day", "--json"])
        XCTAssertEqual(terminal.status, 0, terminal.err)
        XCTAssertTrue(terminal.out.contains("\"time\" : \"11:00\""), terminal.out)
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            for page in ["/calendar?period=day", "/calendar?period=week"] {
                try await client.execute(uri: page, method: .get, headers: cookie) { r in
                    let html = String(buffer: r.body)
                    XCTAssertTrue(html.contains("11:00"), "\(page) does not show 11:00: \(html)")
                    XCTAssertFalse(html.contains("20:00"), "\(page) shows Tokyo's clock")
                }
            }
        }
    }
}
