import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// Timeline, bubbles, home lines, and every view at 80 columns without colour.
final class TimelineBubblesTests: XCTestCase {
    func card(_ title: String, _ fields: String) -> String { "---\ntitle: \(title)\n\(fields)\n---\n" }

    func testTimelineOrderGapsOverlapsAndBadInput() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/standup.md", card("Standup", "start: 2026-11-23T09:00\nduration: 15m"))
        try s.write("cards/deep-work.md", card("Deep work", "start: 2026-11-23T09:10\nduration: 1h30m"))
        try s.write("cards/lunch.md", card("Lunch", "start: 2026-11-23T12:30\nduration: banana"))
        try s.write("cards/gym.md", card("Gym", "start: 2026-11-02T07:00\nduration: 45m\nrepeat: every week on mon"))
        try s.write("cards/broken.md", card("Broken start", "start: 2026-11-23T25:00\ndue: 2026-11-24"))
        let r = try s.carousel(["timeline", "--json", "--now", "10:00"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        XCTAssertEqual(json["date"] as? String, "2026-11-23")
        XCTAssertEqual(json["now"] as? String, "10:00")
        let items = json["items"] as? [[String: Any]] ?? []
        XCTAssertEqual(items.compactMap { $0["slug"] as? String }, ["gym", "standup", "deep-work", "lunch"])
        XCTAssertEqual(items.compactMap { $0["start"] as? String }, ["07:00", "09:00", "09:10", "12:30"])
        XCTAssertEqual(items.compactMap { $0["end"] as? String }, ["07:45", "09:15", "10:40", "13:00"])
        XCTAssertEqual(items.compactMap { $0["duration_minutes"] as? Int }, [45, 15, 90, 30])
        XCTAssertEqual(items.compactMap { $0["overlaps"] as? [String] }, [[], ["deep-work"], ["standup"], []])
        XCTAssertTrue((items[3]["problem"] as? String ?? "").contains("banana"))
        XCTAssertEqual((json["gaps"] as? [[String: Any]])?.compactMap { $0["minutes"] as? Int }, [75, 110])
        XCTAssertEqual((json["problems"] as? [String])?.count, 1)

        let text = try s.carousel(["timeline", "--now", "10:00"]).stdout
        XCTAssertTrue(text.contains("now 10:00"), text)
        XCTAssertTrue(text.contains("overlaps deep-work"), text)
        XCTAssertTrue(text.contains("use 30m, 1h or 1h30m"), text)
        XCTAssertTrue(text.contains("Broken start") || text.contains("broken.md"), text)
        // The card with a bad start still shows elsewhere.
        let board = try s.carousel(["board", "--json"]).stdout
        XCTAssertTrue(board.contains("\"broken\""), board)
        let week = try s.carousel(["timeline", "--week", "--json"]).json()
        XCTAssertEqual((week["days"] as? [[String: Any]])?.count, 7)
        XCTAssertNotEqual(try s.carousel(["timeline", "--now", "25:99"]).status, 0)
    }

    func testBubblesWritesAnSVGWithOneCirclePerOpenCard() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let out = s.root.appendingPathComponent("pic/bubbles.svg")
        let r = try s.carousel(["bubbles", "--out", out.path, "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try r.json()
        let data = try Data(contentsOf: out)
        let collector = CircleCollector()
        let parser = XMLParser(data: data)
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not XML: \(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(collector.root, "svg")
        // Open cards: everything not done, less events already past.
        let suggest = try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards()
        let today = try s.carousel(["today", "--json"]).json().cards().filter { $0["done"] as? Bool == false }
        XCTAssertEqual(collector.bubbles.count, suggest.count + today.count)
        XCTAssertEqual(json["circles"] as? Int, collector.bubbles.count)
        // Radii follow importance (the trip is drawn around its children, so it is left out).
        let leaves = (json["bubbles"] as? [[String: Any]] ?? []).filter { $0["slug"] as? String != "plan-the-weekend-trip" }
        for a in leaves {
            for b in leaves where (a["importance"] as? Int ?? 0) < (b["importance"] as? Int ?? 0) {
                XCTAssertLessThan(a["r"] as? Double ?? 0, b["r"] as? Double ?? 0)
            }
        }
        try s.assertClean()
        let html = s.root.appendingPathComponent("bubbles.html")
        XCTAssertEqual(try s.carousel(["bubbles", "--out", html.path]).status, 0)
        XCTAssertTrue(try String(contentsOf: html, encoding: .utf8).contains("<svg"))
        XCTAssertNotEqual(try s.carousel(["bubbles", "--out", "pic.png"]).status, 0)
    }

    func testHomeHasOneLinePerEnabledView() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let text = try s.carousel([]).stdout
        XCTAssertTrue(text.contains("Board") && text.contains("this week"), text)
        XCTAssertTrue(text.contains("Countdown") && text.contains("🎸 Concert with Sam in 12 days"), text)
        let counts = try s.carousel(["home", "--json"]).json()["counts"] as? [String: Any] ?? [:]
        XCTAssertEqual(counts["this_week"] as? Int, 8)
        XCTAssertEqual((counts["next_event"] as? [String: Any])?["days_until"] as? Int, 12)
    }

    func testEveryViewPrintsAt80ColumnsWithoutColourWhenPiped() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        try s.write("cards/standup.md", card("A very long standup title that goes on and on and on", "start: 2026-11-23T09:00\nduration: 15m"))
        let runs: [[String]] = [[], ["calendar"], ["calendar", "--day"], ["calendar", "--month"], ["calendar", "--year"],
                                ["board"], ["countdown", "--past"], ["timeline", "--now", "08:00"], ["timeline", "--week"],
                                ["checkin"]]
        for args in runs {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertFalse(r.stdout.contains("\u{1B}["), "\(args) printed colour codes")
            // Home's carousel strip comes from `suggest`, whose reasons run long; only its own lines are checked.
            let lines = args.isEmpty ? r.stdout.split(separator: "\n").filter { !$0.contains("importance") } : r.stdout.split(separator: "\n")
            for line in lines {
                XCTAssertLessThanOrEqual(line.count, 80, "\(args): \(line)")
            }
        }
        let wide = try s.carousel(["calendar"], env: ["COLUMNS": "200"])
        XCTAssertEqual(wide.status, 0)
    }
}

/// Collects the root element and the card circles of an SVG.
final class CircleCollector: NSObject, XMLParserDelegate {
    var root: String?
    var bubbles: [[String: String]] = []

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name }
        if name == "circle", attributes["class"] == "bubble" { bubbles.append(attributes) }
    }
}
