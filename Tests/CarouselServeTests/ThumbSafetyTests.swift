import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// A page under a thumb, through the router: the same action sent twice makes one change, and
/// every change's answer carries an Undo that takes back that change and says so in words.
final class ThumbSafetyTests: XCTestCase {
    func makeApp(_ box: WebSandbox, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        return Application(router: buildRouter(store: store, access: access))
    }

    static func headers(_ access: Access) -> HTTPFields {
        [.cookie: "\(Access.cookieName)=\(access.token)", .origin: "http://localhost",
         .contentType: "application/x-www-form-urlencoded", .accept: "application/json"]
    }

    static func json(_ body: ByteBuffer) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(String(buffer: body).utf8)) as? [String: Any])
    }

    func testTheSameActionTwiceMakesOneChange() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let before = try box.log().count
        try await makeApp(box, access: access).test(.router) { client in
            let body = "csrf=\(access.formToken)&ref=call-mum&nonce=tap-1"
            var messages: [String] = []
            for _ in 0..<2 {
                try await client.execute(uri: "/actions/done", method: .post, headers: Self.headers(access), body: ByteBuffer(string: body)) { r in
                    XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                    messages.append(try Self.json(r.body)["message"] as? String ?? "")
                }
            }
            XCTAssertEqual(messages[0], messages[1], "the second gets the first one's answer")
            // Another id is another action: done again on a done card is refused, and changes nothing either.
            let log = try box.log()
            XCTAssertEqual(log.count, before + 1, log.joined(separator: "\n"))
            XCTAssertEqual(log.first, "done: Call Mum")
        }
    }

    func testUndoFromTheMessageRestoresTheCardAndSaysWhatItUndid() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let card = try box.read("cards/call-mum.md")
        try await makeApp(box, access: access).test(.router) { client in
            let offer = try await client.execute(uri: "/actions/done", method: .post, headers: Self.headers(access),
                                                 body: ByteBuffer(string: "csrf=\(access.formToken)&ref=call-mum&nonce=a")) { r in
                XCTAssertEqual(r.status, .ok)
                return try XCTUnwrap(try Self.json(r.body)["undo"] as? [String: String])
            }
            XCTAssertEqual(offer["what"], "finished Call Mum")
            let expect = try XCTUnwrap(offer["expect"])
            XCTAssertEqual(try box.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines), expect)
            try await client.execute(uri: "/actions/undo", method: .post, headers: Self.headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&expect=\(expect)&nonce=b")) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                let answer = try Self.json(r.body)
                XCTAssertEqual(answer["message"] as? String, "Undone: finished Call Mum.")
                XCTAssertNil(answer["undo"], "an undo offers no undo of itself")
            }
        }
        XCTAssertEqual(try box.read("cards/call-mum.md"), card, "the card is as it was")
        XCTAssertEqual(try box.log().first, "undo: done: Call Mum")
    }

    func testAnActionThatChangedNothingOffersNoUndo() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            for (nonce, offered) in [("p1", true), ("p2", false)] {
                try await client.execute(uri: "/actions/pull", method: .post, headers: Self.headers(access),
                                         body: ByteBuffer(string: "csrf=\(access.formToken)&ref=book-dentist-appointment&nonce=\(nonce)")) { r in
                    XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                    XCTAssertEqual(try Self.json(r.body)["undo"] != nil, offered, String(buffer: r.body))
                }
            }
        }
    }

    /// "✓ Check" on "10,000 steps" logged 1 step: an amount habit's form carries what is left.
    func testAnAmountHabitIsLoggedByItsAmount() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        XCTAssertEqual(try box.carousel(["habit", "add", "Steps", "--target", "10000", "--unit", "steps"]).status, 0)
        XCTAssertEqual(try box.carousel(["habit", "add", "Water", "--target", "1"]).status, 0)
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/habits", method: .get, headers: [.cookie: "\(Access.cookieName)=\(access.token)"]) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("name=\"amount\""), html)
                XCTAssertTrue(html.contains("value=\"10000\""), html)
                XCTAssertTrue(html.contains("✓ Log steps"), html)
                XCTAssertTrue(html.contains("Check Water"), "a habit of one check keeps its one button")
            }
            try await client.execute(uri: "/actions/check", method: .post, headers: Self.headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&ref=steps&amount=10000&nonce=s")) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
            }
        }
        XCTAssertEqual(try box.log().first, "check: Steps (10,000/10,000 steps)")
    }

    func testChangesAreSaidInAPersonsWords() {
        XCTAssertEqual(ChangeWords.said("done: Call Mum"), "finished Call Mum")
        XCTAssertEqual(ChangeWords.said("undone: Call Mum"), "opened Call Mum again")
        XCTAssertEqual(ChangeWords.said("move: Call Mum to today"), "moved Call Mum to today")
        XCTAssertEqual(ChangeWords.said("pull into today: Call Mum"), "put Call Mum in Today")
        XCTAssertEqual(ChangeWords.said("check-in: note for 2026-11-23"), "saved the check-in note for 2026-11-23")
        XCTAssertEqual(ChangeWords.said("A first import"), "A first import")
        XCTAssertEqual(MoreController.things(["cards/a.md", "cards/b.md", "habits/walk.md", "carousel.yaml"]), "2 cards, 1 habit and the settings")
    }
}
