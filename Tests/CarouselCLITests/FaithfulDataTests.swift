import Foundation
import XCTest

/// Data written by other tools (Windows todo.txt, `task export`, editors that keep a BOM and
/// CRLF) comes in and goes out without changing meaning.
final class FaithfulDataTests: XCTestCase {
    func cards(_ s: Sandbox) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: s.vault.appendingPathComponent("cards").path) where name.hasSuffix(".md") {
            out[String(name.dropLast(3))] = try s.read("cards/" + name)
        }
        return out
    }

    func testWindowsTodoTxtWithCRLFImportsOneCardPerLine() throws {
        let s = try Sandbox()
        try s.initVault()
        let file = s.root.appendingPathComponent("todo.txt")
        let text = "\u{FEFF}(A) First task due:2026-11-25\r\n(B) Second task +Proj\r\nx 2026-11-20 Third done task\r\n"
            + "x Fourth done without a date\r\nFifth every two business days rec:2b\r\n"
        try Data(text.utf8).write(to: file)
        let r = try s.carousel(["import", "--from", "todotxt", file.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let all = try cards(s)
        XCTAssertEqual(all.keys.sorted(), ["fifth-every-two-business-days", "first-task", "fourth-done-without-a-date",
                                           "second-task", "third-done-task"])
        XCTAssertTrue(all["second-task"]!.contains("category: Proj\n"), all["second-task"]!)
        XCTAssertFalse(all.values.joined().contains("\r"), "no carriage return leaks into a card")
        XCTAssertTrue(all["first-task"]!.contains("due: 2026-11-25"))
        XCTAssertTrue(all["third-done-task"]!.contains("done: 2026-11-20"))
        // Done with no date: the day of the import, never 1970.
        XCTAssertTrue(all["fourth-done-without-a-date"]!.contains("done: 2026-11-23"), all["fourth-done-without-a-date"]!)
        XCTAssertFalse(all.values.joined().contains("1970"))
        // rec:2b has no RFC 5545 form: kept as it was and said, never turned into "every weekday".
        XCTAssertFalse(all["fifth-every-two-business-days"]!.contains("repeat:"))
        XCTAssertTrue(all["fifth-every-two-business-days"]!.contains("todotxt_rec: 2b"))
        XCTAssertTrue(r.stderr.contains("rec:2b"), r.stderr)
    }

    func testByteOrderMarkAndCRLFSurviveEveryWrite() throws {
        let s = try Sandbox()
        try s.initVault()
        let original = "\u{FEFF}---\r\ntitle: Bom card\r\nspoons: 2\r\nmine: kept\r\n---\r\nBody line\r\nSecond line\r\n"
        try s.write("cards/bom-card.md", original)
        for args in [["set", "bom-card", "spoons=3"], ["pull", "bom-card"], ["done", "bom-card"], ["undone", "bom-card"]] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            let bytes = try Data(contentsOf: s.vault.appendingPathComponent("cards/bom-card.md"))
            XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "\(args) dropped the byte-order mark")
            let text = String(decoding: bytes, as: UTF8.self)
            let lf = text.replacingOccurrences(of: "\r\n", with: "").filter { $0 == "\n" }.count
            XCTAssertEqual(lf, 0, "\(args) wrote a bare LF into a CRLF file")
            XCTAssertTrue(text.contains("mine: kept\r\n") && text.hasSuffix("Body line\r\nSecond line\r\n"), text)
        }
        let show = try s.carousel(["show", "bom-card"])
        XCTAssertTrue(show.stdout.contains("  Body line\n  Second line"), show.stdout)
    }

    func testTaskwarriorExportKeepsItsMeaning() throws {
        let s = try Sandbox()
        try s.initVault()
        let export = """
            [
            {"id":1,"description":"Water the plants","entry":"20261101T090000Z","due":"20261124T000000Z","recur":"3d","until":"20261231T000000Z","status":"recurring","uuid":"a0000000-0000-0000-0000-000000000001","urgency":2},
            {"id":2,"description":"Renew passport","entry":"20261101T090000Z","wait":"20261201T000000Z","scheduled":"20261205T000000Z","status":"waiting","uuid":"a0000000-0000-0000-0000-000000000002"},
            {"id":3,"description":"Book flights","entry":"20261101T090000Z","depends":["a0000000-0000-0000-0000-000000000004"],"status":"pending","uuid":"a0000000-0000-0000-0000-000000000003"},
            {"id":4,"description":"Check holiday dates","entry":"20261101T090000Z","status":"pending","uuid":"a0000000-0000-0000-0000-000000000004"},
            {"id":5,"description":"Old coupon","entry":"20261101T090000Z","until":"20261130T000000Z","status":"pending","uuid":"a0000000-0000-0000-0000-000000000005"}
            ]
            """
        // Piped in, as `task export | carousel import --from taskwarrior -`.
        let r = try Sandbox.run(Sandbox.binary, ["import", "--from", "taskwarrior", "-", "--vault", s.vault.path, "--today", s.today],
                                env: s.environment, cwd: s.root, stdin: export)
        XCTAssertEqual(r.status, 0, r.stderr)
        let all = try cards(s)
        XCTAssertTrue(all["water-the-plants"]!.contains("repeat: every 3 days until 2026-12-31"), all["water-the-plants"]!)
        XCTAssertTrue(all["renew-passport"]!.contains("wait: 2026-12-01"))
        XCTAssertTrue(all["renew-passport"]!.contains("start: 2026-12-05"))
        XCTAssertFalse(all["renew-passport"]!.contains("20261201T"), "no raw Taskwarrior date strings")
        // `depends` is a dependency, not a parent link: the task waits for the one it names.
        XCTAssertTrue(all["book-flights"]!.contains("blocked_by: [check-holiday-dates]\n"), all["book-flights"]!)
        XCTAssertFalse(all["check-holiday-dates"]!.contains("parent:"), all["check-holiday-dates"]!)
        XCTAssertFalse(all["book-flights"]!.contains("parent:"))
        XCTAssertTrue(all["old-coupon"]!.contains("until: 2026-11-30"))
        XCTAssertEqual(try s.log().count, 2, "one commit for the import")

        // The waiting task stays out of the carousel and the board until its day, and list says so.
        let suggest = try s.carousel(["suggest", "--limit", "0", "--json"])
        let slugs = try suggest.json().cards().compactMap { $0["slug"] as? String }
        XCTAssertFalse(slugs.contains("renew-passport"), suggest.stdout)
        XCTAssertFalse(slugs.contains("book-flights"), "blocked until the holiday dates are checked")
        XCTAssertTrue(slugs.contains("check-holiday-dates"), suggest.stdout)
        let list = try s.carousel(["list", "--json"])
        let waiting = try list.json().cards().first { $0["slug"] as? String == "renew-passport" }
        XCTAssertEqual(waiting?["waiting"] as? Bool, true)
        let later = try s.carousel(["suggest", "--limit", "0", "--json", "--today", "2026-12-02"])
        XCTAssertTrue(later.stdout.contains("renew-passport"), later.stdout)
        XCTAssertEqual(try s.carousel(["done", "check-holiday-dates"]).status, 0)
        XCTAssertTrue(try s.carousel(["suggest", "--limit", "0", "--json"]).stdout.contains("book-flights"), "back once its blocker is done")
    }

    func testAddReadsOneCardPerLineFromStandardInput() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try Sandbox.run(Sandbox.binary, ["add", "-", "--vault", s.vault.path, "--today", s.today, "--json"],
                                env: s.environment, cwd: s.root, stdin: "Call Mum tomorrow #family\r\nBuy milk !3\r\n\r\nWrite report\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let added = try XCTUnwrap(try r.json()["added"] as? [[String: Any]])
        XCTAssertEqual(added.compactMap { $0["slug"] as? String }, ["call-mum", "buy-milk", "write-report"])
        XCTAssertTrue(try s.read("cards/call-mum.md").contains("due: 2026-11-24"))
        XCTAssertTrue(try s.read("cards/call-mum.md").contains("tags: [family]"))
        XCTAssertEqual(try s.log().first, "add: 3 cards")
        XCTAssertEqual(try s.log().count, 2)
    }
}
