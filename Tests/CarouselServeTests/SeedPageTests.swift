import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// Attachments shown on a card's page, and the page's celebration when a check makes the day count.
final class SeedPageTests: XCTestCase {
    func makeApp(_ box: WebSandbox, access: Access) throws -> some ApplicationProtocol {
        let vault = try Vault(at: box.vault.path)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        return Application(router: buildRouter(store: store, access: access))
    }

    func testACardShowsItsImagesInlineAndServesOnlyItsOwnFiles() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 1, 2, 0xFF])
        let file = box.root.appendingPathComponent("leaf photo.png")
        try png.write(to: file)
        try Data("%PDF-1.4".utf8).write(to: box.root.appendingPathComponent("plan.pdf"))
        let r = try box.carousel(["attach", "call-mum", file.path, box.root.appendingPathComponent("plan.pdf").path])
        XCTAssertEqual(r.status, 0, r.err)
        let id = try XCTUnwrap(try box.read("cards/call-mum.md").split(separator: "\n").first { $0.hasPrefix("id: ") }?.dropFirst(4))
        let access = Access(hosts: ["localhost"])
        let cookie: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)"]
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/cards/call-mum", method: .get, headers: cookie) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("<img src=\"/attachments/\(id)/leaf-photo.png\" alt=\"leaf-photo.png\""), html)
                XCTAssertTrue(html.contains("<a href=\"/attachments/\(id)/plan.pdf\">plan.pdf</a>"), html)
            }
            try await client.execute(uri: "/attachments/\(id)/leaf-photo.png", method: .get, headers: cookie) { r in
                XCTAssertEqual(r.status, .ok)
                XCTAssertEqual(r.headers[.contentType], "image/png")
                XCTAssertEqual(Data(r.body.readableBytesView), png)
            }
            try await client.execute(uri: "/attachments/\(id)/plan.pdf", method: .get, headers: cookie) { r in
                XCTAssertEqual(r.headers[.contentType], "application/octet-stream")
                XCTAssertEqual(r.headers[.contentDisposition], "attachment")
            }
            for uri in ["/attachments/\(id)/nope.png", "/attachments/\(id)/..%2F..%2Fcarousel.yaml", "/attachments/WRONG/leaf-photo.png"] {
                try await client.execute(uri: uri, method: .get, headers: cookie) { r in XCTAssertEqual(r.status, .notFound, uri) }
            }
            try await client.execute(uri: "/attachments/\(id)/leaf-photo.png", method: .get) { r in XCTAssertEqual(r.status, .unauthorized) }
        }
    }

    func testACardPageShowsTagsInTheirColourAndIcon() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let settings = try box.read("carousel.yaml")
        try box.write("carousel.yaml", settings + "\ntags:\n  family: {color: red, icon: \"👪\"}\n")
        let access = Access(hosts: ["localhost"])
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/cards/call-mum", method: .get, headers: [.cookie: "\(Access.cookieName)=\(access.token)"]) { r in
                let html = String(buffer: r.body)
                XCTAssertTrue(html.contains("<span class=\"tag tag-red\">👪 #family</span>"), html)
            }
        }
    }

    func testACheckThatMakesTheDayCountCelebratesOnce() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        XCTAssertEqual(try box.carousel(["habit", "add", "--suggest", "walk"]).status, 0)
        let access = Access(hosts: ["localhost"])
        let headers: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .origin: "http://localhost", .accept: "application/json"]
        let form = ByteBuffer(string: "csrf=\(access.formToken)&ref=walk&amount=30")
        try await makeApp(box, access: access).test(.router) { client in
            try await client.execute(uri: "/actions/check", method: .post, headers: headers, body: form) { r in
                let body = String(buffer: r.body)
                XCTAssertTrue(body.contains("\"celebrate\":true"), body)
                XCTAssertTrue(body.contains("Today counts for your streak: day one of a new streak, +60 XP."), body)
            }
            try await client.execute(uri: "/actions/check", method: .post, headers: headers, body: form) { r in
                XCTAssertTrue(String(buffer: r.body).contains("\"celebrate\":false"), String(buffer: r.body))
            }
        }
    }
}
