import CarouselFixtures
import Foundation
import XCTest

/// Home, the carousel, the board, `list`, `search`, `timeline` and the other views read only
/// the index rows they need. That each question gets the same answer from the index as from
/// every card in memory is `CardSourceTests` and `WorkspaceReadTests` (CarouselCoreTests); here
/// the commands run on real vaults, and where the index reads a view two ways (a limited board,
/// list or strip, and the whole one) the two must agree.
final class TargetedViewTests: XCTestCase {
    /// The seeded mix the core's read tests use too (`MixedVault`), committed.
    func makeVault(_ s: Sandbox) throws {
        try s.initVault()
        for (path, text) in MixedVault.files() {
            try FileManager.default.createDirectory(at: s.vault.appendingPathComponent(path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try s.write(path, text)
        }
        try s.git(["add", "-A"])
        try s.git(["commit", "-qm", "cards"])
    }

    func testEveryViewRunsOverTheMix() throws {
        let s = try Sandbox()
        try makeVault(s)
        let views: [[String]] = [
            [], ["home"], ["home", "--json"], ["today"], ["suggest"], ["suggest", "--json"], ["suggest", "--limit", "3"],
            ["suggest", "--limit", "0"], ["suggest", "--mode", "linear"], ["suggest", "--mode", "linear", "--limit", "2", "--json"],
            ["board"], ["board", "--json"], ["board", "--limit", "1"], ["board", "--limit", "4", "--json"], ["board", "--all"], ["list"], ["list", "--overdue"], ["list", "--overdue", "--json"], ["list", "--open"],
            ["list", "--done"], ["list", "+errands", "--sort", "importance"], ["list", "--repeating"], ["list", "--kind", "event"],
            ["list", "--spoons", "2-3", "--importance", "4"], ["list", "due.none:"], ["list", "+TODAY"], ["list", "-TODAY", "--limit", "5"],
            ["search", "watering"], ["search", "CAFÉ", "--open"], ["search", "mum", "--json"], ["search", "zzz"],
            ["timeline", "--now", "12:00"], ["timeline", "--week", "--now", "12:00", "--json"], ["calendar", "--month"],
            ["countdown"], ["countdown", "--past", "--json"], ["show", "card-58"], ["checkin"], ["checkin", "--json"],
        ]
        // Number the open cards once, so every run reads the same saved numbers.
        XCTAssertEqual(try s.carousel(["list"]).status, 0)
        for args in views {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderr, "", "\(args)")
            XCTAssertEqual(try s.carousel(args).stdout, r.stdout, "\(args): a second run shows the same")
        }
        // The mix really has what the views rank and count.
        let home = try s.carousel(["home", "--json"]).json()
        let counts = try XCTUnwrap(home["counts"] as? [String: Any])
        for key in ["overdue", "due_today", "someday", "in_carousel", "upcoming_events", "this_week"] {
            XCTAssertGreaterThan(counts[key] as? Int ?? 0, 0, key)
        }
        // Check-in's "N cards past their due date" points to the board: the same count as the
        // board's Overdue column and home's, which leave out the cards waiting until a later day.
        XCTAssertEqual(try s.carousel(["checkin", "--json"]).json()["overdue"] as? Int, counts["overdue"] as? Int)
    }

    /// `pull` and `drop` show the day after the change from the day's cards only: what they
    /// show is what `today` shows next (the journal's order, from every pulled card).
    func testPullAndDropShowTheDayTodayShows() throws {
        let s = try Sandbox()
        try makeVault(s)
        for args in [["pull", "card-3", "--json"], ["pull", "card-16", "card-24", "--json"], ["drop", "card-24", "--json"]] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            let shown = try r.json().cards().compactMap { $0["slug"] as? String }
            XCTAssertEqual(shown, try s.carousel(["today", "--json"]).json().cards().compactMap { $0["slug"] as? String }, "\(args)")
        }
        let day = try s.carousel(["today", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertTrue(day.contains("card-3") && day.contains("card-16") && day.contains("card-23"), "\(day)")
        XCTAssertFalse(day.contains("card-24"), "\(day)")
        XCTAssertEqual(try s.carousel(["checkin", "--note", "slow day", "--json"]).status, 0)
    }

    /// A board that shows a column's first cards reads only the plain groups (due date and
    /// importance) that can be among them, and counts the rest: at every limit, the columns,
    /// their counts and the cards due later are the start of the whole board (`--all`, one pass
    /// over every row).
    func testTheBoardReadsOnlyTheGroupsThatCanBeShown() throws {
        let s = try Sandbox()
        try s.initVault()
        var n = 0
        func card(_ fields: String, title: String? = nil) throws {
            n += 1
            try s.write("cards/b-\(String(format: "%03d", n)).md", "---\ntitle: \(title ?? "B \(n % 7)")\n\(fields)---\n")
        }
        // Overdue: groups of 1 to 4 cards on a few days, ties in importance and title.
        for (day, importances) in [("2026-11-02", [3, 3, 5]), ("2026-11-10", [1, 4, 4, 4, 2]), ("2026-11-20", [5, 1, 1])] {
            for importance in importances { try card("due: \(day)\nimportance: \(importance)\n") }
        }
        // Another group with the same day and importance (a time makes another due date), whose
        // card comes first by title: the two groups tie, so both are read.
        try card("due: 2026-11-20T18:00\nimportance: 5\n", title: "A evening")
        try card("due: 2026-11-10\nimportance: 4\ntoday: 2026-11-23\n")
        // Today, this week, upcoming, later and someday, with repeating and waiting cards among them.
        for importance in [2, 2, 5] { try card("due: 2026-11-23\nimportance: \(importance)\n") }
        for day in ["2026-11-25", "2026-11-25", "2026-11-27"] { try card("due: \(day)\nimportance: 3\n") }
        for day in ["2026-12-01", "2026-12-05", "2026-12-05"] { try card("due: \(day)\n") }
        for day in ["2027-01-10", "2027-02-01"] { try card("due: \(day)\n") }
        for importance in [1, 1, 3, 3, 3, 5] { try card("importance: \(importance)\n") }
        // A large group at a column's edge: only its first cards by title are read, chosen from
        // titles and paths (accents, case, and one title written two ways that Swift holds equal).
        let titles = ["Zed", "apple", "Éclair", "café", "cafe\u{301}", "Apple", "B 3"]
        for i in 1...70 { try card("importance: 2\n", title: i % 9 == 0 ? "B 3" : "\(titles[i % titles.count]) \(i % 11)") }
        try card("repeat: every week on tue\nimportance: 5\n")
        try card("repeat: every day\n")
        try card("due: 2026-11-21\nwait: 2026-11-20\nimportance: 4\n")
        try card("due: 2026-11-05\nwait: 2026-12-20\n")
        try card("due: 2026-11-05\ndone: 2026-11-06T10:00\n")
        try card("kind: event\ndue: 2026-11-25\n")
        XCTAssertEqual(try s.carousel(["list"]).status, 0)
        func columns(_ r: RunResult, limit: Int) throws -> [String] {
            let board = try r.json()
            let columns = try XCTUnwrap(board["columns"] as? [[String: Any]])
            return columns.map { c in
                let slugs = (c["cards"] as? [[String: Any]] ?? []).compactMap { $0["slug"] as? String }
                return "\(c["name"] ?? ""): \(c["count"] ?? "") \(slugs.prefix(limit))"
            }
        }
        let whole = try s.carousel(["board", "--all", "--json"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        for limit in Array(1...12) + [50] {
            let narrow = try s.carousel(["board", "--limit", "\(limit)", "--json"])
            XCTAssertEqual(narrow.status, 0, "\(limit): \(narrow.stderr)")
            XCTAssertEqual(try columns(narrow, limit: limit), try columns(whole, limit: limit), "--limit \(limit): not the start of the whole board")
            XCTAssertEqual(try s.carousel(["board", "--limit", "\(limit)"]).status, 0)
        }
        // The first three overdue: 2 Nov's importance 5, then its two 3s (by title, then path).
        let three = try s.carousel(["board", "--limit", "3", "--json"]).json()
        let overdue = try XCTUnwrap((three["columns"] as? [[String: Any]])?.first { $0["name"] as? String == "overdue" })
        XCTAssertEqual((overdue["cards"] as? [[String: Any]])?.compactMap { $0["slug"] as? String }, ["b-003", "b-001", "b-002"])
    }

    /// `list` reads only the days that can be among its first cards: at every limit and for the
    /// filters it can answer that way (and those it cannot), its cards are the first of the
    /// whole list, and it counts the same total.
    func testTheListReadsOnlyTheDaysThatCanBeShown() throws {
        let s = try Sandbox()
        try s.initVault()
        var n = 0
        func card(_ fields: String, title: String? = nil) throws {
            n += 1
            try s.write("cards/\(n % 4 == 0 ? "work/" : "")l-\(String(format: "%03d", n)).md",
                        "---\ntitle: \(title ?? "L \(n % 5)")\n\(fields)---\n")
        }
        // Days of one to five cards, with a time on some (the same day, another due date), ideas,
        // events, done, pulled, waiting and category-less cards among them.
        let fields = ["", "kind: idea\n", "kind: event\n", "done: 2026-11-22\n", "today: 2026-11-23\n",
                      "wait: 2026-12-01\n", "category: work\n", "tags: [home]\n", "importance: 4\n"]
        for (i, day) in ["2026-10-02", "2026-10-02T18:00", "2026-11-10", "2026-11-20", "2026-11-23", "2026-11-23T09:00",
                         "2026-11-25", "2026-12-24", "2027-02-01"].enumerated() {
            for j in 0...(i % 5) { try card("due: \(day)\n" + fields[(i + j) % fields.count]) }
        }
        for f in fields { try card(f) }
        // A large day at an edge: only its first cards by title are read, chosen from titles,
        // slugs and paths (accents, case, and one title written two ways that Swift holds equal).
        let titles = ["Zed", "apple", "Éclair", "café", "cafe\u{301}", "Apple", "L 3"]
        for i in 1...90 {
            try card("due: 2026-11-05\n" + fields[i % 10 == 0 ? 3 : i % 2], title: i % 9 == 0 ? "L 3" : "\(titles[i % titles.count]) \(i % 11)")
        }
        try card("repeat: every week on tue\nimportance: 5\n")
        try card("repeat: every day\nkind: event\n")
        try card("repeat: every month on the 1st\ndue: 2026-10-01\ncategory: home\n")
        let filters: [[String]] = [[], ["--overdue"], ["--open"], ["--done"], ["--kind", "idea"], ["--kind", "event"],
                                   ["+TODAY"], ["-TODAY", "--open"], ["category:"], ["due.none:"], ["due.any:"],
                                   ["--due", "before:2026-11-21"], ["due.after:2026-11-01", "due.before:eow"], ["+REPEATING"],
                                   ["-REPEATING", "--overdue"], ["--repeating"], ["status:open", "kind:task"],
                                   ["--sort", "importance"], ["+home"], ["L"]]
        for filter in filters {
            // Each card's JSON stands alone, so a limited list is the start of the whole one.
            let whole = try s.carousel(["list"] + filter + ["--limit", "0", "--json"])
            let cards = try whole.json().cards().compactMap { $0["slug"] as? String }
            for limit in [1, 3, 8, 50] {
                let narrow = try s.carousel(["list"] + filter + ["--limit", "\(limit)", "--json"])
                XCTAssertEqual(narrow.status, 0, "\(filter): \(narrow.stderr)")
                XCTAssertEqual(try narrow.json().cards().compactMap { $0["slug"] as? String }, Array(cards.prefix(limit)), "\(filter) --limit \(limit)")
            }
            // The count of the rest, under the lines.
            let three = try s.carousel(["list"] + filter + ["--limit", "3"]).stdout
            if cards.count > 3 { XCTAssertTrue(three.contains("\(cards.count) cards\n"), "\(filter): \(three)") }
        }
        // 5 November holds 81 overdue cards, the 50th among them: they are chosen by title.
        let overdue = try s.carousel(["list", "--overdue", "--json"]).json().cards()
        XCTAssertEqual(overdue.count, 87)
        let text = try s.carousel(["list", "--overdue"]).stdout
        XCTAssertTrue(text.contains("… and \(overdue.count - 50) more: `--all` shows every card\n\(overdue.count) cards\n"), text)
    }

    func testTheCarouselStripKeepsTiesAtItsEdge() throws {
        let s = try Sandbox()
        try s.initVault()
        // Six cards with one due day: in linear order they tie on the day and go by created.
        for i in 1...6 {
            try s.write("cards/tie-\(i).md", "---\ntitle: Tie \(i)\ndue: 2026-11-25\ncreated: 2026-11-0\(7 - i)T10:00\n---\n")
        }
        let all = try slugs(s, ["suggest", "--mode", "linear", "--limit", "0", "--json"])
        XCTAssertEqual(all.count, 6)
        for limit in [1, 2, 5] {
            XCTAssertEqual(try slugs(s, ["suggest", "--mode", "linear", "--limit", "\(limit)", "--json"]), Array(all.prefix(limit)))
        }
        let first = try s.carousel(["suggest", "--mode", "linear", "--limit", "1", "--json"]).json()
        XCTAssertEqual((first["cards"] as? [[String: Any]])?.first?["slug"] as? String, "tie-6")
    }

    /// The strip is ranked only among the rows whose group (importance and due date) can reach
    /// it: a card one day later but with a larger variety must still come first, in both modes
    /// and at every limit, on days when the cards are overdue, due soon or not due yet.
    func testTheStripRanksOnlyTheGroupsThatCanReachIt() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/g1.md", "---\nid: 01KG1\ntitle: G1\nimportance: 1\ndue: 2026-11-10\n---\n")
        for i in 1...20 {
            try s.write("cards/g2-\(i).md", "---\nid: 01KG2\(i)\ntitle: G2 \(i)\nimportance: 1\ndue: 2026-11-11\n---\n")
        }
        for i in 1...40 {
            try s.write("cards/many-\(i).md", "---\nid: 01KMANY\(String(format: "%04d", i))\ntitle: Many \(i)\nimportance: \(1 + i % 3)\n"
                        + (i % 4 == 0 ? "" : "due: 2026-11-\(String(format: "%02d", 12 + i % 5))\n") + "---\n")
        }
        for day in ["2026-09-01", "2026-11-23", "2026-11-24", "2027-03-01"] {
            for mode in ["smart", "linear"] {
                // The whole carousel is ranked from every plain row; a strip only from the groups that can reach it.
                let all = try slugs(s, ["suggest", "--mode", mode, "--limit", "0", "--json", "--today", day])
                XCTAssertEqual(all.count, 61)
                for limit in [1, 3, 25] {
                    let args = ["suggest", "--mode", mode, "--limit", "\(limit)", "--json", "--today", day]
                    XCTAssertEqual(try slugs(s, args), Array(all.prefix(limit)), args.joined(separator: " "))
                }
            }
        }
    }

    /// The slugs of a `--json` list of cards.
    func slugs(_ s: Sandbox, _ args: [String]) throws -> [String] {
        let r = try s.carousel(args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        return try r.json().cards().compactMap { $0["slug"] as? String }
    }

    /// The day's first numbering reads light rows from the index (not every card value; that
    /// both give the same items is `CardSourceTests`): numbers are given, and a card numbered
    /// keeps its number for the day, also after a card is added or done.
    func testTheFirstNumberingOfTheDayHoldsAllDay() throws {
        let s = try Sandbox()
        try makeVault(s)
        func numbers(_ args: [String]) throws -> [String: Int] {
            let r = try s.carousel(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            var out: [String: Int] = [:]
            for card in try r.json().cards() {
                if let slug = card["slug"] as? String, let n = card["number"] as? Int { out[slug] = n }
            }
            return out
        }
        let first = try numbers(["list", "--json"])
        XCTAssertGreaterThan(first.count, 50)
        // The twins share one id, so one number.
        XCTAssertEqual(Set(first.values).count, first.count - 1, "one number a card")
        XCTAssertEqual(first["twin-a"], first["twin-b"])
        XCTAssertEqual(try s.carousel(["add", "Later card due tomorrow !4"]).status, 0)
        let later = try numbers(["list", "--json"])
        for (slug, n) in first { XCTAssertEqual(later[slug], n, slug) }
        XCTAssertNotNil(later["later-card"], "the card added is numbered too")
        XCTAssertEqual(Set(later.values).count, later.count - 1)
        let three = try XCTUnwrap(first.first { $0.value == 3 }?.key)
        XCTAssertEqual(try s.carousel(["done", "3"]).status, 0)
        XCTAssertTrue(try s.read("cards/\(three).md").contains("\ndone: "), "number 3 was \(three)")
    }

    /// Commands that change cards ask `CardSource` only what they need (is a slug taken, which
    /// cards have a parent, which are children of a removed card, which a filter keeps): each
    /// step does what it says, and the vault stays committed.
    func testCommandsThatChangeCardsChooseWhatTheyName() throws {
        let s = try Sandbox()
        try makeVault(s)
        let steps: [(args: [String], status: Int32)] = [
            (["list"], 0), (["list", "2", "4", "--json"], 0), (["list", "999"], 1), (["list", "3", "+errands"], 0),  // numbers are REFs
            (["add", "Card 1"], 0), (["add", "Card 5", "--json"], 0), (["add", "Card 1"], 0),   // taken slugs, also in cards/work/
            (["set", "card-57", "parent=card-58"], 1), (["set", "card-58", "parent=card-58"], 1),  // a cycle and a card of its own
            (["set", "card-12", "parent=card-57", "--json"], 0),
            (["set", "card-57", "parent=card-87"], 0), (["set", "card-86", "parent=card-58"], 1),  // 86 → 58 → 57 → 87 → 86
            (["rm", "card-28", "--json"], 0), (["rm", "card-57"], 0),                            // their children stay
            (["done", "+errands", "due.before:2026-11-01", "--yes", "--json"], 0),
            (["set", "+family", "status:open", "spoons=2", "--yes"], 0),
            (["rm", "+deadline", "importance:5", "--yes", "--json"], 0),
        ]
        for step in steps {
            let r = try s.carousel(step.args)
            XCTAssertEqual(r.status, step.status, "\(step.args): \(r.stdout)\(r.stderr)")
        }
        let files = try s.git(["ls-files", "cards"]).stdout
        for slug in ["card-1-2", "card-1-3", "card-5-2"] { XCTAssertTrue(files.contains("/\(slug).md"), "\(slug) in \(files)") }
        XCTAssertFalse(files.contains("/card-28.md") || files.contains("/card-57.md"))
        XCTAssertTrue(try s.read("cards/card-29.md").contains("parent: card-28"), "a child keeps its parent line")
        XCTAssertTrue(try s.read("cards/card-12.md").contains("parent: card-57"))
        XCTAssertFalse(try s.read("cards/card-86.md").contains("parent:"), "the cycle was refused")
        XCTAssertEqual(try s.git(["status", "--porcelain"]).stdout, "")
    }
}
