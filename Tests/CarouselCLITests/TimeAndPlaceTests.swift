import Foundation
import XCTest

/// `show` says where, how long and when it reminds; `log` prints times on this machine's clock
/// (its zone, `TZ`) and JSON carries ISO 8601 with the offset.
final class TimeAndPlaceTests: XCTestCase {
    func testShowSaysWhereHowLongAndWhenItReminds() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/dentist.md", """
            ---
            title: Dentist
            kind: event
            due: 2026-12-03T10:30
            duration: 45m
            location: Bridge Street 4, Leeds
            remind: [30m, "08:00", 2026-12-02T18:00, soonish]
            ---

            """)
        let r = try s.carousel(["show", "dentist"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("lasts      45m"), r.stdout)
        XCTAssertTrue(r.stdout.contains("where      Bridge Street 4, Leeds"), r.stdout)
        XCTAssertTrue(r.stdout.contains("reminds    30m before, at 08:00 that day, at Wed 2 Dec 18:00, soonish (never fires"), r.stdout)
    }

    func testLogTimesFollowTheMachinesZone() throws {
        let s = try Sandbox()
        try s.initVault()
        func first(_ zone: String) throws -> (text: String, date: String, time: Int) {
            let text = try s.carousel(["log"], env: ["TZ": zone]).stdout.split(separator: "\n").first.map(String.init) ?? ""
            let change = try XCTUnwrap((try s.carousel(["log", "--json"], env: ["TZ": zone]).json()["changes"] as? [[String: Any]])?.first)
            return (text, change["date"] as? String ?? "", change["time"] as? Int ?? 0)
        }
        let utc = try first("UTC"), newYork = try first("America/New_York"), kolkata = try first("Asia/Kolkata")
        XCTAssertEqual(utc.time, newYork.time, "the same commit")
        XCTAssertTrue(utc.date.hasSuffix("+00:00"), utc.date)
        XCTAssertTrue(kolkata.date.hasSuffix("+05:30"), kolkata.date)
        // The commit's own instant, read in each zone (git's clock, not the test's).
        func hourMinute(_ line: String) -> Int? {
            let parts = line.split(separator: " ")
            guard parts.count > 1 else { return nil }
            let hm = parts[1].split(separator: ":").compactMap { Int($0) }
            return hm.count == 2 ? hm[0] * 60 + hm[1] : nil
        }
        let inUTC = try XCTUnwrap(hourMinute(utc.text)), inKolkata = try XCTUnwrap(hourMinute(kolkata.text))
        XCTAssertEqual((inKolkata - inUTC + 24 * 60) % (24 * 60), 5 * 60 + 30, "\(utc.text) / \(kolkata.text)")
        // New York is 4 or 5 hours behind, by the date of the commit.
        let inNewYork = try XCTUnwrap(hourMinute(newYork.text))
        XCTAssertTrue([4 * 60, 5 * 60].contains((inUTC - inNewYork + 24 * 60) % (24 * 60)), "\(utc.text) / \(newYork.text)")
    }

    func testDoctorNamesARemindThatWillNeverFire() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/call-back.md", "---\ntitle: Call back\nremind: 30m\n---\n")
        try s.write("cards/dentist.md", "---\ntitle: Dentist\ndue: 2026-12-03T10:30\nremind: [30m, soonish]\n---\n")
        let r = try s.carousel(["doctor", "--json"])
        XCTAssertEqual(r.status, 0, "notes, not problems: \(r.stdout)")
        let findings = try XCTUnwrap(try r.json()["findings"] as? [[String: Any]]).filter { $0["kind"] as? String == "remind" }
        XCTAssertEqual(findings.compactMap { $0["path"] as? String }.sorted(), ["cards/call-back.md", "cards/dentist.md"])
        XCTAssertEqual(findings.first { $0["path"] as? String == "cards/dentist.md" }?["line"] as? Int, 4)
        XCTAssertTrue((findings.first { $0["path"] as? String == "cards/dentist.md" }?["message"] as? String ?? "").contains("soonish"))
        XCTAssertTrue((findings.first { $0["path"] as? String == "cards/call-back.md" }?["message"] as? String ?? "").contains("no due date"))
    }
}
