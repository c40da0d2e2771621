import CarouselCore
@testable import CarouselWeb
import HTTPTypes
import Hummingbird
import XCTest

/// Wrong tokens are slowed down; the right cookie never is.
final class BackoffTests: XCTestCase {
    func testTheWaitGrowsAfterFiveAndQueuesABurst() {
        let backoff = Backoff()
        let start = ContinuousClock.now
        let waits = (0..<20).map { _ in backoff.delay(now: start) }
        XCTAssertEqual(Array(waits.prefix(5)), Array(repeating: .zero, count: 5))
        XCTAssertEqual(waits[5], .milliseconds(100))
        // Twenty at the same instant: each waits for the one before it.
        XCTAssertTrue(zip(waits.dropFirst(5), waits.dropFirst(6)).allSatisfy { $0 < $1 }, "\(waits)")
        XCTAssertGreaterThanOrEqual(waits[19], .seconds(9))
        // Ten minutes later it starts afresh.
        XCTAssertEqual(backoff.delay(now: start + .seconds(700)), .zero)
    }

    func testTwentyWrongTokensAreSlowedAndTheRightCookieIsNot() async throws {
        let box = try WebSandbox()
        try box.initVault()
        let access = Access(hosts: ["localhost"])
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        try await Application(router: buildRouter(store: store, access: access)).test(.router) { client in
            let clock = ContinuousClock()
            var times: [Duration] = []
            for i in 0..<20 {
                let took = try await clock.measure {
                    let uri = i % 2 == 0 ? "/?token=" + String(repeating: "0", count: 64) : "/"
                    let headers: HTTPFields = i % 2 == 0 ? [:] : [.cookie: "\(Access.cookieName)=wrong\(i)"]
                    try await client.execute(uri: uri, method: .get, headers: headers) { r in XCTAssertEqual(r.status, .unauthorized) }
                }
                times.append(took)
            }
            XCTAssertGreaterThanOrEqual(times[19], .milliseconds(1000), "\(times)")
            XCTAssertGreaterThanOrEqual(times.reduce(.zero, +), .seconds(10), "\(times)")
            XCTAssertEqual(access.backoff.count, 20)
            try await client.execute(uri: "/", method: .get, headers: [.cookie: "\(Access.cookieName)=\(access.token)"]) { r in
                XCTAssertEqual(r.status, .ok)
            }
            try await client.execute(uri: "/", method: .get) { r in XCTAssertEqual(r.status, .unauthorized) }
            XCTAssertEqual(access.backoff.count, 20, "the right cookie, and a browser with none yet, neither wait nor count")
        }
    }
}
