import Foundation
import XCTest

/// The everyday slips found by trying Carousel as a new user for a week, each pinned by a test
/// that failed before its fix.
final class EverydaySlipsTests: XCTestCase {
    func streak(_ s: Sandbox, _ slug: String) throws -> Int? {
        let json = try s.carousel(["habits", "--json"]).json()
        return (json["habits"] as? [[String: Any]])?.first { $0["slug"] as? String == slug }?["streak"] as? Int
    }

    /// `habit pause meds --until …` after today's check took today's logged day away (8 → 7).
    func testAPauseAfterTodaysCheckStartsTomorrow() throws {
        let s = try Sandbox()
        try s.initVault()
        let log = (16...23).map { "  2026-11-\($0): 1" }.joined(separator: "\n")
        try s.write("habits/meds.md", "---\ntitle: Meds\nrepeat: every day\nstart: 2026-11-10\nlog:\n\(log)\n---\n")
        XCTAssertEqual(try streak(s, "meds"), 8)
        let r = try s.carousel(["habit", "pause", "meds", "--until", "2026-11-30"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("from Tue 24 Nov"), r.stdout)
        XCTAssertEqual(try s.log().first, "habit pause: Meds from 2026-11-24 to 2026-11-30")
        XCTAssertEqual(try streak(s, "meds"), 8, "today's check still counts")
        // Paused until today only, with today checked: nothing left to pause, said plainly.
        let none = try s.carousel(["habit", "pause", "meds", "--until", "today"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("already checked today"), none.stderr)
        try s.assertClean()
    }

    /// A bare `skip` counted as a missed day while saying only "Tomorrow's a new day".
    func testABareSkipSaysTheDayCountsAsMissed() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("habits/walk.md", "---\ntitle: Walk\nrepeat: every day\nstart: 2026-11-10\nlog:\n  2026-11-22: 1\n---\n")
        let bare = try s.carousel(["skip", "walk"])
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertTrue(bare.stdout.contains("counts as a missed day for the streak"), bare.stdout)
        let noted = try s.carousel(["skip", "walk", "--note", "sick", "--date", "2026-11-21"])
        XCTAssertEqual(noted.status, 0, noted.stderr)
        XCTAssertTrue(noted.stdout.contains("won't count against your streak"), noted.stdout)
    }

    /// `edit` with a YAML slip, not re-opened, put the original back and dropped what was typed.
    func testAnEditThatIsPutBackKeepsARescueCopy() throws {
        let s = try Sandbox()
        try s.initVault(sample: true)
        let before = try s.read("cards/call-mum.md")
        let url = s.root.appendingPathComponent("slip.sh")
        try "#!/bin/sh\nsed -i 's/^spoons: .*/spoons: [oops/' \"$1\"\necho 'A long note I typed' >> \"$1\"\n"
            .write(to: url, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        let r = try s.carousel(["edit", "call-mum"], env: ["EDITOR": url.path, "VISUAL": ""])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try s.read("cards/call-mum.md"), before)
        XCTAssertTrue(r.stderr.contains("what you typed is kept in .carousel/rescued/call-mum.2026-11-23.md"), r.stderr)
        let copy = try s.read(".carousel/rescued/call-mum.2026-11-23.md")
        XCTAssertTrue(copy.contains("A long note I typed") && copy.contains("spoons: [oops"), copy)
        try s.assertClean()
    }

    /// `pull` took a done card into today.
    func testPullRefusesADoneCard() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Post the letter"]).status, 0)
        XCTAssertEqual(try s.carousel(["done", "post-the-letter"]).status, 0)
        let count = try s.log().count
        let r = try s.carousel(["pull", "post-the-letter"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("already done"), r.stderr)
        XCTAssertTrue(r.stderr.contains("carousel undone post-the-letter"), r.stderr)
        XCTAssertEqual(try s.log().count, count)
        XCTAssertFalse(try s.read("cards/post-the-letter.md").contains("today:"))
    }

    /// An event imported from a calendar has its time in `due` and no `start`: it was never on
    /// the timeline, and `pick` offered the fixed Friday 09:30 appointment as the thing to do now.
    func testATimedEventIsOnTheTimelineAndNotPicked() throws {
        let s = try Sandbox()
        s.today = "2026-11-27"
        try s.initVault()
        try s.write("cards/dentist.md", "---\ntitle: Dentist\nkind: event\ndue: 2026-11-27T09:30\nimportance: 5\n---\n")
        try s.write("cards/tidy-desk.md", "---\ntitle: Tidy desk\nimportance: 1\n---\n")
        let timeline = try s.carousel(["timeline", "--json"])
        XCTAssertEqual(timeline.status, 0, timeline.stderr)
        XCTAssertTrue(timeline.stdout.contains("dentist"), timeline.stdout)
        XCTAssertTrue(try s.carousel(["timeline"]).stdout.contains("09:30"))
        let pick = try s.carousel(["pick", "--json"]).json()
        XCTAssertEqual((pick["card"] as? [String: Any])?["slug"] as? String, "tidy-desk")
        let suggested = try s.carousel(["suggest", "--json", "--limit", "0"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(suggested, ["tidy-desk"])
    }

    /// `rule "FREQ=…" --from D` counted from the rule's first natural day, not from the DTSTART
    /// its help promises (dateutil: Tue 1 Dec; Carousel said Tue 24 Nov). Human rules keep theirs.
    func testRuleFromIsDTSTARTForRRuleText() throws {
        let s = try Sandbox()
        let r = try s.carousel(["rule", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "--from", "2026-11-22", "--count", "3", "--json"], vaultFlag: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["dates"] as? [String], ["2026-12-01", "2026-12-03", "2026-12-15"])
        let human = try s.carousel(["rule", "every 2 weeks on tue, thu", "--from", "2026-11-22", "--count", "1", "--json"], vaultFlag: false)
        XCTAssertEqual(try human.json()["dates"] as? [String], ["2026-11-24"])
    }

    /// `clone` set up a second device without asking who you are: every commit there was
    /// `Carousel <carousel@localhost>`. It takes --name and --email as `init` does, asks on a
    /// terminal, and says so when it cannot ask.
    func testCloneTakesANameAndEmailAndWarnsWhenItCannotAsk() throws {
        let world = try SyncWorld()
        let laptop = try world.firstDevice(name: "laptop")
        XCTAssertEqual(try laptop.carousel(["add", "Water the ferns"]).status, 0)
        XCTAssertEqual(try laptop.carousel(["sync"]).status, 0)

        let phone = try Sandbox("phone")
        let named = try Sandbox.run(Sandbox.binary, ["clone", world.bare.path, "vault", "--today", phone.today, "--name", "Sam Lee", "--email", "sam@example.org"],
                                    env: phone.environment, cwd: phone.root)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertFalse(named.stderr.contains("could not ask"), named.stderr)
        XCTAssertEqual(try phone.git(["config", "user.name"]).stdout, "Sam Lee\n")
        XCTAssertEqual(try phone.git(["config", "user.email"]).stdout, "sam@example.org\n")
        XCTAssertEqual(try phone.carousel(["add", "Buy stamps"]).status, 0)
        XCTAssertEqual(try phone.git(["log", "-1", "--format=%an <%ae>"]).stdout, "Sam Lee <sam@example.org>\n")

        let tablet = try Sandbox("tablet")
        let unasked = try Sandbox.run(Sandbox.binary, ["clone", world.bare.path, "vault", "--today", tablet.today], env: tablet.environment, cwd: tablet.root)
        XCTAssertEqual(unasked.status, 0, unasked.stderr)
        XCTAssertTrue(unasked.stderr.contains("clone could not ask who you are"), unasked.stderr)
    }
}
