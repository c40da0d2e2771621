import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// What the issue about the page in a pocket asked of the server: a form token apart from the
/// access token, forms that work without the script (same-origin Origin, back to the page they
/// came from), styled error pages with a way back, and an undo that says what it undoes first.
final class PageKeepsTests: XCTestCase {
    func makeApp(_ box: WebSandbox, access: Access) throws -> some ApplicationProtocol {
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment,
                               recheckInterval: 0)
        return Application(router: buildRouter(store: store, access: access))
    }

    func headers(_ access: Access, origin: String? = "http://localhost", referer: String? = nil) -> HTTPFields {
        var h: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .contentType: "application/x-www-form-urlencoded"]
        if let origin { h[.origin] = origin }
        if let referer { h[.referer] = referer }
        return h
    }

    func testFormsCarryAFormTokenThatIsNotTheAccessToken() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        XCTAssertNotEqual(access.token, access.formToken)
        let log = try box.log()
        try await makeApp(box, access: access).test(.router) { client in
            for path in ["/", "/board", "/cards/call-mum", "/checkin", "/undo"] {
                try await client.execute(uri: path, method: .get, headers: headers(access, origin: nil)) { r in
                    let html = String(buffer: r.body)
                    XCTAssertFalse(html.contains(access.token), "\(path) holds the access token")
                    XCTAssertTrue(html.contains(access.formToken), path)
                    XCTAssertEqual(r.headers[HTTPField.Name("Referrer-Policy")!], "same-origin", path)
                }
            }
            // The access token is no form token.
            try await client.execute(uri: "/actions/done", method: .post, headers: headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.token)&ref=call-mum")) { r in
                XCTAssertEqual(r.status, .forbidden)
            }
            // What a browser sends for a form of this page (Origin: null only under no-referrer) is
            // refused when it is null or foreign, and accepted when it names this server.
            for origin in ["null", "http://evil.example", "https://localhost"] {
                try await client.execute(uri: "/actions/done", method: .post, headers: headers(access, origin: origin),
                                         body: ByteBuffer(string: "csrf=\(access.formToken)&ref=call-mum")) { r in
                    XCTAssertEqual(r.status, .forbidden, origin)
                }
            }
            XCTAssertEqual(try box.log(), log)
            try await client.execute(uri: "/actions/done", method: .post, headers: headers(access, referer: "http://localhost/board?page=2"),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&ref=call-mum")) { r in
                XCTAssertEqual(r.status, .seeOther)
                XCTAssertEqual(r.headers[.location], "/board?page=2", "back to the page the form was on")
            }
        }
        XCTAssertEqual(try box.log().first, "done: Call Mum")
    }

    func testAWayBackIsAlwaysAPathOnThisServer() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            for (back, referer, expected) in [("//evil.example/x", "http://localhost//evil.example", "/"), ("https://evil.example", nil, "/"),
                                              ("/habits", nil, "/habits"), ("/a\r\nSet-Cookie: x=1", nil, "/")] as [(String, String?, String)] {
                let body = "csrf=\(access.formToken)&ref=call-mum&back=" + (back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                try await client.execute(uri: "/actions/pull", method: .post, headers: headers(access, referer: referer),
                                         body: ByteBuffer(string: body)) { r in
                    XCTAssertEqual(r.status, .seeOther, back)
                    XCTAssertEqual(r.headers[.location], expected, back)
                }
            }
        }
    }

    func testMissingPagesAndRefusalsAreStyledPagesWithAWayBack() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            for path in ["/cards/does-not-exist", "/no-such-page", "/assets/nothing.css"] {
                try await client.execute(uri: path, method: .get, headers: headers(access, origin: nil)) { r in
                    let html = String(buffer: r.body)
                    XCTAssertEqual(r.status, .notFound, path)
                    XCTAssertTrue(html.contains("Not found"), "\(path): \(html)")
                    XCTAssertTrue(html.contains("Back to Today"), path)
                    XCTAssertTrue(html.contains("<style>") || html.contains("/assets/app.css"), path)
                }
            }
            try await client.execute(uri: "/", method: .get) { r in
                let html = String(buffer: r.body)
                XCTAssertEqual(r.status, .unauthorized)
                XCTAssertTrue(html.contains("<style>"), "a 401 page styles itself: it cannot load the stylesheet")
                XCTAssertTrue(html.contains("This browser is not let in"), html)
                XCTAssertTrue(html.contains("?token="), "it says what to do")
            }
            try await client.execute(uri: "/actions/done", method: .post, headers: headers(access, origin: "http://evil.example"),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&ref=call-mum")) { r in
                XCTAssertEqual(r.status, .forbidden)
                XCTAssertTrue(String(buffer: r.body).contains("That change was refused"))
            }
            // A change the vault refuses, without the script: the reason, and the way back to the card.
            try await client.execute(uri: "/actions/set", method: .post, headers: headers(access, referer: "http://localhost/cards/call-mum"),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&ref=call-mum&field=spoons&value=lots")) { r in
                let html = String(buffer: r.body)
                XCTAssertEqual(r.status, .conflict)
                XCTAssertTrue(html.contains("error-text"), html)
                XCTAssertTrue(html.contains("href=\"/cards/call-mum\""), html)
            }
        }
    }

    func testABrokenVaultIsA500PageThatNamesTheFileAndLeadsBack() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            try box.write("carousel.yaml", "budget: [unclosed\n")
            try await client.execute(uri: "/board", method: .get, headers: headers(access, origin: nil)) { r in
                let html = String(buffer: r.body)
                XCTAssertEqual(r.status, .internalServerError)
                XCTAssertTrue(html.contains("Something is wrong"), html)
                XCTAssertTrue(html.contains("carousel.yaml"), "it names the file: \(html)")
                XCTAssertTrue(html.contains("Back to Today"), html)
                XCTAssertTrue(html.contains("/assets/app.css"), "styled like every page")
            }
        }
    }

    func testUndoSaysWhatItWillUndoAndUndoesOnlyThat() async throws {
        let box = try WebSandbox()
        try box.initVault()
        XCTAssertEqual(try box.carousel(["done", "call-mum"]).status, 0)
        let access = Access(hosts: ["localhost"])
        var shown = ""
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/undo", method: .get, headers: headers(access, origin: nil, referer: "http://localhost/habits")) { r in
                let html = String(buffer: r.body)
                // In a person's words: what the change did and when, no commit id and no file names.
                XCTAssertTrue(html.contains("<strong id=\"undo-summary\">finished Call Mum</strong>, "), html)
                XCTAssertTrue(html.contains("Undo puts 1 card back as it was before it"), html)
                XCTAssertFalse(html.contains("cards/call-mum.md"), html)
                XCTAssertFalse(html.contains("<dt>commit</dt>"), html)
                XCTAssertTrue(html.contains("name=\"back\" value=\"/habits\""), html)
                shown = try XCTUnwrap(html.components(separatedBy: "name=\"expect\" value=\"").dropFirst().first?.prefix(40)).description
            }
            // A hand edit in between: it is committed first and becomes the last change, so undo stops.
            let text = try box.read("cards/book-dentist-appointment.md").replacingOccurrences(of: "title: Book dentist appointment",
                                                                                           with: "title: Book the dentist")
            try box.write("cards/book-dentist-appointment.md", text)
            let before = try box.log().count
            try await client.execute(uri: "/actions/undo", method: .post, headers: headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&expect=\(shown)&back=/habits")) { r in
                XCTAssertEqual(r.status, .conflict, String(buffer: r.body))
                XCTAssertTrue(String(buffer: r.body).contains("not the one shown"), String(buffer: r.body))
            }
            XCTAssertFalse(try box.log().contains("undo: done: Call Mum"))
            XCTAssertTrue(try box.read("cards/book-dentist-appointment.md").contains("Book the dentist"), "the hand edit is kept")
            XCTAssertLessThanOrEqual(try box.log().count, before + 1)
            // Shown again and confirmed, it undoes what it showed.
            try await client.execute(uri: "/undo", method: .get, headers: headers(access, origin: nil)) { r in
                let html = String(buffer: r.body)
                shown = try XCTUnwrap(html.components(separatedBy: "name=\"expect\" value=\"").dropFirst().first?.prefix(40)).description
            }
            try await client.execute(uri: "/actions/undo", method: .post, headers: headers(access),
                                     body: ByteBuffer(string: "csrf=\(access.formToken)&expect=\(shown)&back=/habits")) { r in
                XCTAssertEqual(r.status, .seeOther, String(buffer: r.body))
                XCTAssertEqual(r.headers[.location], "/habits")
            }
        }
        let log = try box.log()
        XCTAssertTrue(log.first?.hasPrefix("undo: ") ?? false, "\(log)")
    }
}
