import Foundation
import XCTest

/// Text from files stays text: a vault whose titles, tags, bodies, notes and habit names carry
/// escape sequences, C1 controls, bidirectional overrides and formula text. No ESC (or other
/// control byte) reaches standard output or error of any command without `--json`; `--json`
/// keeps the exact text; CSV neutralises formulas; commit messages carry no control characters.
final class HostileTextTests: XCTestCase {
    /// YAML double-quoted escapes: ESC ] 0 ; … BEL (retitle), ESC [ 2 J (clear), CSI in C1, RLO.
    static let evilYAML = #"Evil \e]0;pwned\a\e[2J\e[31mred \u202Egnp.exe \x9b31m"#
    static let evilTitle = "Evil \u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mred \u{202E}gnp.exe \u{9B}31m"

    func makeHostileVault(_ s: Sandbox) throws {
        try s.initVault()
        try s.write("cards/evil.md", """
            ---
            title: "\(HostileTextTests.evilYAML)"
            tags: ["\\e[5mblink", "ok"]
            category: "\\e]8;;http://example.invalid\\e\\\\link"
            notes: "note \\e[1A\\e[2Kgone"
            due: 2026-11-23
            ---
            Body \u{1B}[2J with a bell \u{07} and \u{1B}]52;c;cGF3bmVk\u{07} a clipboard write.

            """)
        try s.write("cards/formula.md", "---\ntitle: \"=HYPERLINK(\\\"http://example.invalid\\\",\\\"click\\\")\"\n---\n")
        try s.write("cards/plus.md", "---\ntitle: \"+1+cmd|' /C calc'!A0\"\ntags: [\"@SUM(1)\"]\n---\n")
        try s.write("habits/evil-habit.md", """
            ---
            title: "Habit \\e[2J\\u202Eevil"
            repeat: every day
            start: 2026-11-01
            ---

            """)
        XCTAssertEqual(try s.git(["add", "-A"]).status, 0)
        XCTAssertEqual(try s.git(["-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-qm",
                                  "hand-made \u{1B}[2J subject"]).status, 0)
    }

    func assertNoControlBytes(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let bad = text.unicodeScalars.filter { s in
            (s.value < 0x20 && s != "\n" && s != "\t") || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)
                || (0x2066...0x2069).contains(s.value)
        }
        XCTAssertTrue(bad.isEmpty, "\(context) printed \(bad.map { String($0.value, radix: 16) }): \(text)", file: file, line: line)
    }

    func testNoEscapeSequenceReachesTheTerminalFromAnyCommand() throws {
        let s = try Sandbox()
        try makeHostileVault(s)
        let commands: [[String]] = [
            ["list"], ["list", "--tag", "ok"], ["list", "--sort", "title"], ["show", "evil"], ["today"], ["home"], ["board"], ["suggest"], ["calendar"],
            ["timeline"], ["countdown"], ["budget", "5"], ["habits"], ["progress"], ["log"],
            ["show", "nothing-like-it"], ["export", "--format", "csv"], ["export", "--format", "ics"],
            ["set", "evil", "spoons=2"], ["done", "evil"], ["check", "evil-habit"], ["log"], ["doctor"],
        ]
        for args in commands {
            for color in ["never", "always"] {
                let r = try s.carousel(args, env: ["CAROUSEL_COLOR": color, "NO_COLOR": color == "never" ? "1" : ""])
                XCTAssertTrue(r.status == 0 || args == ["show", "nothing-like-it"], "\(args): \(r.stderr)")
                if color == "never" {
                    // CSV and iCalendar end their lines with CRLF by their standards.
                    let stdout = args.first == "export" ? r.stdout.replacingOccurrences(of: "\r\n", with: "\n") : r.stdout
                    assertNoControlBytes(stdout, "\(args) stdout")
                    assertNoControlBytes(r.stderr, "\(args) stderr")
                } else {
                    // With colour, only the renderer's own SGR sequences (ESC [ digits m) may appear.
                    let unsafe = r.stdout.replacingOccurrences(of: "\r\n", with: "\n")
                        .replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
                    assertNoControlBytes(unsafe, "\(args) stdout with colour")
                }
            }
        }
        let list = try s.carousel(["list"])
        XCTAssertTrue(list.stdout.contains(#"Evil \e]0;pwned\a\e[2J\e[31mred \u{202E}gnp.exe"#), list.stdout)
    }

    func testJSONKeepsTheExactText() throws {
        let s = try Sandbox()
        try makeHostileVault(s)
        let r = try s.carousel(["list", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("\u{1B}"), "JSON escapes control characters")
        let titles = try r.json().cards().compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains(HostileTextTests.evilTitle), "\(titles)")
    }

    func testCSVNeutralisesFormulasAndCommitsCarryNoControlCharacters() throws {
        let s = try Sandbox()
        try makeHostileVault(s)
        let csv = try s.carousel(["export", "--format", "csv"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertTrue(csv.stdout.contains(#""'=HYPERLINK(""http://example.invalid"",""click"")""#), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("'+1+cmd|"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains(",'@SUM(1),"), csv.stdout)
        XCTAssertFalse(csv.stdout.contains(",=") || csv.stdout.contains(",+") || csv.stdout.contains(",@"), csv.stdout)
        for args in [["set", "evil", "spoons=3"], ["done", "evil"], ["add", "New \u{1B}[2J card"]] {
            XCTAssertEqual(try s.carousel(args).status, 0, "\(args)")
        }
        let messages = try s.git(["log", "-3", "--format=%B"]).stdout
        assertNoControlBytes(messages, "commit messages")
        XCTAssertTrue(messages.contains(#"\e[2J"#), messages)
    }

    /// A title is one line: a line break from the file or from a typed argument cannot start a
    /// line of its own in a view or in the commit message that names the card.
    func testALineBreakInATitleNeverForgesALine() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/two.md", "---\ntitle: \"Two\\nDone: forged\\u2028line\"\ndue: 2026-11-23\n---\n")
        for args in [["list"], ["today"], ["show", "two"]] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(r.stdout.split(separator: "\n").contains { $0.hasPrefix("Done: forged") }, "\(args): \(r.stdout)")
        }
        XCTAssertTrue(try s.carousel(["list"]).stdout.contains("Two Done: forged line"))
        XCTAssertEqual(try s.carousel(["done", "two"]).status, 0)
        XCTAssertEqual(try s.carousel(["add", "Typed\nSigned-off-by: nobody"]).status, 0)
        let subjects = try s.git(["log", "-2", "--format=%B"]).stdout
        XCTAssertTrue(subjects.contains("done: Two Done: forged line\n"), subjects)
        XCTAssertTrue(subjects.contains("add: Typed Signed-off-by: nobody\n"), subjects)
        XCTAssertFalse(subjects.split(separator: "\n").contains { $0.hasPrefix("Signed-off-by") }, subjects)
    }

    /// With colour on, a title cannot hide what follows it (conceal, blink, reverse and
    /// backgrounds are shown as text), and colour a title starts ends with its line.
    func testATitleCannotHideOrColourTheRestOfTheOutput() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/hide.md", "---\ntitle: \"Hidden \\e[8m\"\ndue: 2026-11-23\n---\n")
        try s.write("cards/red.md", "---\ntitle: \"Red \\e[31m\"\ndue: 2026-11-23\n---\n")
        let r = try s.carousel(["list"], env: ["CAROUSEL_COLOR": "always"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("\u{1B}[8m"), r.stdout)
        XCTAssertTrue(r.stdout.contains(#"Hidden \e[8m"#), r.stdout)
        for line in r.stdout.split(separator: "\n") where line.contains("Red ") {
            XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), "colour reset at the end of the line: \(line.debugDescription)")
        }
    }

    /// A file made locally with a newline or ESC in its name is not read, is named with visible
    /// escapes on one line, and is called what it is (not "a link outside the vault").
    func testAFileNamedWithAControlCharacterIsSkippedAndNamedOnOneLine() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/bad\nDone: forged.md", "---\ntitle: Newline name\n---\n")
        try s.write("cards/esc\u{1B}[2J.md", "---\ntitle: Escape name\n---\n")
        let list = try s.carousel(["list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        assertNoControlBytes(list.stderr.replacingOccurrences(of: "\n", with: " "), "list stderr")
        XCTAssertFalse(list.stderr.split(separator: "\n").contains { $0.hasPrefix("Done: forged") }, list.stderr)
        XCTAssertTrue(list.stderr.contains(#"cards/bad\nDone: forged.md has a control character in its name"#), list.stderr)
        XCTAssertTrue(list.stderr.contains(#"cards/esc\e[2J.md has a control character in its name"#), list.stderr)
        XCTAssertFalse(list.stderr.contains("outside the vault"), list.stderr)
        let doctor = try s.carousel(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("rename it to a plain name"), doctor.stdout)
        XCTAssertFalse(doctor.stdout.split(separator: "\n").contains { $0.hasPrefix("Done: forged") }, doctor.stdout)
        XCTAssertEqual(try s.carousel(["add", "Fine"]).status, 0)
        XCTAssertEqual(try s.git(["ls-files", "cards"]).stdout.split(separator: "\n").filter { $0.contains("bad") || $0.contains("esc") }, [])
    }
}
