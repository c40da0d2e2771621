import CarouselCore
@testable import CarouselWeb
import Foundation
import XCTest

/// A slow page (the bubbles of thousands of cards) is drawn outside the store's lock: another
/// page is served while it is still being drawn, and what it drew is kept for its version.
final class ConcurrentPagesTests: XCTestCase {
    func testAPageIsServedWhileAnotherIsStillBeingDrawn() throws {
        let box = try WebSandbox()
        try box.initVault()
        let store = VaultStore(vault: try Vault(at: box.vault.path), pinnedDay: Day(iso: box.today), environment: box.environment)
        let drawing = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let slowDone = expectation(description: "the slow page finished")
        DispatchQueue.global().async {
            _ = try? store.page("/slow") { _ in
                drawing.signal()
                // Held until the other page has been served; the timeout only keeps a broken lock from hanging the suite.
                _ = release.wait(timeout: .now() + 30)
                return HTML(stringLiteral: "slow")
            }
            slowDone.fulfill()
        }
        XCTAssertEqual(drawing.wait(timeout: .now() + 30), .success)
        let quickDone = expectation(description: "the quick page was served while the slow one was drawn")
        DispatchQueue.global().async {
            let html = try? store.page("/quick") { state in HTML(stringLiteral: "quick \(state.version)") }
            XCTAssertEqual(html?.rendered.hasPrefix("quick"), true)
            quickDone.fulfill()
        }
        wait(for: [quickDone], timeout: 20)
        release.signal()
        wait(for: [slowDone], timeout: 20)
        // Kept: asked again in the same version, the slow page is not drawn again.
        let again = try store.page("/slow") { _ in XCTFail("drawn twice"); return HTML.empty }
        XCTAssertEqual(again.rendered, "slow")
    }
}
