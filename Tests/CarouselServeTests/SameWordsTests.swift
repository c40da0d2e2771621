import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// The page says what the terminal says: the same action in two like vaults, one through
/// `carousel`, one through the page, answers with the same sentence (the page's "Added" without
/// the file name).
final class SameWordsTests: XCTestCase {
    func pageSays(_ box: WebSandbox, _ verb: String, _ form: String) async throws -> String {
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        let access = Access(hosts: ["localhost"])
        let headers: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .origin: "http://localhost", .accept: "application/json"]
        var message = ""
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/actions/" + verb, method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&" + form)) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                let json = try JSONSerialization.jsonObject(with: Data(String(buffer: r.body).utf8)) as? [String: Any]
                message = json?["message"] as? String ?? ""
            }
        }
        return message
    }

    func testAddDoneAndTheNoteSayTheSameOnThePageAndTheTerminal() async throws {
        let terminal = try WebSandbox(), page = try WebSandbox()
        for box in [terminal, page] { try box.initVault(sample: false) }
        let cases: [(args: [String], verb: String, form: String)] = [
            (["add", "Call Mum tomorrow"], "add", "text=Call+Mum+tomorrow"),
            (["done", "call-mum"], "done", "ref=call-mum"),
            (["checkin", "--note", "slow day"], "note", "text=slow+day"),
        ]
        for c in cases {
            let said = try await pageSays(page, c.verb, c.form)
            XCTAssertFalse(said.isEmpty, c.verb)
            let r = try terminal.carousel(c.args)
            XCTAssertEqual(r.status, 0, r.err)
            // Each line the page says (the "Understood:" line too) is a line the terminal says; the
            // page's "Added" names no file (a phone has no use for it) and quotes the title.
            let terminalSaid = r.out.replacingOccurrences(of: " (cards/call-mum.md)", with: "")
            for line in said.split(separator: "\n") {
                let pageSaid = line.replacingOccurrences(of: "“", with: "").replacingOccurrences(of: "”", with: "")
                XCTAssertTrue(terminalSaid.split(separator: "\n").contains { $0 == pageSaid }, "the terminal said \(r.out), the page \(said)")
            }
        }
        // The same card, but for its id and the clock's times.
        let same = { (text: String) in text.split(separator: "\n").filter { !["id:", "created:", "done:"].contains($0.split(separator: " ").first ?? "") } }
        XCTAssertEqual(same(try terminal.read("cards/call-mum.md")), same(try page.read("cards/call-mum.md")))
    }
}
