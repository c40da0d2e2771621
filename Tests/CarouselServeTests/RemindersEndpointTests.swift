import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// `POST /reminders`, which an open page with "Remind me here" on polls: it needs the token, and
/// it shares `.carousel/reminders.json` with `carousel remind`, so each reminder comes once.
final class RemindersEndpointTests: XCTestCase {
    static let dentist = "---\ntitle: Call the dentist\ndue: 2026-11-23T10:00\nremind: 30m\n---\n"
    static let finished = "---\ntitle: Post the parcel\ndue: 2026-11-23T10:00\nremind: 30m\ndone: 2026-11-23T08:00\n---\n"

    func makeApp(_ box: WebSandbox, now: String, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        var env = box.environment
        env["CAROUSEL_NOW"] = now
        let store = VaultStore(vault: vault, pinnedDay: nil, environment: env)
        return Application(router: buildRouter(store: store, access: access))
    }

    static func headers(_ access: Access, token: String? = nil, origin: String? = "http://localhost") -> HTTPFields {
        var h: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .accept: "application/json"]
        if let origin { h[.origin] = origin }
        if let token { h[HTTPField.Name("X-Carousel-Token")!] = token }
        return h
    }

    static func slugs(_ body: ByteBuffer) throws -> [String] {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any])
        return (json["reminders"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
    }

    func testTheEndpointNeedsTheTokenAndGivesEachDueReminderOnceAndNeverFinishedWork() async throws {
        let box = try WebSandbox()
        try box.initVault()
        try box.write("cards/call-the-dentist.md", Self.dentist)
        try box.write("cards/post-the-parcel.md", Self.finished)
        let record = box.vault.appendingPathComponent(".carousel/reminders.json").path
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, now: "2026-11-23T09:30", access: access).test(.router) { client in
            try await client.execute(uri: "/reminders", method: .post, headers: [.origin: "http://localhost"]) { r in
                XCTAssertEqual(r.status, .unauthorized)
            }
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access)) { r in
                XCTAssertEqual(r.status, .forbidden, "the cookie alone is not enough")
            }
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: "nope")) { r in
                XCTAssertEqual(r.status, .forbidden)
            }
            try await client.execute(uri: "/reminders", method: .post,
                                     headers: Self.headers(access, token: access.formToken, origin: "http://evil.example")) { r in
                XCTAssertEqual(r.status, .forbidden)
            }
            try await client.execute(uri: "/reminders", method: .get, headers: Self.headers(access, token: access.formToken)) { r in
                XCTAssertNotEqual(r.status, .ok, "reading marks reminders shown, so it is not a GET")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: record), "a refused request shows nothing")

            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: access.formToken)) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                XCTAssertEqual(try Self.slugs(r.body), ["call-the-dentist"], String(buffer: r.body))
                let item = try XCTUnwrap(((try JSONSerialization.jsonObject(with: Data(String(buffer: r.body).utf8)) as? [String: Any])?["reminders"]
                    as? [[String: Any]])?.first)
                XCTAssertEqual(item["at"] as? String, "2026-11-23T09:30")
                XCTAssertEqual(item["late"] as? Bool, false)
                XCTAssertEqual((item["notice"] as? [String: String])?["title"], "Call the dentist")
            }
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: access.formToken)) { r in
                XCTAssertEqual(r.status, .ok)
                XCTAssertEqual(try Self.slugs(r.body), [], "shown once, not again")
            }
        }
        // The same record as the terminal: `carousel remind` at that minute has nothing left to say.
        var env = box.environment
        env["CAROUSEL_NOW"] = "2026-11-23T09:31"
        let cli = try WebSandbox.run(WebSandbox.binDir.appendingPathComponent("carousel"),
                                     ["remind", "--json", "--vault", box.vault.path], env: env)
        XCTAssertEqual(cli.status, 0, cli.err)
        XCTAssertEqual(try Self.slugs(ByteBuffer(string: cli.out)), [], cli.out)
    }

    func testWhatTheTerminalShowedThePageDoesNotShowAgainAndAMissedOneComesLate() async throws {
        let box = try WebSandbox()
        try box.initVault()
        try box.write("cards/call-the-dentist.md", Self.dentist)
        try box.write("cards/stretch.md", "---\ntitle: Stretch\ndue: 2026-11-23\nremind: \"11:00\"\n---\n")
        var env = box.environment
        env["CAROUSEL_NOW"] = "2026-11-23T09:30"
        let cli = try WebSandbox.run(WebSandbox.binDir.appendingPathComponent("carousel"),
                                     ["remind", "--json", "--vault", box.vault.path], env: env)
        XCTAssertEqual(try Self.slugs(ByteBuffer(string: cli.out)), ["call-the-dentist"], cli.out + cli.err)
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, now: "2026-11-23T09:31", access: access).test(.router) { client in
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: access.formToken)) { r in
                XCTAssertEqual(try Self.slugs(r.body), [], String(buffer: r.body))
            }
        }
        try await makeApp(box, now: "2026-11-23T12:00", access: access).test(.router) { client in
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: access.formToken)) { r in
                let body = String(buffer: r.body)
                XCTAssertEqual(try Self.slugs(r.body), ["stretch"], body)
                XCTAssertTrue(body.contains("\"late\":true"), body)
                XCTAssertTrue(body.contains("was due at 2026-11-23T11:00 (late)"), body)
            }
        }
    }

    /// `transition: 10m` reaches the page's reminders too, once, shared with `carousel remind`.
    func testTheTransitionWarningComesToThePageOnce() async throws {
        let box = try WebSandbox()
        try box.initVault()
        try box.write("carousel.yaml", (try String(contentsOf: box.vault.appendingPathComponent("carousel.yaml"), encoding: .utf8)) + "transition: 10m\n")
        try box.write("cards/dentist.md", "---\ntitle: Dentist\nkind: event\ndue: 2026-11-23T14:00\n---\n")
        let access = Access(hosts: ["localhost"])
        func titles(_ body: ByteBuffer) throws -> [String] {
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any])
            return (json["reminders"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        try await makeApp(box, now: "2026-11-23T13:51", access: access).test(.router) { client in
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: access.formToken)) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                XCTAssertEqual(try titles(r.body), ["Dentist in 10 minutes: a good moment to start wrapping up"])
            }
            try await client.execute(uri: "/reminders", method: .post, headers: Self.headers(access, token: access.formToken)) { r in
                XCTAssertEqual(try titles(r.body), [], "once")
            }
        }
        let terminal = try box.carousel(["remind", "--json", "--now", "2026-11-23T13:55"])
        XCTAssertFalse(terminal.out.contains("Dentist"), "the terminal shares the record: \(terminal.out)")
    }
}
