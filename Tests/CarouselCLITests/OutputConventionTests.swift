import XCTest

final class OutputConventionTests: XCTestCase {
    func testColorFlagBeatsPipesAndNoColor() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let plain = try s.carousel(["list"])
        XCTAssertFalse(plain.stdout.contains("\u{1B}["))
        let forced = try s.carousel(["list", "--color", "always"])
        XCTAssertTrue(forced.stdout.contains("\u{1B}["), "--color always paints even into a pipe")
        let never = try s.carousel(["list", "--color", "never"], env: ["FORCE_COLOR": "1"])
        XCTAssertFalse(never.stdout.contains("\u{1B}["))
        XCTAssertEqual(try s.carousel(["list", "--color", "sometimes"]).status, 2)
    }

    func testColumnsIsRespected() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let narrow = try s.carousel(["list"], env: ["COLUMNS": "60"])
        let wide = try s.carousel(["list"], env: ["COLUMNS": "140"])
        let longest = { (r: RunResult) -> Int in r.stdout.components(separatedBy: "\n").map { $0.count }.max() ?? 0 }
        XCTAssertLessThan(longest(narrow), longest(wide))
    }

    func testExitCodes() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["show", "no-such-card"]).status, 1, "user error")
        XCTAssertEqual(try s.carousel(["list", "--no-such-flag"]).status, 2, "usage")
        XCTAssertEqual(try s.carousel(["list"], vaultFlag: false, cwd: s.home).status, 3, "no vault")
    }
}
