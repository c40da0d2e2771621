import XCTest

/// Every day-level rule of python-dateutil's own rrule tests, plus BYSETPOS and WKST=SU cases,
/// run through `carousel rule --json` and compared with dateutil's dates computed now.
final class RuleDateutilTests: XCTestCase {
    private func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    /// dateutil's dates for each case, or a skip when python-dateutil is missing outside `make test`.
    private func oracle(_ s: Sandbox) throws -> [String: [String]] {
        let r = try Sandbox.run(URL(fileURLWithPath: "/usr/bin/env"),
                                ["python3", fixture("rrule_oracle.py"), fixture("rrule-dateutil-cases.tsv")],
                                env: ProcessInfo.processInfo.environment, cwd: s.root)
        guard r.status == 0 else {
            if ProcessInfo.processInfo.environment["CAROUSEL_TEST_PYTHON"] == "required" {
                XCTFail("python3 with python-dateutil is required (make test installs it): \(r.stderr)")
            }
            throw XCTSkip("python3 with python-dateutil is not installed")
        }
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: [String]]
    }

    func testEveryCaseMatchesDateutil() throws {
        let s = try Sandbox()
        let expected = try oracle(s)
        let lines = try String(contentsOfFile: fixture("rrule-dateutil-cases.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
        XCTAssertGreaterThan(lines.count, 110)
        var matched = 0
        for line in lines {
            let f = line.split(separator: "\t").map(String.init)
            let (name, rule, start, count) = (f[0], f[1], f[2], f[3])
            let r = try s.carousel(["rule", rule, "--from", start, "--count", count, "--json"], vaultFlag: false)
            guard r.status == 0 else {
                XCTFail("\(name): \(rule) refused: \(r.stderr)")
                continue
            }
            let dates = try r.json()["dates"] as? [String]
            XCTAssertEqual(dates, expected[name], "\(name): \(rule) from \(start)")
            if dates == expected[name] { matched += 1 }
        }
        XCTAssertEqual(matched, lines.count)
    }
}
