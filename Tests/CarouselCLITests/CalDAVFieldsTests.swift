import Foundation
import XCTest

/// 200 cards and 20 events through Radicale and back (under `make stress`; `make test` sends 40
/// and 4 of the same, about 15 s instead of 75): one vault sends them, a second, empty
/// vault connected to the same account takes them in, and every field CalDAV keeps both ways
/// (title, due with its time and zone, done, notes) arrives unchanged (docs/ecosystem.md's
/// table; a zone on a date without a time has nothing to be a reading of, and is not sent).
final class CalDAVFieldsTests: XCTestCase {
    func testTwoHundredCardsAndTwentyEventsThroughRadicaleAndBack() throws {
        let a = try Sandbox()
        try a.initVault()
        var expected: [String: (due: String, done: Bool, notes: String, zoned: Bool)] = [:]
        let tasks = Stress.pick(full: 200, quick: 40), events = Stress.pick(full: 20, quick: 4)
        for i in 0..<(tasks + events) {
            let isEvent = i >= tasks
            let title = isEvent ? "Event number \(i)" : "Card number \(i) ; with, commas \\ and: colons"
            let day = 1 + i % 28
            let due = i % 3 == 0 ? "2026-12-\(day < 10 ? "0" : "")\(day)T\(10 + i % 9):\(i % 2 == 0 ? "00" : "45")"
                                 : "2026-12-\(day < 10 ? "0" : "")\(day)"
            let done = !isEvent && i % 7 == 0
            let notes = i % 4 == 0 ? "Notes for \(i)\nsecond line, with ünïcödé" : ""
            var text = "---\nid: 01JFIELDS\(String(format: "%05d", i))\ntitle: \"\(title.replacingOccurrences(of: "\\", with: "\\\\"))\"\n"
            if isEvent { text += "kind: event\n" }
            text += "due: \(due)\n"
            if i % 5 == 0 { text += "tz: America/New_York\n" }
            if done { text += "done: 2026-11-20\n" }
            text += "---\n" + (notes.isEmpty ? "" : notes + "\n")
            try a.write("cards/card-\(i).md", text)
            expected[title] = (due, done, notes, i % 5 == 0 && i % 3 == 0)
        }
        try a.git(["add", "-A"])
        try a.git(["-c", "user.name=Test Person", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "cards"])
        let server = try CalDAVServer(.radicale, root: a.root)
        let env = ["CAROUSEL_CALDAV_PASSWORD": CalDAVServer.password]
        XCTAssertEqual(try a.carousel(["caldav", "connect", server.url, "--user", CalDAVServer.user], env: env, limit: 60).status, 0)
        let sent = try a.carousel(["caldav", "sync", "--json"], env: env, limit: 300)
        XCTAssertEqual(try sent.json()["sent"] as? Int, tasks + events, sent.stderr)

        let b = try Sandbox()
        try b.initVault()
        XCTAssertEqual(try b.carousel(["caldav", "connect", server.url, "--user", CalDAVServer.user], env: env, limit: 60).status, 0)
        let came = try b.carousel(["caldav", "sync", "--json"], env: env, limit: 300)
        XCTAssertEqual(came.status, 0, came.stderr)
        let all = try b.carousel(["export", "--format", "json"])
        let cards = try XCTUnwrap(try all.json()["cards"] as? [[String: Any]])
        XCTAssertEqual(cards.count, tasks + events)
        for card in cards {
            let title = card["title"] as? String ?? ""
            guard let want = expected[title] else { XCTFail("unexpected card \(title)"); continue }
            XCTAssertEqual(card["due"] as? String, want.due, title)
            XCTAssertEqual(card["done"] != nil && !(card["done"] is NSNull), want.done, title)
            XCTAssertEqual((card["body"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines), want.notes, title)
            XCTAssertEqual(card["kind"] as? String ?? "task", title.hasPrefix("Event") ? "event" : "task", title)
            let file = try b.read(try XCTUnwrap(card["path"] as? String))
            XCTAssertEqual(file.contains("tz: America/New_York"), want.zoned, file)
        }
        try b.assertClean()
    }
}
