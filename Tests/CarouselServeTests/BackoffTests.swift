import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// Wrong tokens and pairing codes are slowed down per client address, then refused with 429;
/// the right cookie never is.
final class BackoffTests: XCTestCase {
    func testTheWaitGrowsAfterFiveQueuesABurstThenRefuses() {
        let backoff = Backoff()
        let start = ContinuousClock.now
        let verdicts = (0..<20).map { _ in backoff.failure("192.168.1.7", now: start) }
        XCTAssertEqual(Array(verdicts.prefix(5)), Array(repeating: .wait(.zero), count: 5))
        XCTAssertEqual(verdicts[5], .wait(.milliseconds(100)))
        // Ten more at the same instant: each waits for the one before it, longer each time.
        let waits = verdicts[5..<15].map { if case .wait(let d) = $0 { return d } else { return .zero } }
        XCTAssertTrue(zip(waits, waits.dropFirst()).allSatisfy { $0 < $1 }, "\(waits)")
        XCTAssertEqual(waits.last, .milliseconds(5500))
        XCTAssertEqual(Array(verdicts[15...]), Array(repeating: .tooMany, count: 5))
        XCTAssertTrue(backoff.refuses("192.168.1.7", now: start + .seconds(599)))
        // Another address is not slowed by it.
        XCTAssertFalse(backoff.refuses("192.168.1.8", now: start))
        XCTAssertEqual(backoff.failure("192.168.1.8", now: start), .wait(.zero))
        // Ten minutes after the last attempt (the refused one at 599 s counts), it starts afresh.
        XCTAssertTrue(backoff.refuses("192.168.1.7", now: start + .seconds(1100)))
        XCTAssertFalse(backoff.refuses("192.168.1.7", now: start + .seconds(1800)))
        XCTAssertEqual(backoff.failure("192.168.1.7", now: start + .seconds(1800)), .wait(.zero))
    }

    func testSpacedOutWrongOnesWaitOneStepMoreEachTimeAndCookiesAreNeverRefused() {
        let backoff = Backoff()
        let start = ContinuousClock.now
        let verdicts = (0..<15).map { backoff.failure("10.0.0.2", now: start + .seconds(2 * $0)) }
        // Wrong cookies wait the same but never end in 429.
        let cookies = (0..<30).map { _ in backoff.failure("10.0.0.3", guess: false, now: start) }
        XCTAssertFalse(cookies.contains(.tooMany))
        // Queued: 0.1 s + … + 0.9 s, then sixteen of a second each.
        XCTAssertEqual(cookies.last, .wait(.milliseconds(20_500)))
        XCTAssertEqual(verdicts[5...].map { $0 }, (1...10).map { .wait(.milliseconds(100 * $0)) })
    }

    func testTwentyWrongTokensEndIn429AndTheRightCookieStillWorks() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"], backoffStep: .milliseconds(1))
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<20 {
                try await client.execute(uri: "/?token=" + String(repeating: "0", count: 64), method: .get) { r in
                    statuses.append(r.status)
                    if r.status == .tooManyRequests { XCTAssertEqual(r.headers[.retryAfter], "600") }
                }
            }
            XCTAssertEqual(statuses, Array(repeating: .unauthorized, count: 15) + Array(repeating: .tooManyRequests, count: 5))
            // Past the limit even the right token is not looked at…
            try await client.execute(uri: "/?token=\(access.token)", method: .get) { r in XCTAssertEqual(r.status, .tooManyRequests) }
            // …but a browser already let in is never slowed, and one with no cookie yet is not counted.
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "\(Access.cookieName)=\(access.token)"]) { r in
                XCTAssertEqual(r.status, .ok)
            }
            try await client.execute(uri: "/", method: .get) { r in XCTAssertEqual(r.status, .unauthorized) }
            XCTAssertEqual(access.backoff.count().guesses, 16, "the refused ones are not counted again; the right cookie and no cookie neither")
        }
    }

    /// A tab left open from before a restart polls with its old cookie: slowed, never a lock-out
    /// of the new address typed next to it.
    func testAStaleCookieIsSlowedButDoesNotLockOutTheNewToken() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"], backoffStep: .milliseconds(1))
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            for _ in 0..<30 {
                try await client.execute(uri: "/changes", method: .get, headers: [.cookie: "\(Access.cookieName)=\(Access.makeToken())"]) { r in
                    XCTAssertEqual(r.status, .unauthorized)
                }
            }
            XCTAssertEqual(access.backoff.count().failures, 30)
            XCTAssertEqual(access.backoff.count().guesses, 0)
            try await client.execute(uri: "/?token=\(access.token)", method: .get) { r in XCTAssertEqual(r.status, .seeOther) }
        }
    }
}
