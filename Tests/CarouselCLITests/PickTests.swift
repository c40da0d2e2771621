import Foundation
import XCTest

/// `carousel pick`: one card of the carousel that fits the spoons and minutes, why it was chosen,
/// `--another` without repeats (kept per device, never committed) and `--take` as one commit.
final class PickTests: XCTestCase {
    /// Monday 2026-11-23: five cards of different weights and one event.
    func vault(_ name: String = #function) throws -> Sandbox {
        let s = try Sandbox(name)
        try s.initVault()
        for args in [["Big report", "--spoons", "4", "--importance", "5", "--due", "2026-11-24"],
                     ["Call Mum", "--spoons", "1", "--importance", "4", "--due", "2026-11-24"],
                     ["Long walk", "--spoons", "2", "--importance", "3"],
                     ["Water plants", "--spoons", "1", "--importance", "2"],
                     ["Sort the mail", "--spoons", "3", "--importance", "1"],
                     ["Concert", "--kind", "event", "--due", "2026-11-25"]] {
            XCTAssertEqual(try s.carousel(["add", "--literal"] + args).status, 0)
        }
        XCTAssertEqual(try s.carousel(["set", "long-walk", "duration=90m"]).status, 0)
        XCTAssertEqual(try s.carousel(["set", "water-plants", "duration=10m"]).status, 0)
        return s
    }

    func pick(_ s: Sandbox, _ args: [String] = [], today: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let r = try s.carousel(["pick", "--json"] + args + (today.map { ["--today", $0] } ?? []))
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        assertShape("pick", r, file: file, line: line)
        return try r.json()
    }

    func slug(_ json: [String: Any]) -> String? { (json["card"] as? [String: Any])?["slug"] as? String }

    func testPickIsTheCarouselsFirstCardThatFitsAndSaysWhy() throws {
        let s = try vault()
        let ranked = try XCTUnwrap(try s.carousel(["suggest", "--limit", "0", "--json"]).json().cards())
        let first = try XCTUnwrap(ranked.first { ($0["spoons"] as? Int ?? 9) <= 2 }?["slug"] as? String)
        let json = try pick(s, ["--spoons", "2"])
        XCTAssertEqual(json["outcome"] as? String, "picked")
        XCTAssertEqual(slug(json), first)
        XCTAssertEqual(json["spoons_left"] as? Int, 2)
        XCTAssertEqual(json["fitting"] as? Int, 3, "call-mum, long-walk and water-plants cost 2 spoons or fewer")
        let why = try XCTUnwrap(json["why"] as? String)
        XCTAssertTrue(why.contains("first in the carousel's order of the 3 cards that fit 2 spoons"), why)
        XCTAssertTrue(why.contains("importance"), why)
        let text = try s.carousel(["pick", "--spoons", "2"])
        XCTAssertTrue(text.stdout.contains("Why this one: "), text.stdout)
    }

    func testAnotherNeverRepeatsNorGoesOverTheSpoonsOrMinutes() throws {
        let s = try vault()
        var seen: [String] = []
        var json = try pick(s, ["--spoons", "2", "--minutes", "30"])
        while let card = json["card"] as? [String: Any] {
            let slug = try XCTUnwrap(card["slug"] as? String)
            XCTAssertFalse(seen.contains(slug), "\(slug) offered twice: \(seen)")
            XCTAssertLessThanOrEqual(card["spoons"] as? Int ?? 99, 2, slug)
            if let needed = json["minutes_needed"] as? Int { XCTAssertLessThanOrEqual(needed, 30, slug) }
            XCTAssertNotEqual(slug, "concert", "events are counted down to, not picked")
            seen.append(slug)
            XCTAssertLessThan(seen.count, 10)
            json = try pick(s, ["--spoons", "2", "--minutes", "30", "--another"])
        }
        XCTAssertEqual(Set(seen), ["call-mum", "water-plants"], "long-walk takes 90 minutes")
        XCTAssertEqual(json["outcome"] as? String, "all_offered")
        XCTAssertTrue((json["message"] as? String ?? "").contains("That's all 2 cards that fit"))
        // The next day starts afresh; what was offered stays on this device and out of git.
        XCTAssertNotNil(slug(try pick(s, ["--spoons", "2", "--minutes", "30", "--another"], today: "2026-11-24")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent(".carousel/pick.json").path))
        XCTAssertEqual(try s.git(["ls-files", ".carousel"]).stdout, "")
        try s.assertClean()
    }

    func testThePlainPickKeepsOfferingTheCardOnOfferAndTakeMakesOneCommit() throws {
        let s = try vault()
        let first = try XCTUnwrap(slug(try pick(s, ["--spoons", "2"])))
        let second = try XCTUnwrap(slug(try pick(s, ["--spoons", "2", "--another"])))
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(try s.carousel(["pick", "--spoons", "2"]).stdout.contains("2nd in the carousel's order"))
        XCTAssertEqual(slug(try pick(s, ["--spoons", "2"])), second, "a plain pick shows the card on offer")
        let before = try s.log().count
        let taken = try pick(s, ["--spoons", "2", "--take"])
        XCTAssertEqual(slug(taken), second)
        XCTAssertEqual(taken["taken"] as? Bool, true)
        let log = try s.log()
        XCTAssertEqual(log.count, before + 1)
        XCTAssertTrue(log[0].hasPrefix("pull into today: "), log[0])
        let today = try s.carousel(["today", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(today, [second])
        try s.assertClean()
    }

    func testWithoutSpoonsItUsesWhatIsLeftOfTodaysBudgetAndSaysKindlyWhenNothingFits() throws {
        let s = try vault()
        XCTAssertEqual(try s.carousel(["budget", "5"]).status, 0)
        XCTAssertEqual(try s.carousel(["pull", "big-report"]).status, 0)
        let one = try pick(s)
        XCTAssertEqual(one["spoons_left"] as? Int, 1)
        XCTAssertEqual((one["card"] as? [String: Any])?["spoons"] as? Int, 1)
        XCTAssertEqual(try s.carousel(["pull", "water-plants"]).status, 0)
        let before = try s.log()
        let none = try pick(s)
        XCTAssertEqual(none["spoons_left"] as? Int, 0)
        XCTAssertEqual(none["outcome"] as? String, "nothing_fits")
        XCTAssertTrue(none["card"] is NSNull)
        XCTAssertTrue((none["message"] as? String ?? "").contains("Resting counts too"))
        let taken = try pick(s, ["--take"])
        XCTAssertEqual(taken["taken"] as? Bool, false)
        XCTAssertEqual(try s.log(), before, "nothing to take, nothing committed")
        XCTAssertEqual(try s.carousel(["set", "call-mum", "duration=15m"]).status, 0)
        let text = try s.carousel(["pick", "--minutes", "5", "--spoons", "2"])
        XCTAssertEqual(text.status, 0)
        XCTAssertTrue(text.stdout.contains("Nothing in the carousel fits 2 spoons and 5 minutes"), text.stdout)
        XCTAssertEqual(slug(try pick(s, ["--minutes", "15", "--spoons", "2"])), "call-mum", "15 minutes fit 15")
    }

    func testAnEmptyCarouselAndBadFlags() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try pick(s)["outcome"] as? String, "empty")
        XCTAssertEqual(try s.carousel(["pick", "--spoons", "-1"]).status, 2)
        XCTAssertEqual(try s.carousel(["pick", "--minutes", "0"]).status, 2)
    }

    /// Without --minutes, the minutes are the time until the next fixed thing today, and the
    /// pick says so; with nothing fixed left, any length fits.
    func testWithoutMinutesItFitsTheTimeBeforeTheNextFixedThing() throws {
        let s = try vault()
        XCTAssertEqual(try s.carousel(["add", "--literal", "Dentist", "--kind", "event", "--due", "2026-11-23T13:00"]).status, 0)
        let json = try pick(s, ["--spoons", "2", "--now", "12:00"])
        XCTAssertEqual(json["minutes"] as? Int, 60)
        XCTAssertEqual(json["before"] as? String, "Dentist")
        XCTAssertNotEqual(slug(json), "long-walk", "90 minutes do not fit in 60")
        XCTAssertEqual(json["fitting"] as? Int, 2, "call-mum and water-plants")
        XCTAssertTrue((json["why"] as? String ?? "").contains("fit 2 spoons and the 60 minutes before Dentist"), "\(json)")
        let given = try pick(s, ["--spoons", "2", "--minutes", "120", "--now", "12:00"])
        XCTAssertNil(given["before"] as? String)
        XCTAssertEqual(given["fitting"] as? Int, 3)
        let after = try pick(s, ["--spoons", "2", "--now", "14:00"])
        XCTAssertNil(after["minutes"] as? Int, "nothing fixed is left today")
        XCTAssertEqual(after["fitting"] as? Int, 3)
    }
}
