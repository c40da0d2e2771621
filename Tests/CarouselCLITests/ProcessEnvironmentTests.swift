@testable import CarouselCLI
import Foundation
import XCTest

/// `carousel` reads its environment from `environ` itself; it must be what Foundation reads.
final class ProcessEnvironmentTests: XCTestCase {
    func testTheEnvironmentIsFoundationsOwn() {
        setenv("CAROUSEL_TEST_WORDS", "a=b c", 1)
        setenv("CAROUSEL_TEST_EMPTY", "", 1)
        defer { unsetenv("CAROUSEL_TEST_WORDS"); unsetenv("CAROUSEL_TEST_EMPTY") }
        let read = CarouselCommandLine.processEnvironment()
        XCTAssertEqual(read, ProcessInfo.processInfo.environment)
        XCTAssertEqual(read["CAROUSEL_TEST_WORDS"], "a=b c")
        XCTAssertEqual(read["CAROUSEL_TEST_EMPTY"], "")
    }
}
