import Foundation
import XCTest

/// Times pinned to a zone (`tz:`) mean the same instant on every device: one vault read from two
/// machine zones, across the changes of the clocks in both places, and calendars that keep their zone.
final class ZonedTimeTests: XCTestCase {
    static let berlinChoir = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Test//Zones//EN
        BEGIN:VEVENT
        UID:choir-1@example.org
        SUMMARY:Choir
        DTSTART;TZID=Europe/Berlin:20260301T190000
        DTEND;TZID=Europe/Berlin:20260301T210000
        RRULE:FREQ=WEEKLY;BYDAY=SU
        EXDATE;TZID=America/New_York:20260315T140000
        END:VEVENT
        BEGIN:VEVENT
        UID:late-call@example.org
        SUMMARY:Late call
        DTSTART;TZID=W. Europe Standard Time:20260328T003000
        DURATION:PT30M
        END:VEVENT
        END:VCALENDAR

        """

    /// The instants of every timed entry of a calendar month, in order, read from `at`.
    func instants(_ s: Sandbox, _ month: String, tz: String) throws -> [(String, Date)] {
        let r = try s.carousel(["calendar", month, "--json"], env: ["TZ": tz])
        XCTAssertEqual(r.status, 0, r.stderr)
        let days = try r.json()["days"] as? [[String: Any]] ?? []
        let f = ISO8601DateFormatter()
        var out: [(String, Date)] = []
        for day in days {
            for card in day["cards"] as? [[String: Any]] ?? [] {
                guard let at = card["at"] as? String, let date = f.date(from: at) else { continue }
                XCTAssertTrue(at.hasPrefix(day["date"] as? String ?? "?"), "\(at) is listed on \(day["date"] ?? "")")
                out.append((card["slug"] as? String ?? "", date))
            }
        }
        return out
    }

    func testOneVaultFromTwoMachineZonesShowsTheSameInstantsAcrossTheChangeOfClocks() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/choir.md", "---\ntitle: Choir\nkind: event\ndue: 2026-03-01T19:00\ntz: Europe/Berlin\nrepeat: every week on sun\n---\n")
        let ny = try instants(s, "2026-03", tz: "America/New_York")
        let berlin = try instants(s, "2026-03", tz: "Europe/Berlin")
        let utc = ISO8601DateFormatter()
        // 19:00 in Berlin: 18:00 UTC in winter (CET), 17:00 UTC from 29 March (CEST). New York
        // changes on 8 March, so its clock shows 13:00, then 14:00 for three weeks, then 13:00.
        let expected = ["2026-03-01T18:00:00Z", "2026-03-08T18:00:00Z", "2026-03-15T18:00:00Z", "2026-03-22T18:00:00Z",
                        "2026-03-29T17:00:00Z"].compactMap { utc.date(from: $0) }
        XCTAssertEqual(ny.map(\.1), expected)
        XCTAssertEqual(berlin.map(\.1), expected)
        let r = try s.carousel(["calendar", "2026-03", "--json"], env: ["TZ": "America/New_York"])
        let times = (try r.json()["days"] as? [[String: Any]] ?? []).flatMap { ($0["cards"] as? [[String: Any]]) ?? [] }.compactMap { $0["time"] as? String }
        XCTAssertEqual(times, ["13:00", "14:00", "14:00", "14:00", "13:00"])
        // `show` says the zone and the time on this device's clock.
        let shown = try s.carousel(["show", "choir", "--today", "2026-03-23"], env: ["TZ": "America/New_York"])
        XCTAssertTrue(shown.stdout.contains("Europe/Berlin (19:00 there)"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("Sun 29 Mar 13:00"), shown.stdout)
        // `set` takes a zone by any name calendars use, writes its Olson name, refuses the rest.
        let bad = try s.carousel(["set", "choir", "tz=Mars/Base"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("is not a time zone"), bad.stderr)
        XCTAssertEqual(try s.carousel(["set", "choir", "tz=Eastern Standard Time"]).status, 0)
        XCTAssertTrue(try s.read("cards/choir.md").contains("tz: America/New_York"))
        XCTAssertEqual(try instants(s, "2026-03", tz: "America/New_York").first.map { utc.string(from: $0.1) }, "2026-03-02T00:00:00Z")
    }

    func testAZonedTimeLandsOnTheDayOfThisDevicesClock() throws {
        let s = try Sandbox()
        try s.initVault()
        // 00:30 in Berlin on Saturday is Friday evening in New York.
        try s.write("cards/late-call.md", "---\ntitle: Late call\nkind: event\ndue: 2026-03-28T00:30\ntz: Europe/Berlin\n---\n")
        let r = try s.carousel(["calendar", "2026-03", "--json"], env: ["TZ": "America/New_York"])
        let days = try r.json()["days"] as? [[String: Any]] ?? []
        let on = days.filter { !(($0["cards"] as? [[String: Any]]) ?? []).isEmpty }.compactMap { $0["date"] as? String }
        XCTAssertEqual(on, ["2026-03-27"])
        let b = try s.carousel(["calendar", "2026-03", "--json"], env: ["TZ": "Europe/Berlin"])
        let bdays = try b.json()["days"] as? [[String: Any]] ?? []
        XCTAssertEqual(bdays.filter { !(($0["cards"] as? [[String: Any]]) ?? []).isEmpty }.compactMap { $0["date"] as? String }, ["2026-03-28"])
        // `list` gives the due time on this device's clock too.
        let list = try s.carousel(["list", "--json", "--today", "2026-03-20"], env: ["TZ": "America/New_York"])
        XCTAssertEqual((try list.json()["cards"] as? [[String: Any]])?.first?["due"] as? String, "2026-03-27T19:30")
    }

    /// The week's cells (the cards each day shows, and its count) are kept for the next command
    /// under this device's zone: read again in another zone, twelve zoned calls move to the day
    /// of that clock, count and all, and back.
    func testTheKeptWeekFollowsTheDevicesZone() throws {
        let s = try Sandbox()
        try s.initVault()
        // 00:10–00:21 in Berlin on Saturday is Friday evening in New York.
        for minute in 10...21 {
            try s.write("cards/call-\(minute).md", "---\ntitle: Call \(minute)\nkind: event\ndue: 2026-03-28T00:\(minute)\ntz: Europe/Berlin\n---\n")
        }
        /// The day under which the week says "+2 more" (a day shows its first 10 cards).
        func dayWithTheRest(_ tz: String) throws -> String? {
            let r = try s.carousel(["calendar", "--today", "2026-03-25", "--color", "never"], env: ["TZ": tz])
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            guard let header = lines.first(where: { $0.contains("Tue 24") }), let line = lines.first(where: { $0.contains("+2 more") }),
                  let at = line.range(of: "+2 more") else { return nil }
            let offset = line.distance(from: line.startIndex, to: at.lowerBound)
            return ["Fri 27", "Sat 28"].first { day in
                header.range(of: day).map { header.distance(from: header.startIndex, to: $0.lowerBound) } == offset
            }
        }
        for (tz, day) in [("America/New_York", "Fri 27"), ("America/New_York", "Fri 27"), ("Europe/Berlin", "Sat 28"),
                          ("Europe/Berlin", "Sat 28"), ("America/New_York", "Fri 27")] {
            XCTAssertEqual(try dayWithTheRest(tz), day, tz)
        }
    }

    func testTheVaultsZoneReachesEverySummaryInJSON() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("carousel.yaml", try s.read("carousel.yaml") + "time_zone: Europe/Berlin\n")
        // 19:00 in Berlin on Friday 20 March (UTC+1) is 14:00 in New York (UTC-4 since 8 March).
        try s.write("cards/call.md", "---\ntitle: Call the bank\ndue: 2026-03-20T19:00\n---\n")
        XCTAssertEqual(try s.carousel(["pull", "call", "--today", "2026-03-20"]).status, 0)
        let env = ["TZ": "America/New_York"]
        func due(_ cards: Any?) -> String? { ((cards as? [[String: Any]])?.first { $0["slug"] as? String == "call" })?["due"] as? String }
        let list = try s.carousel(["list", "--json", "--today", "2026-03-20"], env: env).json()
        XCTAssertEqual(due(list["cards"]), "2026-03-20T14:00")
        let today = try s.carousel(["today", "--json", "--today", "2026-03-20"], env: env).json()
        XCTAssertEqual(due((today["list"] as? [String: Any])?["cards"] ?? today["cards"]), "2026-03-20T14:00")
        let board = try s.carousel(["board", "--json", "--today", "2026-03-20"], env: env).json()
        let all = (board["columns"] as? [[String: Any]] ?? []).flatMap { $0["cards"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(due(all), "2026-03-20T14:00")
        // On a device in the vault's own zone the reading is the one written.
        XCTAssertEqual(due(try s.carousel(["list", "--json", "--today", "2026-03-20"], env: ["TZ": "Europe/Berlin"]).json()["cards"]),
                       "2026-03-20T19:00")
    }

    func testImportKeepsTheCalendarsZoneWhateverTheMachineZone() throws {
        var files: [String: [String: String]] = [:]
        for tz in ["America/New_York", "Europe/Berlin", "UTC"] {
            let s = try Sandbox(tz.replacingOccurrences(of: "/", with: "-"))
            try s.initVault()
            let path = s.root.appendingPathComponent("choir.ics")
            try Self.berlinChoir.write(to: path, atomically: true, encoding: .utf8)
            let r = try s.carousel(["import", "--from", "ics", path.path, "--json"], env: ["TZ": tz])
            XCTAssertEqual(r.status, 0, r.stderr)
            let names = try FileManager.default.contentsOfDirectory(atPath: s.vault.appendingPathComponent("cards").path).sorted()
            var byName: [String: String] = [:]
            for n in names {
                // id and created are the import's own; the rest must not depend on the machine.
                byName[n] = try s.read("cards/\(n)").split(separator: "\n").filter { !$0.hasPrefix("id:") && !$0.hasPrefix("created:") }.joined(separator: "\n")
            }
            files[tz] = byName
        }
        XCTAssertEqual(files["America/New_York"], files["Europe/Berlin"])
        XCTAssertEqual(files["UTC"], files["Europe/Berlin"])
        let choir = files["UTC"]?["choir.md"] ?? ""
        for line in ["due: 2026-03-01T19:00", "tz: Europe/Berlin", "repeat: every week on sun", "except: [2026-03-15]", "duration: 2h"] {
            XCTAssertTrue(choir.contains(line), "missing \(line) in\n\(choir)")
        }
        // A Windows zone name is read as its Olson zone.
        XCTAssertTrue(files["UTC"]?["late-call.md"]?.contains("tz: Europe/Berlin") == true, "\(files["UTC"] ?? [:])")
    }

    func testExportWritesTheZoneAndImportExportImportChangesNothing() throws {
        let s = try Sandbox()
        try s.initVault()
        let path = s.root.appendingPathComponent("choir.ics")
        try Self.berlinChoir.write(to: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try s.carousel(["import", "--from", "ics", path.path], env: ["TZ": "America/New_York"]).status, 0)
        let out = s.root.appendingPathComponent("out.ics")
        let e = try s.carousel(["export", "--format", "ics", "--out", out.path], env: ["TZ": "Asia/Tokyo"])
        XCTAssertEqual(e.status, 0, e.stderr)
        let text = try String(contentsOf: out, encoding: .utf8)
        for line in ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "DTSTART;TZID=Europe/Berlin:20260301T190000", "EXDATE;TZID=Europe/Berlin:20260315T190000",
                     "UID:choir-1@example.org", "TZOFFSETTO:+0200"] {
            XCTAssertTrue(text.contains(line), "missing \(line) in\n\(text)")
        }
        // The exported file comes back to the same cards, read from yet another machine zone.
        let t = try Sandbox("again")
        try t.initVault()
        XCTAssertEqual(try t.carousel(["import", "--from", "ics", out.path], env: ["TZ": "Europe/Berlin"]).status, 0)
        for name in ["choir.md", "late-call.md"] {
            func fields(_ text: String) -> [String] {
                text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("id:") && !$0.hasPrefix("created:") && !$0.hasPrefix("import_hash:") }
            }
            XCTAssertEqual(fields(try t.read("cards/\(name)")), fields(try s.read("cards/\(name)")))
        }
    }
}
