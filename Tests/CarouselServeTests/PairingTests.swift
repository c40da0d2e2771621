import CarouselCore
import CarouselDevices
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// `--lan`'s pairing, through the router without sockets: the code gives one device its own
/// session, once; the session is kept hashed; a revoked one is refused at its next request.
final class PairingTests: XCTestCase {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"

    func testTheCodePairsOneDeviceOnceAndRevokingEndsItsSession() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let vault = try Vault(at: box.vault.path)
        let devices = PairedDevices(vault: vault)
        let paired = LockedData()
        let pairing = Pairing(devices: devices, code: "c0de", now: { "2026-11-23T09:30" }) { d in paired.set(Data(d.id.utf8)) }
        let access = Access(hosts: ["localhost"], pairing: pairing, secure: true, backoffStep: .milliseconds(1))
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/", method: .get) { r in XCTAssertEqual(r.status, .unauthorized) }
            try await client.execute(uri: "/pair?code=wrong", method: .get, headers: [.userAgent: Self.iPhone]) { r in
                XCTAssertEqual(r.status, .unauthorized)
                XCTAssertNil(r.headers[.setCookie])
            }
            let cookie = try await client.execute(uri: "/pair?code=c0de", method: .get, headers: [.userAgent: Self.iPhone]) { r in
                XCTAssertEqual(r.status, .seeOther)
                XCTAssertEqual(r.headers[.location], "/")
                let set = try XCTUnwrap(r.headers[.setCookie])
                for flag in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"] { XCTAssertTrue(set.contains(flag), set) }
                return String(set.prefix { $0 != ";" })
            }
            XCTAssertNil(pairing.pendingCode, "the code is used up")
            try await client.execute(uri: "/pair?code=c0de", method: .get) { r in XCTAssertEqual(r.status, .unauthorized, "a second use") }
            try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { r in XCTAssertEqual(r.status, .ok) }

            let list = try devices.list()
            XCTAssertEqual(list.count, 1)
            XCTAssertEqual(list.first?.name, "Safari on iPhone")
            XCTAssertEqual(list.first?.paired, "2026-11-23T09:30")
            XCTAssertEqual(String(decoding: paired.get(), as: UTF8.self), list.first?.id)
            let stored = try box.read(PairedDevices.relativePath)
            let token = String(cookie.split(separator: "=")[1])
            XCTAssertFalse(stored.contains(token), "the session token itself is not stored")
            XCTAssertTrue(stored.contains(SHA256.hex(Array(token.utf8))), stored)
            XCTAssertEqual(try box.git(["status", "--porcelain", "--ignored=no"]), "", "the devices file is never committed")

            XCTAssertEqual(try devices.revoke(id: list[0].id)?.id, list[0].id)
            try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]) { r in
                XCTAssertEqual(r.status, .unauthorized)
                XCTAssertTrue(r.headers[.setCookie]?.contains("Max-Age=0") == true, "the browser is told to forget the cookie")
            }
        }
    }

    /// A change over HTTPS must name the server with https:// in its Origin.
    func testOverHTTPSTheOriginIsHTTPS() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let vault = try Vault(at: box.vault.path)
        let access = Access(hosts: ["localhost"], pairing: Pairing(devices: PairedDevices(vault: vault), now: { "2026-11-23T09:30" }), secure: true)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            let body = "csrf=\(access.formToken)&text=Water+the+plants"
            for (origin, status) in [("http://localhost", HTTPResponse.Status.forbidden), ("https://localhost", .seeOther)] {
                let headers: HTTPFields = [.cookie: "\(Access.cookieName)=\(access.token)", .origin: origin,
                                           .contentType: "application/x-www-form-urlencoded"]
                try await client.execute(uri: "/actions/add", method: .post, headers: headers, body: ByteBuffer(string: body)) { r in
                    XCTAssertEqual(r.status, status, origin)
                }
            }
            let log = try box.log()
            XCTAssertTrue(log.first?.contains("Water the plants") == true, log.joined(separator: "\n"))
        }
    }

    func testDeviceNamesComeFromTheUserAgent() {
        XCTAssertEqual(PairedDevices.deviceName(Self.iPhone), "Safari on iPhone")
        XCTAssertEqual(PairedDevices.deviceName("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"),
                       "Chrome on Android")
        XCTAssertEqual(PairedDevices.deviceName("curl/8.0\u{1B}[31m"), "curl/8.0[31m")
        XCTAssertEqual(PairedDevices.deviceName(""), "unnamed device")
    }

    func testOnlyTheLocalNetworkIsLocal() {
        for a in ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.5", "169.254.1.1", "100.100.1.1",
                  "::1", "fe80::1", "fd7a:115c:a1e0::1", "::ffff:192.168.1.5"] {
            XCTAssertTrue(LocalNetwork.contains(a), a)
        }
        for a in ["8.8.8.8", "172.32.0.1", "100.128.0.1", "2001:db8::1", "::ffff:8.8.8.8", "example.com"] {
            XCTAssertFalse(LocalNetwork.contains(a), a)
        }
    }

    func testSHA256MatchesKnownValues() {
        XCTAssertEqual(SHA256.hex(Array("".utf8)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array(String(repeating: "a", count: 1000).utf8)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// With `--lan`, an address outside the local network is refused, and wrong codes are
    /// counted per address: one address refused with 429 leaves another untouched.
    func testOutsideTheLocalNetworkIsRefusedAndGuessesAreCountedPerAddress() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let pairing = Pairing(devices: PairedDevices(vault: vault), code: "c0de", now: { "2026-11-23T09:30" })
        let access = Access(hosts: ["localhost"], pairing: pairing, secure: true, backoffStep: .milliseconds(1))
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/?token=\(access.token)", method: .get, peer: "8.8.8.8") { r in XCTAssertEqual(r.status, .forbidden) }
            try await client.execute(uri: "/pair?code=c0de", method: .get, peer: "203.0.113.9") { r in XCTAssertEqual(r.status, .forbidden) }
            XCTAssertEqual(pairing.pendingCode, "c0de", "a refused address cannot use the code")
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<17 {
                try await client.execute(uri: "/pair?code=nope", method: .get, peer: "192.168.1.5") { r in statuses.append(r.status) }
            }
            XCTAssertEqual(statuses, Array(repeating: .unauthorized, count: 15) + [.tooManyRequests, .tooManyRequests])
            try await client.execute(uri: "/pair?code=c0de", method: .get, peer: "192.168.1.5") { r in
                XCTAssertEqual(r.status, .tooManyRequests, "not even the right code is looked at")
            }
            XCTAssertEqual(pairing.pendingCode, "c0de")
            try await client.execute(uri: "/pair?code=c0de", method: .get, peer: "192.168.1.6") { r in
                XCTAssertEqual(r.status, .seeOther, "another address is not held up")
            }
            XCTAssertEqual(access.backoff.count("192.168.1.6").failures, 0)
        }
    }

    /// The certificate kept in `.carousel/` is made once, and again only when a name or an
    /// address it does not cover turns up.
    func testTheKeptCertificateIsMadeAgainOnlyForANewName() throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let first = try ServeCertificate.own(vault: vault, names: ["127.0.0.1", "localhost"])
        XCTAssertTrue(first.made)
        let again = try ServeCertificate.own(vault: vault, names: ["localhost"])
        XCTAssertFalse(again.made)
        XCTAssertEqual(again.fingerprint, first.fingerprint)
        let moved = try ServeCertificate.own(vault: vault, names: ["127.0.0.1", "localhost", "10.9.9.9"])
        XCTAssertTrue(moved.made)
        XCTAssertNotEqual(moved.fingerprint, first.fingerprint)
        let text = try WebSandbox.run(URL(fileURLWithPath: "/usr/bin/openssl"),
                                      ["x509", "-in", box.vault.appendingPathComponent(ServeCertificate.certPath).path, "-noout", "-ext", "subjectAltName"],
                                      env: ["PATH": "/usr/bin:/bin"]).out
        for name in ["IP Address:10.9.9.9", "IP Address:127.0.0.1", "DNS:localhost"] { XCTAssertTrue(text.contains(name), text) }
    }

    /// A pairing that cannot be saved says why and leaves the code usable.
    func testAPairingThatCannotBeSavedKeepsTheCode() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let pairing = Pairing(devices: PairedDevices(vault: vault), code: "c0de", now: { "2026-11-23T09:30" })
        let access = Access(hosts: ["localhost"], pairing: pairing, secure: true)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        // A folder where the file goes: the write fails whoever runs the test.
        let blocker = box.vault.appendingPathComponent(PairedDevices.relativePath)
        try FileManager.default.createDirectory(at: blocker.appendingPathComponent("x"), withIntermediateDirectories: true)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/pair?code=c0de", method: .get) { r in
                XCTAssertEqual(r.status, .internalServerError)
                XCTAssertTrue(String(buffer: r.body).contains("could not be paired"), String(buffer: r.body))
                XCTAssertNil(r.headers[.setCookie])
            }
            XCTAssertEqual(pairing.pendingCode, "c0de")
            try FileManager.default.removeItem(at: blocker)
            try await client.execute(uri: "/pair?code=c0de", method: .get) { r in XCTAssertEqual(r.status, .seeOther) }
        }
    }
}
