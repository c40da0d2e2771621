import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// The card page says a zoned card's zone, where it is and its reminders as `show` does, and the
/// page's reminders read the same `remind:` list as `carousel remind`.
final class CardZonePageTests: XCTestCase {
    func makeApp(_ box: WebSandbox, now: String, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        var env = box.environment
        env["CAROUSEL_NOW"] = now
        return Application(router: buildRouter(store: VaultStore(vault: vault, pinnedDay: nil, environment: env), access: access))
    }

    func testTheCardPageAndThePagesRemindersReadTheList() async throws {
        let box = try WebSandbox()
        try box.initVault()
        try box.write("cards/choir.md", "---\ntitle: Choir\nkind: event\ndue: 2026-11-26T19:00\ntz: Europe/Berlin\nlocation: St. Mary's, north door\nremind: [1d, 15m after]\n---\n")
        try box.write("cards/call.md", "---\ntitle: Call\ndue: 2026-11-23T10:00\nremind: 1h, 30m\n---\n")
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        var headers: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .accept: "application/json", .origin: "http://localhost"]
        headers[HTTPField.Name("X-Carousel-Token")!] = access.formToken
        func slugs(_ body: ByteBuffer) throws -> [String] {
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any])
            return (json["reminders"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
        }
        try await makeApp(box, now: "2026-11-23T09:00", access: access).test(.router) { client in
            try await client.execute(uri: "/cards/choir", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                for text in ["Europe/Berlin (19:00 there)", "St. Mary&#39;s, north door", "1d before, 15m after"] {
                    XCTAssertTrue(html.contains(text) || html.contains(text.replacingOccurrences(of: "&#39;", with: "'")), "missing \(text) in \(html)")
                }
            }
            try await client.execute(uri: "/cards/call", method: .get, headers: cookie) { r in
                XCTAssertTrue(String(buffer: r.body).contains("1h before, 30m before"))
            }
            try await client.execute(uri: "/reminders", method: .post, headers: headers) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                XCTAssertEqual(try slugs(r.body), ["call"])
            }
        }
        try await makeApp(box, now: "2026-11-23T09:30", access: access).test(.router) { client in
            try await client.execute(uri: "/reminders", method: .post, headers: headers) { r in
                XCTAssertEqual(try slugs(r.body), ["call"], "the second value of the list fires too")
            }
        }
    }
}
