import Foundation
import XCTest

/// Commands typed the way people type them: global options before the subcommand, typos,
/// a card's name as the first word, and every hint the tool prints running as printed.
final class CommandsAsTypedTests: XCTestCase {
    func testGlobalOptionsBeforeTheSubcommand() throws {
        let s = try Sandbox()
        try s.initVault()
        let add = try s.carousel(["--vault", s.vault.path, "--today", "2026-11-23", "add", "Call Mum"], vaultFlag: false)
        XCTAssertEqual(add.status, 0, add.stderr)
        let list = try s.carousel(["--json", "--vault=\(s.vault.path)", "--color", "never", "list"], vaultFlag: false)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(try list.json().cards().map { $0["slug"] as? String }, ["call-mum"])
        // Bare options still mean home, and options around a `--` stay where they belong.
        let home = try s.carousel(["--vault", s.vault.path, "--json"], vaultFlag: false)
        XCTAssertEqual(home.status, 0, home.stderr)
        XCTAssertNotNil(try home.json()["today"])
        let dashes = try s.carousel(["--today", s.today, "--vault", s.vault.path, "add", "--", "--not-an-option"], vaultFlag: false)
        XCTAssertEqual(dashes.status, 0, dashes.stderr)
        XCTAssertTrue(try s.read("cards/not-an-option.md").contains("title: \"--not-an-option\""))
    }

    /// `carousel add Buy milk tomorrow` without quotes is the same card as the quoted line, as
    /// in `task add`; options may come after the words, and `habit add` and `check` take words too.
    func testATitleNeedsNoQuotes() throws {
        let s = try Sandbox()
        try s.initVault()
        let add = try s.carousel(["add", "Buy", "oat", "milk", "tomorrow", "!4", "~2", "--json"])
        XCTAssertEqual(add.status, 0, add.stderr)
        let card = try add.json()
        XCTAssertEqual(card["title"] as? String, "Buy oat milk")
        XCTAssertEqual(card["importance"] as? Int, 4)
        XCTAssertEqual(card["spoons"] as? Int, 2)
        XCTAssertEqual(card["due"] as? String, "2026-11-24")
        let quoted = try s.carousel(["add", "Call Mum tomorrow #family", "--json"]).json()
        let unquoted = try s.carousel(["add", "Call", "Dad", "tomorrow", "#family", "--json"]).json()
        XCTAssertEqual(quoted["due"] as? String, unquoted["due"] as? String)
        XCTAssertEqual(quoted["tags"] as? [String], unquoted["tags"] as? [String])
        XCTAssertEqual(unquoted["title"] as? String, "Call Dad")
        let literal = try s.carousel(["add", "--literal", "Read", "Tomorrow", "and", "Tomorrow", "--json"]).json()
        XCTAssertEqual(literal["title"] as? String, "Read Tomorrow and Tomorrow")
        XCTAssertNotEqual(try s.carousel(["add"]).status, 0, "a title is still needed")
        let habit = try s.carousel(["habit", "add", "Brush", "teeth", "--json"])
        XCTAssertEqual(habit.status, 0, habit.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("habits/brush-teeth.md").path))
        // `check` reads the habit's words the same way; a last word like a number is the amount.
        XCTAssertEqual(try s.carousel(["habit", "add", "Drink", "water", "--target", "8"]).status, 0)
        let brushed = try s.carousel(["check", "brush", "teeth"])
        XCTAssertEqual(brushed.status, 0, brushed.stderr)
        let drunk = try s.carousel(["check", "drink", "water", "2"])
        XCTAssertEqual(drunk.status, 0, drunk.stderr)
        XCTAssertTrue(try s.read("habits/brush-teeth.md").contains("\(s.today): 1"))
        XCTAssertTrue(try s.read("habits/drink-water.md").contains("\(s.today): 2"))
        let negative = try s.carousel(["check", "drink", "water", "-2"])
        XCTAssertNotEqual(negative.status, 0)
        XCTAssertTrue(negative.stderr.contains("above 0"), negative.stderr)
        let unknown = try s.carousel(["check", "floss", "daily"])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("floss daily"), unknown.stderr)
    }

    /// `task add Pay rent due:eom +money project:home` typed to Carousel: the card is dated and
    /// tagged, never titled "Pay rent due:eom"; a value that cannot be read is refused and
    /// nothing is written; `--literal` keeps the line.
    func testTaskwarriorWordsInAdd() throws {
        let s = try Sandbox()
        try s.initVault()
        let add = try s.carousel(["add", "Pay", "rent", "due:eom", "+money", "project:home", "priority:H", "recur:monthly", "--json"])
        XCTAssertEqual(add.status, 0, add.stderr)
        let card = try add.json()
        XCTAssertEqual(card["title"] as? String, "Pay rent")
        XCTAssertEqual(card["due"] as? String, "2026-11-30")
        XCTAssertEqual(card["tags"] as? [String], ["money"])
        XCTAssertEqual(card["category"] as? String, "home")
        XCTAssertEqual(card["importance"] as? Int, 5)
        XCTAssertEqual(card["repeat"] as? String, "monthly")
        let birthday = try s.carousel(["add", "Mum", "birthday", "due:2026-03-14", "repeat:every year", "kind:event", "--json"])
        XCTAssertEqual(birthday.status, 0, birthday.stderr)
        XCTAssertEqual(try birthday.json()["kind"] as? String, "event")
        let countdown = try s.carousel(["countdown", "--json"])
        XCTAssertTrue(countdown.stdout.contains("2027-03-14"), "the birthday comes round again: \(countdown.stdout)")
        // A flag wins over the word, as over the markers.
        let flagged = try s.carousel(["add", "Renew", "passport", "due:friday", "--due", "2027-01-15", "--json"]).json()
        XCTAssertEqual(flagged["due"] as? String, "2027-01-15")
        let head = try s.git(["rev-parse", "HEAD"]).stdout
        let bad = try s.carousel(["add", "Oops", "due:someday-ish"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("due:someday-ish — expected a date"), bad.stderr)
        XCTAssertEqual(try s.git(["rev-parse", "HEAD"]).stdout, head, "nothing was committed")
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/oops.md").path))
        let literal = try s.carousel(["add", "--literal", "Oops", "due:someday-ish", "--json"]).json()
        XCTAssertEqual(literal["title"] as? String, "Oops due:someday-ish")
        // `set 4 due:fri`, typed as `task 4 modify due:fri`: a filter there, so the error says how.
        let modify = try s.carousel(["set", "pay-rent", "due:friday"])
        XCTAssertNotEqual(modify.status, 0)
        XCTAssertTrue(modify.stderr.contains("did you mean due=friday?"), modify.stderr)
        // A filter key that is no field gets no such guess.
        let status = try s.carousel(["set", "pay-rent", "status:open"])
        XCTAssertNotEqual(status.status, 0)
        XCTAssertFalse(status.stderr.contains("did you mean"), status.stderr)
        // One card per line of standard input: a line that cannot be read is named by its number,
        // and none of the lines is added.
        let lines = try Sandbox.run(Sandbox.binary, ["add", "-", "--vault", s.vault.path, "--today", s.today],
                                    env: s.environment, cwd: s.root, stdin: "Buy milk due:tomorrow\n\nOops due:someday-ish\n")
        XCTAssertEqual(lines.status, 1)
        XCTAssertTrue(lines.stderr.contains("line 3 of the input"), lines.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards/buy-milk.md").path))
    }

    /// A card's whole title, as people say it, names the card (any case); two cards with that
    /// title are both listed, and a title that names none still gets the nearest slugs.
    func testATitleIsARef() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Water the ferns"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Call Mum"]).status, 0)
        let done = try s.carousel(["done", "water THE ferns", "--json"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertTrue(try s.read("cards/water-the-ferns.md").contains("done: "))
        let both = try s.carousel(["show", "Call Mum"])
        XCTAssertNotEqual(both.status, 0)
        XCTAssertTrue(both.stderr.contains("call-mum ") && both.stderr.contains("call-mum-2"), both.stderr)
        // Typed without quotes: words that are not each a REF are read as one title.
        XCTAssertEqual(try s.carousel(["add", "Pay the phone bill"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Pack the bag"]).status, 0)
        let shown = try s.carousel(["show", "pay", "the", "phone", "bill", "--json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(try shown.json()["slug"] as? String, "pay-the-phone-bill")
        let paid = try s.carousel(["done", "pay", "the", "phone", "bill", "--json"])
        XCTAssertEqual(paid.status, 0, paid.stderr)
        XCTAssertEqual(try paid.json()["slug"] as? String, "pay-the-phone-bill", "one card named: the single card's JSON")
        // A done card is not pulled (EverydaySlipsTests): open it again first.
        XCTAssertEqual(try s.carousel(["undone", "water-the-ferns"]).status, 0)
        let two = try s.carousel(["pull", "pack", "water", "--json"])   // two REFs still mean two cards
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertTrue(two.stdout.contains("pack-the-bag") && two.stdout.contains("water-the-ferns"), two.stdout)
        let reopened = try s.carousel(["undone", "pay", "the", "phone", "bill"])
        XCTAssertEqual(reopened.status, 0, reopened.stderr)
        XCTAssertFalse(try s.read("cards/pay-the-phone-bill.md").contains("done: "))
        let dropped = try s.carousel(["drop", "pack", "the", "bag"])
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        let edited = try s.carousel(["edit", "pack", "the", "bag"], env: ["EDITOR": "true", "VISUAL": "true"])
        XCTAssertEqual(edited.status, 0, edited.stderr)
        // Words of one title name it (`done pack the` is Pack the bag); a word no card has does not.
        let partial = try s.carousel(["done", "pack", "zebra"])
        XCTAssertNotEqual(partial.status, 0)
        XCTAssertTrue(partial.stderr.contains("'zebra'"), partial.stderr)
        let none = try s.carousel(["show", "Water the roses"])
        XCTAssertNotEqual(none.status, 0)
        XCTAssertTrue(none.stderr.contains("no card"), none.stderr)
    }

    func testTypoGetsTheNearestCommand() throws {
        let s = try Sandbox()
        try s.initVault()
        let r = try s.carousel(["don", "x"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("unknown command 'don'. Did you mean 'done'?"), r.stderr)
        XCTAssertFalse(r.stderr.contains("unexpected argument"), r.stderr)
        let other = try s.carousel(["sugest"])
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("Did you mean 'suggest'?"), other.stderr)
        let nothing = try s.carousel(["zzzzzz"])
        XCTAssertEqual(nothing.status, 2)
        XCTAssertFalse(nothing.stderr.contains("Did you mean"), nothing.stderr)
    }

    func testACardNameAsTheFirstWordShowsIt() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"])
        let r = try s.carousel(["call-mum", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try r.json()["slug"] as? String, "call-mum")
    }

    func testSettingsCommandNamedInCarouselYamlExists() throws {
        let s = try Sandbox()
        try s.initVault()
        let header = try s.read("carousel.yaml").split(separator: "\n").first.map(String.init) ?? ""
        let named = try XCTUnwrap(header.range(of: #"`carousel [a-z-]+"#, options: .regularExpression))
        let command = String(header[named].dropFirst("`carousel ".count))
        let help = try s.carousel([command, "--help"], vaultFlag: false)
        XCTAssertEqual(help.status, 0, "carousel.yaml names `carousel \(command)`: \(help.stderr)")
        let set = try s.carousel([command, "budget", "12", "--json"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertTrue(try s.read("carousel.yaml").contains("budget: 12"))
        XCTAssertEqual(try s.log().first, "settings: budget 12")
        let typo = try s.carousel([command, "budjet", "12"])
        XCTAssertNotEqual(typo.status, 0)
        XCTAssertTrue(typo.stderr.contains("Did you mean 'budget'?"), typo.stderr)
    }

    func testUnknownFieldsAndHabitsGetTheNearestName() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.carousel(["add", "Call Mum"])
        let before = try s.read("cards/call-mum.md")
        let typo = try s.carousel(["set", "call-mum", "spons=3"])
        XCTAssertNotEqual(typo.status, 0)
        XCTAssertTrue(typo.stderr.contains("unknown field 'spons'. Did you mean 'spoons'?"), typo.stderr)
        XCTAssertEqual(try s.read("cards/call-mum.md"), before, "a refused change writes nothing")
        // A field of the person's own, far from every known name, is kept as text.
        XCTAssertEqual(try s.carousel(["set", "call-mum", "mood=happy"]).status, 0)
        XCTAssertTrue(try s.read("cards/call-mum.md").contains("mood: happy"))

        XCTAssertEqual(try s.carousel(["habit", "add", "Walk"]).status, 0)
        XCTAssertEqual(try s.carousel(["habit", "add", "Read 10 pages"]).status, 0)
        let habit = try s.carousel(["check", "wlak"])
        XCTAssertNotEqual(habit.status, 0)
        XCTAssertTrue(habit.stderr.contains("Did you mean 'walk'?"), habit.stderr)
        let unknownSetting = try s.carousel(["config", "wek_start", "sunday"])
        XCTAssertNotEqual(unknownSetting.status, 0)
        XCTAssertTrue(unknownSetting.stderr.contains("Did you mean 'week_start'?"), unknownSetting.stderr)
    }

    func testEverySettingIsCheckedWithItsRange() throws {
        let s = try Sandbox()
        try s.initVault()
        XCTAssertEqual(try s.carousel(["add", "Write the report", "--category", "work", "--due", "2026-11-20"]).status, 0)
        let original = try s.read("carousel.yaml")
        let cases: [(String, String, String)] = [
            ("theme: auto", "theme: fancy", "theme must be auto or plain"),
            ("reduce_motion: false", "reduce_motion: maybe", "reduce_motion must be true or false"),
            ("views: [board, habits, countdown]", "views: [board, calender]", "Did you mean 'calendar'?"),
            ("week_start: monday", "week_start: someday", "week_start must be a weekday name"),
            ("carousel: smart", "carousel: random", "carousel must be smart or linear"),
            ("  work: magenta", "  work: mauve", "a category colour must be"),
        ]
        for (from, to, expected) in cases {
            try s.write("carousel.yaml", original.replacingOccurrences(of: from, with: to))
            let r = try s.carousel(["list"])
            XCTAssertNotEqual(r.status, 0, to)
            XCTAssertTrue(r.stderr.contains("carousel.yaml:") && r.stderr.contains(expected), "\(to): \(r.stderr)")
        }
        try s.write("carousel.yaml", original + "budjet: 12\n")
        let warned = try s.carousel(["list"])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("warning: unknown setting 'budjet'"), warned.stderr)
        // theme: plain turns colour off even when asked for automatically on a forced terminal.
        try s.write("carousel.yaml", original.replacingOccurrences(of: "theme: auto", with: "theme: plain"))
        let plain = try s.carousel(["list"], env: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        XCTAssertFalse(plain.stdout.contains("\u{1B}["), plain.stdout)
        let forced = try s.carousel(["list", "--color", "always"])
        XCTAssertTrue(forced.stdout.contains("\u{1B}["), forced.stdout)
        let auto = try s.carousel(["list"], env: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        try s.write("carousel.yaml", original)
        XCTAssertFalse(auto.stdout.contains("\u{1B}["), "theme: plain wins over FORCE_COLOR")
        let coloured = try s.carousel(["list"], env: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        XCTAssertTrue(coloured.stdout.contains("\u{1B}["), coloured.stdout)
    }

    /// Runs every `carousel …` hint printed by init (into a folder with a space in its name),
    /// the empty states and the tour's wording through a real shell; none may be a usage mistake.
    func testEveryPrintedHintRunsAsPrinted() throws {
        let s = try Sandbox()
        let bin = s.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("carousel"), withDestinationURL: Sandbox.binary)
        let spaced = "my vault"
        let initRun = try s.carousel(["init", spaced, "--no-tour"], vaultFlag: false, cwd: s.root)
        XCTAssertEqual(initRun.status, 0, initRun.stderr)
        var hints = Self.commands(in: initRun.stdout)
        XCTAssertGreaterThanOrEqual(hints.count, 4, initRun.stdout)
        XCTAssertTrue(hints.allSatisfy { $0.contains("--vault 'my vault'") }, "\(hints)")
        // Empty states of the views on the new vault.
        let vaultArg = "--vault '\(spaced)'"
        for view in ["", "today", "board", "habits", "countdown", "timeline", "checkin", "list", "suggest"] {
            let r = try Self.shell("carousel \(vaultArg) \(view)", s, bin: bin)
            hints += Self.commands(in: r.stdout + r.stderr).map { $0.contains("--vault") ? $0 : $0 + " " + vaultArg }
        }
        XCTAssertFalse(hints.isEmpty)
        for hint in Set(hints) {
            let r = try Self.shell(hint, s, bin: bin)
            XCTAssertNotEqual(r.status, 2, "`\(hint)` is printed as a hint but is a usage mistake: \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("Unknown option") || r.stderr.contains("unknown command"), "`\(hint)`: \(r.stderr)")
        }
        let tour = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/CarouselCLI/Render/Tour.swift"), encoding: .utf8)
        XCTAssertFalse(tour.contains("carousel remove"), "the tour names a command that does not exist")
    }

    /// The runnable `carousel …` commands in printed text: `…`-quoted ones and "$ carousel" or
    /// indented ones, without placeholders.
    static func commands(in text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            var candidates: [String] = []
            var rest = Substring(line)
            while let open = rest.firstIndex(of: "`"), let close = rest[rest.index(after: open)...].firstIndex(of: "`") {
                candidates.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("carousel ") || trimmed == "carousel" {
                candidates.append(trimmed.components(separatedBy: "  #").first ?? trimmed)
            }
            for c in candidates where c.hasPrefix("carousel") {
                let command = c.trimmingCharacters(in: .whitespaces)
                if command.contains("<") || command.contains("…") || command.range(of: #"\b[A-Z]{2,}\b"#, options: .regularExpression) != nil { continue }
                found.append(command)
            }
        }
        return found
    }

    static func shell(_ command: String, _ s: Sandbox, bin: URL) throws -> RunResult {
        var env = s.environment
        env["PATH"] = bin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["CAROUSEL_TODAY"] = s.today
        return try Sandbox.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], env: env, cwd: s.root)
    }
}
