import CarouselCore
@testable import CarouselWeb
import Foundation
import HTTPTypes
import Hummingbird
import XCTest

/// Quick capture on the page: on Today it lands in Today and says the time it understood, with
/// no file name; a near-duplicate of an open card is asked about before it is made.
final class CaptureOnPageTests: XCTestCase {
    func makeApp(_ box: WebSandbox, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        return Application(router: buildRouter(store: store, access: access))
    }

    func testCaptureOnTodayLandsInTodayAndEchoesTheTime() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "\(Access.cookieName)=\(access.token)"]) { r in
                XCTAssertTrue(String(buffer: r.body).contains("name=\"where\" value=\"today\""), "Today's capture says where it is")
            }
            try await client.execute(uri: "/board", method: .get, headers: [.cookie: "\(Access.cookieName)=\(access.token)"]) { r in
                XCTAssertFalse(String(buffer: r.body).contains("name=\"where\""), "elsewhere a capture goes to the carousel")
            }
            try await client.execute(uri: "/actions/add", method: .post, headers: ThumbSafetyTests.headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&where=today&text=buy+milk+tomorrow+17%3A00&nonce=m")) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                let message = try ThumbSafetyTests.json(r.body)["message"] as? String ?? ""
                // What was understood first, as the terminal says it, then what was done.
                XCTAssertTrue(message.hasPrefix("Understood: "), message)
                let added = message.split(separator: "\n").last.map(String.init) ?? ""
                XCTAssertTrue(added.hasPrefix("Added “buy milk” to Today"), message)
                XCTAssertTrue(added.hasSuffix("due tomorrow at 17:00"), message)
                XCTAssertFalse(message.contains("cards/"), message)
            }
        }
        let file = try box.read("cards/buy-milk.md")
        XCTAssertTrue(file.contains("today: \(box.today)"), file)
    }

    func testANearDuplicateIsAskedAboutFirst() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let before = try box.log().count
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/actions/add", method: .post, headers: ThumbSafetyTests.headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&text=CALL+MUM.&nonce=d1")) { r in
                XCTAssertEqual(r.status, .conflict, String(buffer: r.body))
                let answer = try ThumbSafetyTests.json(r.body)
                XCTAssertEqual(answer["ask"] as? String, "anyway")
                XCTAssertTrue((answer["message"] as? String ?? "").hasPrefix("“Call Mum” is open already. Add “CALL MUM"), "\(answer)")
            }
            XCTAssertEqual(try box.log().count, before, "nothing made while asking")
            try await client.execute(uri: "/actions/add", method: .post, headers: ThumbSafetyTests.headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&text=CALL+MUM.&anyway=1&nonce=d2")) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
            }
        }
        XCTAssertEqual(try box.log().count, before + 1)
    }
}
