import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// The page has what `pick` and the day's clock give the terminal: home says the time, the next
/// fixed thing and the day left, shows Today's first steps, and "Pick one for me" offers one card
/// that fits the spoons left and the minutes before the next fixed thing, with another on request.
final class PickPageTests: XCTestCase {
    func testHomeShowsTheClockAndPickOneOffersACardThatFitsThenAnother() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        try box.write("cards/dentist.md", "---\ntitle: Dentist\nkind: event\ndue: 2026-11-23T13:00\n---\n")
        try box.write("cards/long-walk.md", "---\ntitle: Long walk\nimportance: 5\nduration: 90m\n---\n")
        try box.write("cards/call-mum.md", "---\ntitle: Call Mum\nimportance: 4\nduration: 20m\n---\n")
        try box.write("cards/water-plants.md", "---\ntitle: Water plants\nimportance: 2\nduration: 10m\n---\n")
        try box.write("cards/report.md", "---\ntitle: Report\nfirst_step: open the laptop\n---\n")
        XCTAssertEqual(try box.carousel(["pull", "report"]).status, 0)
        var env = box.environment
        env["CAROUSEL_NOW"] = "2026-11-23T12:00"
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: env)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            func body(_ uri: String) async throws -> String {
                try await client.execute(uri: uri, method: .get, headers: cookie) { r in
                    XCTAssertEqual(r.status, .ok)
                    return String(buffer: r.body)
                }
            }
            let home = try await body("/")
            XCTAssertTrue(home.contains("It&#39;s 12:00.") || home.contains("It's 12:00."), home)
            XCTAssertTrue(home.contains("<strong>Dentist</strong> at 13:00, in 1h."), home)
            XCTAssertTrue(home.contains("first step: open the laptop"), home)
            XCTAssertTrue(home.contains("href=\"/pick\""), home)

            let first = try await body("/pick")
            XCTAssertTrue(first.contains("data-ref=\"call-mum\""), "the most important card that fits 60 minutes: \(first)")
            XCTAssertTrue(first.contains("the 60 minutes before Dentist"), first)
            XCTAssertFalse(first.contains("data-ref=\"long-walk\""), first)
            let link = try XCTUnwrap(first.range(of: #"href="/pick\?another=1&amp;offered=[^"]*""#, options: .regularExpression))
            let next = String(first[link]).dropFirst(6).dropLast().replacingOccurrences(of: "&amp;", with: "&")
            let second = try await body(next)
            XCTAssertTrue(second.contains("data-ref=\"water-plants\""), second)
            XCTAssertFalse(second.contains("data-ref=\"call-mum\""), "never the same card twice: \(second)")
        }
    }

    /// After days away, home says welcome back with the three ways as buttons; one way is one
    /// commit, and then the welcome is put away for the day ("Not now" puts it away too).
    func testWelcomeBackOnThePageAndAWayBackIsOneCommit() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        try box.write("cards/tax.md", "---\ntitle: Tax return\ndue: 2026-11-20\n---\n")
        _ = try box.git(["add", "-A"])
        _ = try box.git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-qm", "a card"])
        try FileManager.default.createDirectory(at: box.vault.appendingPathComponent(".carousel"), withIntermediateDirectories: true)
        try box.write(".carousel/opened.json", "{\"day\": \"2026-11-18\"}")
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        let post: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .origin: "http://localhost", .accept: "application/json"]
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("Welcome back. 1 card slid past its date while you were away."), html)
                for way in ["someday", "spread", "pick", "later"] { XCTAssertTrue(html.contains("value=\"\(way)\""), way) }
            }
            try await client.execute(uri: "/actions/welcome", method: .post, headers: post,
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&way=someday")) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
            }
            try await client.execute(uri: "/", method: .get, headers: cookie) { r in
                XCTAssertFalse(String(buffer: r.body).contains("Welcome back."), "put away for the day")
            }
        }
        XCTAssertFalse(try box.read("cards/tax.md").contains("due:"), "let go to someday")
        let log = try box.log()
        XCTAssertTrue(log.first?.hasPrefix("welcome back") ?? false, "\(log)")
    }
}
