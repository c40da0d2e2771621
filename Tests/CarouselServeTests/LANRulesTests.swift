import CarouselCore
import CarouselDevices
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import XCTest

/// `--lan`'s rules through the router: `?token=` only from this computer, and a pairing code
/// that expires after ten minutes (by a clock the test moves, never the wall clock).
final class LANRulesTests: XCTestCase {
    func testTokenInTheAddressIsRefusedFromAnotherDeviceUnderLAN() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let access = Access(hosts: ["localhost"], pairing: Pairing(devices: PairedDevices(vault: vault), now: { "2026-11-23T09:30" }),
                            secure: true, backoffStep: .milliseconds(1))
        access.ownAddresses = ["192.168.1.20"]
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            for peer in ["192.168.1.5", "10.0.0.7", "fd00::5"] {
                try await client.execute(uri: "/?token=\(access.token)", method: .get, peer: peer) { r in
                    XCTAssertEqual(r.status, .forbidden, peer)
                    XCTAssertNil(r.headers[.setCookie], peer)
                    XCTAssertTrue(String(buffer: r.body).contains("works on this computer only"), peer)
                }
            }
            XCTAssertEqual(access.backoff.count("192.168.1.5").failures, 0, "refused before it is compared")
            for peer in ["127.0.0.1", "::1", "::ffff:127.0.0.1", "192.168.1.20"] {
                try await client.execute(uri: "/?token=\(access.token)", method: .get, peer: peer) { r in
                    XCTAssertEqual(r.status, .seeOther, peer)
                    XCTAssertNotNil(r.headers[.setCookie], peer)
                }
            }
        }
    }

    func testWithoutLANTheTokenWorksAsBefore() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let access = Access(hosts: ["localhost"])
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/?token=\(access.token)", method: .get, peer: "192.168.1.5") { r in
                XCTAssertEqual(r.status, .seeOther, "--listen is the person's own choice, with its warning")
            }
        }
    }

    func testAPairingCodeOlderThanTenMinutesIsRefused() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let seconds = NIOLockedValueBox<Double>(1_000_000)
        let pairing = Pairing(devices: PairedDevices(vault: vault), code: "c0de", now: { "2026-11-23T09:30" },
                              clock: { seconds.withLockedValue { $0 } })
        let access = Access(hosts: ["localhost"], pairing: pairing, secure: true, backoffStep: .milliseconds(1))
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        seconds.withLockedValue { $0 += 10 * 60 }
        XCTAssertEqual(pairing.pendingCode, "c0de", "ten minutes on the dot still pairs")
        seconds.withLockedValue { $0 += 1 }
        XCTAssertNil(pairing.pendingCode)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/pair?code=c0de", method: .get, peer: "192.168.1.5") { r in
                XCTAssertEqual(r.status, .unauthorized)
                XCTAssertNil(r.headers[.setCookie])
                XCTAssertTrue(String(buffer: r.body).contains("more than ten minutes old"), String(buffer: r.body))
            }
        }
        XCTAssertEqual(try PairedDevices(vault: vault).list().count, 0)
    }

    func testAPairingCodeWithinTenMinutesPairs() async throws {
        let box = try WebSandbox()
        try box.initVault(sample: false)
        let vault = try Vault(at: box.vault.path)
        let seconds = NIOLockedValueBox<Double>(0)
        let pairing = Pairing(devices: PairedDevices(vault: vault), code: "c0de", now: { "2026-11-23T09:30" },
                              clock: { seconds.withLockedValue { $0 } })
        let access = Access(hosts: ["localhost"], pairing: pairing, secure: true)
        let store = VaultStore(vault: vault, pinnedDay: Day(iso: box.today), environment: box.environment)
        seconds.withLockedValue { $0 = 9 * 60 + 59 }
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            try await client.execute(uri: "/pair?code=c0de", method: .get, peer: "192.168.1.5") { r in
                XCTAssertEqual(r.status, .seeOther)
            }
        }
    }
}
