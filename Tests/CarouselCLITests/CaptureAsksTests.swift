import Foundation
import XCTest

/// Quick capture asks when a word is nearly a date, and every refused date shows forms that work.
final class CaptureAsksTests: XCTestCase {
    func testAWordThatIsNearlyADateStaysInTheTitleAndIsQuestioned() throws {
        let s = try Sandbox()  // Monday 2026-11-23
        try s.initVault()
        let cases: [(String, String, String, String)] = [
            ("Fix bike tomorow", "fix-bike-tomorow", "tomorrow", "carousel set fix-bike-tomorow 'title=Fix bike' due=tomorrow"),
            ("Email Sam fridya", "email-sam-fridya", "friday", "carousel set email-sam-fridya 'title=Email Sam' due=friday"),
            ("Water plants tomorroww", "water-plants-tomorroww", "tomorrow", "carousel set water-plants-tomorroww 'title=Water plants' due=tomorrow"),
            ("Plan trip nxt week", "plan-trip-nxt-week", "next week", "carousel set plan-trip-nxt-week 'title=Plan trip' 'due=next week'"),
        ]
        for (line, slug, meant, command) in cases {
            let r = try s.carousel(["add", line])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("Did you mean \(meant)?"), r.stdout)
            XCTAssertTrue(r.stdout.contains("`\(command)`"), r.stdout)
            let card = try s.carousel(["show", slug, "--json"]).json()
            XCTAssertEqual(card["title"] as? String, line)
            XCTAssertNil(card["due"] as? String, line)
        }
        // The printed command does what it says.
        let fix = try Sandbox.run(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "\"$0\" set fix-bike-tomorow 'title=Fix bike' due=tomorrow --vault \"$1\" --today 2026-11-23",
                                   Sandbox.binary.path, s.vault.path], env: s.environment, cwd: s.root)
        XCTAssertEqual(fix.status, 0, fix.stderr)
        let fixed = try s.carousel(["show", "fix-bike-tomorow", "--json"]).json()
        XCTAssertEqual(fixed["title"] as? String, "Fix bike")
        XCTAssertEqual(fixed["due"] as? String, "2026-11-24")

        // --json carries the question as a note; a line with nothing near a date has none.
        let json = try s.carousel(["add", "Call Gran tommorow", "--json"]).json()
        let notes = try XCTUnwrap(json["notes"] as? [String])
        XCTAssertEqual(notes.count, 1)
        XCTAssertTrue(notes[0].contains("Did you mean tomorrow?") && notes[0].contains("due=tomorrow"), notes[0])
        for plain in ["Clean the fridge", "Pizza fridays", "Feed the monkey", "Read Tomorrow Never Dies"] {
            let r = try s.carousel(["add", plain, "--json"])
            XCTAssertEqual(try r.json()["notes"] as? [String], [], plain)
        }
    }

    func testEveryRefusedDateShowsFormsThatWork() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Pay rent"]).status, 0)
        XCTAssertEqual(try s.carousel(["habit", "add", "Walk"]).status, 0)
        let refusals: [[String]] = [
            ["add", "Call Mum", "--due", "tomorow"],
            ["set", "pay-rent", "due=tomorow"],
            ["list", "--due", "tomorow"],
            ["check", "walk", "--date", "tomorow"],
            ["rule", "every day", "--from", "tomorow"],
            ["calendar", "tomorow"],
        ]
        for args in refusals {
            let r = try s.carousel(args)
            XCTAssertNotEqual(r.status, 0, "\(args)")
            XCTAssertTrue(r.stderr.contains("tomorrow") && r.stderr.contains("dec 5") && r.stderr.contains("2026-12-05"), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("did you mean tomorrow?"), "\(args): \(r.stderr)")
        }
    }
}
