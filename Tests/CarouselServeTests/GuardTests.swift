import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// The router without sockets: who gets in, and that a refused request changes nothing.
final class GuardTests: XCTestCase {
    static let pages = ["/", "/calendar", "/calendar?period=year", "/board", "/bubbles", "/habits", "/countdown", "/timeline",
                        "/checkin", "/cards/call-mum", "/changes", "/assets/app.js", "/assets/app.css"]
    static let actions = ["add", "pull", "drop", "order", "done", "undone", "set", "move", "check", "skip", "undo", "note"]

    func makeApp(_ box: WebSandbox, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        return Application(router: buildRouter(store: store, access: access))
    }

    static func cookie(_ access: Access) -> HTTPFields {
        [.cookie: "\(Access.cookieName)=\(access.token)"]
    }

    static func form(_ fields: [String: String]) -> ByteBuffer {
        ByteBuffer(string: fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
            .joined(separator: "&"))
    }

    func testEveryPageAndActionIs401WithoutTheToken() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let before = try box.files(), log = try box.log()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            for path in Self.pages {
                try await client.execute(uri: path, method: .get) { r in
                    XCTAssertEqual(r.status, .unauthorized, path)
                    XCTAssertFalse(String(buffer: r.body).contains("Call Mum"), path)
                }
                try await client.execute(uri: path, method: .get, headers: [.cookie: "\(Access.cookieName)=wrong"]) { r in
                    XCTAssertEqual(r.status, .unauthorized, path)
                }
            }
            for verb in Self.actions {
                try await client.execute(uri: "/actions/" + verb, method: .post,
                                         headers: [.origin: "http://localhost", .contentType: "application/x-www-form-urlencoded"],
                                         body: Self.form(["csrf": access.formToken, "ref": "call-mum", "text": "x", "column": "someday"])) { r in
                    XCTAssertEqual(r.status, .unauthorized, verb)
                }
            }
        }
        XCTAssertEqual(try box.files(), before)
        XCTAssertEqual(try box.log(), log)
    }

    func testTheTokenInTheAddressBecomesAStrictHttpOnlyCookie() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/board?token=" + access.token, method: .get) { r in
                XCTAssertEqual(r.status, .seeOther)
                XCTAssertEqual(r.headers[.location], "/board")
                let set = try XCTUnwrap(r.headers[.setCookie])
                XCTAssertTrue(set.hasPrefix("\(Access.cookieName)=\(access.token);"), set)
                XCTAssertTrue(set.contains("HttpOnly"), set)
                XCTAssertTrue(set.contains("SameSite=Strict"), set)
            }
            try await client.execute(uri: "/?token=0123", method: .get) { r in
                XCTAssertEqual(r.status, .unauthorized)
                XCTAssertNil(r.headers[.setCookie])
            }
            try await client.execute(uri: "/", method: .get, headers: Self.cookie(access)) { r in
                XCTAssertEqual(r.status, .ok)
                XCTAssertTrue(String(buffer: r.body).contains("Call Mum"))
            }
        }
    }

    func testAForeignHostIsRefusedEvenWithTheCookie() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let before = try box.files()
        try await makeApp(box, access: access).test(.router) { client in
            var headers = Self.cookie(access)
            headers[HTTPField.Name("Host")!] = "evil.example:8080"
            try await client.execute(uri: "/", method: .get, headers: headers) { r in
                XCTAssertEqual(r.status, .misdirectedRequest)
                XCTAssertFalse(String(buffer: r.body).contains("Call Mum"))
            }
            headers[.origin] = "http://evil.example:8080"
            try await client.execute(uri: "/actions/done", method: .post, headers: headers,
                                     body: Self.form(["csrf": access.formToken, "ref": "call-mum"])) { r in
                XCTAssertEqual(r.status, .misdirectedRequest)
            }
        }
        XCTAssertEqual(try box.files(), before)
    }

    func testAPostWithoutTheFormTokenOrFromAnotherOriginChangesNothing() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let before = try box.files(), log = try box.log()
        try await makeApp(box, access: access).test(.router) { client in
            for verb in Self.actions {
                var headers = Self.cookie(access)
                headers[.origin] = "http://localhost"
                try await client.execute(uri: "/actions/" + verb, method: .post, headers: headers,
                                         body: Self.form(["ref": "call-mum", "text": "x", "column": "someday"])) { r in
                    XCTAssertEqual(r.status, .forbidden, "\(verb) without csrf")
                }
                try await client.execute(uri: "/actions/" + verb, method: .post, headers: headers,
                                         body: Self.form(["csrf": "nope", "ref": "call-mum"])) { r in
                    XCTAssertEqual(r.status, .forbidden, "\(verb) with a wrong csrf")
                }
                headers[.origin] = "http://evil.example"
                try await client.execute(uri: "/actions/" + verb, method: .post, headers: headers,
                                         body: Self.form(["csrf": access.formToken, "ref": "call-mum"])) { r in
                    XCTAssertEqual(r.status, .forbidden, "\(verb) from a foreign origin")
                }
                headers[.origin] = nil
                try await client.execute(uri: "/actions/" + verb, method: .post, headers: headers,
                                         body: Self.form(["csrf": access.formToken, "ref": "call-mum"])) { r in
                    XCTAssertEqual(r.status, .forbidden, "\(verb) without an origin")
                }
            }
            // GET never changes anything.
            try await client.execute(uri: "/actions/done?ref=call-mum", method: .get, headers: Self.cookie(access)) { r in
                XCTAssertNotEqual(r.status, .ok)
            }
        }
        XCTAssertEqual(try box.files(), before)
        XCTAssertEqual(try box.log(), log)
    }

    func testDoneFromThePageMakesTheSameCommitAsTheCommand() async throws {
        let cli = try WebSandbox("cli"), web = try WebSandbox("web")
        try cli.initVault()
        try web.initVault()
        XCTAssertEqual(try cli.carousel(["done", "call-mum"]).status, 0)
        let access = Access(hosts: ["localhost"])
        try await makeApp(web, access: access).test(.router) { client in
            var headers = Self.cookie(access)
            headers[.origin] = "http://localhost"
            headers[.accept] = "application/json"
            try await client.execute(uri: "/actions/done", method: .post, headers: headers,
                                     body: Self.form(["csrf": access.formToken, "ref": "call-mum"])) { r in
                XCTAssertEqual(r.status, .ok, String(buffer: r.body))
                XCTAssertTrue(String(buffer: r.body).contains("Done: Call Mum. Nice one."), String(buffer: r.body))
            }
        }
        XCTAssertEqual(try web.log().first, try cli.log().first)
        XCTAssertEqual(try web.log().first, "done: Call Mum")
        XCTAssertEqual(try web.git(["status", "--porcelain"]), "")
    }

    func testATitleOrBodyWithHTMLShowsAsText() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let evil = "<img src=x onerror=alert(1)>"
        XCTAssertEqual(try box.carousel(["add", evil, "--literal", "--due", "2026-11-25", "--body", "Hi <script>alert(2)</script> **there**"]).status, 0)
        XCTAssertEqual(try box.carousel(["pull", "img"]).status, 0)
        let slug = try XCTUnwrap(try box.files().keys.first { $0.hasPrefix("cards/img") }).dropFirst(6).dropLast(3)
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            for path in ["/", "/board", "/bubbles", "/calendar", "/cards/" + slug] {
                try await client.execute(uri: path, method: .get, headers: Self.cookie(access)) { r in
                    let html = String(buffer: r.body)
                    XCTAssertEqual(r.status, .ok, path)
                    XCTAssertFalse(html.contains("<img"), path)
                    XCTAssertFalse(html.contains("<script>alert"), path)
                    XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"), path)
                }
            }
            try await client.execute(uri: "/cards/" + slug, method: .get, headers: Self.cookie(access)) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
                XCTAssertTrue(html.contains("<strong>there</strong>"))
            }
        }
    }

    func testEveryPageShowsTheVault() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            for path in Self.pages {
                try await client.execute(uri: path, method: .get, headers: Self.cookie(access)) { r in
                    XCTAssertEqual(r.status, .ok, path)
                    if path.hasPrefix("/assets") || path == "/changes" { return }
                    let html = String(buffer: r.body)
                    XCTAssertTrue(html.contains("<main"), path)
                    XCTAssertFalse(html.contains("Something is wrong"), "\(path): \(html)")
                }
            }
        }
    }

    func testChangesAnswersNotModifiedUntilAFileChanges() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment, recheckInterval: 0)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            var etag = ""
            try await client.execute(uri: "/changes", method: .get, headers: Self.cookie(access)) { r in
                XCTAssertEqual(r.status, .ok)
                etag = try XCTUnwrap(r.headers[.eTag])
            }
            var headers = Self.cookie(access)
            headers[.ifNoneMatch] = etag
            try await client.execute(uri: "/changes", method: .get, headers: headers) { r in
                XCTAssertEqual(r.status, .notModified)
            }
            let text = try box.read("cards/call-mum.md").replacingOccurrences(of: "title: Call Mum", with: "title: Ring Mum")
            try box.write("cards/call-mum.md", text)
            try await client.execute(uri: "/changes", method: .get, headers: headers) { r in
                XCTAssertEqual(r.status, .ok)
                XCTAssertNotEqual(r.headers[.eTag], etag)
            }
            try await client.execute(uri: "/", method: .get, headers: Self.cookie(access)) { r in
                XCTAssertTrue(String(buffer: r.body).contains("Ring Mum"))
            }
        }
    }
}
