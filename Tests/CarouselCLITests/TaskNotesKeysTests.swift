import Foundation
import XCTest

/// Files written the way TaskNotes writes them, in a vault's cards folder: they read as the cards
/// they describe (status, priority, scheduled, recurrence with DTSTART, complete_instances,
/// skipped_instances, dateCreated, blockedBy), the views show them, and `done`, `undone`, `skip`
/// and `set` write back TaskNotes' own keys, keeping every other key and the body byte for byte.
final class TaskNotesKeysTests: XCTestCase {
    static let review = """
        ---
        title: Weekly review
        status: open
        priority: high
        tags:
          - task
        scheduled: 2026-11-16
        recurrence: DTSTART:20261102;FREQ=WEEKLY;BYDAY=MO
        recurrence_anchor: scheduled
        complete_instances:
          - 2026-11-09
        skipped_instances: [2026-11-16]
        reminders:
          - id: rem_start
            type: relative
            relatedTo: scheduled
            offset: -PT15M
        projects:
          - "[[Home]]"
        dateCreated: 2026-11-01T09:30:00.000+01:00
        dateModified: 2026-11-16T08:02:11.000+01:00
        customField: keep me   # a comment
        ---

        Review completed work and plan next week.
        - [ ] inbox to zero

        """

    static let report = """
        ---
        title: Write the report
        status: open
        priority: normal
        due: 2026-11-25
        tags: [task]
        contexts: ["@office"]
        projects: ["[[Quarterly]]"]
        blockedBy:
          - uid: "[[prepare-metrics]]"
            reltype: FINISHTOSTART
        dateCreated: 2026-11-20T10:00:00Z
        unknownKey: {nested: [1, 2]}
        ---
        Body line with [[a link]] and trailing spaces.  \n
        """

    static let metrics = """
        ---
        title: Prepare metrics
        status: open
        priority: low
        tags: [task]
        dateCreated: 2026-11-19T10:00:00Z
        ---

        """

    /// The lines of `original` that no change touched are all still there, in order, and the body is the same.
    func assertKept(_ text: String, _ original: String, except touched: [String], file: StaticString = #filePath, line: UInt = #line) {
        let kept = original.components(separatedBy: "\n").filter { l in !l.isEmpty && !touched.contains { l.hasPrefix($0) } }
        var rest = Substring(text)
        for l in kept {
            guard let r = rest.range(of: l) else { return XCTFail("lost or reordered: \(l.debugDescription) in\n\(text)", file: file, line: line) }
            rest = rest[r.upperBound...]
        }
        let body = { (t: String) in t.components(separatedBy: "\n---\n").dropFirst().joined(separator: "\n---\n") }
        XCTAssertEqual(body(text), body(original), "the body byte for byte", file: file, line: line)
    }

    func testATaskNotesFileReadsShowsAndWritesBackItsOwnKeys() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/weekly-review.md", Self.review)
        try s.write("cards/write-the-report.md", Self.report)
        try s.write("cards/prepare-metrics.md", Self.metrics)

        // Read: roles from TaskNotes' keys.
        let list = try s.carousel(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stderr, "", "a TaskNotes file reads without a warning")
        let bySlug = Dictionary(uniqueKeysWithValues: try list.json().cards().map { ($0["slug"] as? String ?? "", $0) })
        XCTAssertEqual(bySlug["weekly-review"]?["importance"] as? Int, 5)
        XCTAssertEqual(bySlug["write-the-report"]?["importance"] as? Int, 3)
        XCTAssertEqual(bySlug["prepare-metrics"]?["importance"] as? Int, 2)
        XCTAssertEqual(bySlug["write-the-report"]?["blocked"] as? Bool, true)
        XCTAssertEqual(bySlug["weekly-review"]?["due"] as? String, "2026-11-23", "the open occurrence: 9 Nov done, 16 Nov skipped")
        let suggest = try s.carousel(["suggest", "--limit", "0", "--json"]).json().cards().compactMap { $0["slug"] as? String }
        XCTAssertEqual(Set(suggest), ["weekly-review", "prepare-metrics"])
        for view in [["board"], ["calendar"], ["timeline"], ["show", "weekly-review"], []] {
            let r = try s.carousel(view)
            XCTAssertEqual(r.status, 0, "\(view): \(r.stderr)")
        }
        let show = try s.carousel(["show", "weekly-review", "--json"]).json()
        XCTAssertEqual(show["series_start"] as? String, "2026-11-02", "DTSTART is the series' start")

        // done on a repeating task: the instance goes into complete_instances.
        XCTAssertEqual(try s.carousel(["done", "weekly-review"]).status, 0)
        var review = try s.read("cards/weekly-review.md")
        XCTAssertTrue(review.contains("complete_instances:\n  - 2026-11-09\n  - 2026-11-23\n"), review)
        XCTAssertFalse(review.contains("\ncompleted:"))
        XCTAssertFalse(review.contains("series_start"))
        assertKept(review, Self.review, except: ["complete_instances", "  - 2026-11-09", "id:", "dateModified:"])
        XCTAssertTrue(review.contains("dateModified: 2026-11-23T"), "kept up to date, as TaskNotes does")
        XCTAssertEqual(try s.carousel(["undone", "weekly-review"]).status, 0)
        XCTAssertEqual(try s.carousel(["skip", "weekly-review"]).status, 0)
        review = try s.read("cards/weekly-review.md")
        XCTAssertTrue(review.contains("skipped_instances: [2026-11-16, 2026-11-23]\n"), review)
        XCTAssertTrue(review.contains("complete_instances:\n  - 2026-11-09\n"), review)
        assertKept(review, Self.review, except: ["complete_instances", "  - 2026-11-09", "skipped_instances", "id:", "due:", "dateModified:"])

        // done on a one-off task: status and completedDate, and its dependant comes back.
        XCTAssertEqual(try s.carousel(["done", "prepare-metrics"]).status, 0)
        var metrics = try s.read("cards/prepare-metrics.md")
        XCTAssertTrue(metrics.contains("status: done\n") && metrics.contains("completedDate: 2026-11-23\n"), metrics)
        XCTAssertFalse(metrics.contains("\ndone:"), metrics)
        XCTAssertTrue(try s.carousel(["suggest", "--limit", "0", "--json"]).stdout.contains("write-the-report"))
        XCTAssertEqual(try s.carousel(["undone", "prepare-metrics"]).status, 0)
        metrics = try s.read("cards/prepare-metrics.md")
        XCTAssertTrue(metrics.contains("status: open\n"), metrics)
        XCTAssertFalse(metrics.contains("completedDate"), metrics)
        assertKept(metrics, Self.metrics, except: ["id:"])

        // set: importance as priority, dates in place; unknown keys and the body stay.
        XCTAssertEqual(try s.carousel(["set", "write-the-report", "importance=5"]).status, 0)
        XCTAssertEqual(try s.carousel(["set", "write-the-report", "due=2026-11-27"]).status, 0)
        let report = try s.read("cards/write-the-report.md")
        XCTAssertTrue(report.contains("priority: high\n") && report.contains("due: 2026-11-27\n"), report)
        XCTAssertFalse(report.contains("importance"), report)
        assertKept(report, Self.report, except: ["priority:", "due:", "id:"])
        XCTAssertFalse(report.contains("dateModified"), "a file without one gets none")
        try s.assertClean()
    }

    func testInitFormatTaskNotesWritesNewCardsWithTaskNotesKeys() throws {
        let s = try Sandbox()
        let r = try s.carousel(["init", s.vault.path, "--format", "tasknotes"], vaultFlag: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try s.read("carousel.yaml").contains("format: tasknotes"))
        XCTAssertEqual(try s.carousel(["add", "Call Sam fri 3pm #family priority:H"]).status, 0)
        var sam = try s.read("cards/Call Sam.md")
        for line in ["status: open\n", "priority: high\n", "scheduled: 2026-11-27T15:00\n", "due: 2026-11-27\n",
                     "tags: [task, family]\n", "dateCreated: 2026-11-23T", "dateModified: 2026-11-23T"] {
            XCTAssertTrue(sam.contains(line), "\(line) in\n\(sam)")
        }
        for key in ["\nimportance:", "\ncreated:", "\nstart:", "\ndone:"] { XCTAssertFalse(sam.contains(key), "\(key) in\n\(sam)") }
        XCTAssertEqual(try s.carousel(["done", "call-sam"]).status, 0)
        sam = try s.read("cards/Call Sam.md")
        XCTAssertTrue(sam.contains("status: done\n") && sam.contains("completedDate: 2026-11-23\n"), sam)

        XCTAssertEqual(try s.carousel(["add", "Water the plants every monday"]).status, 0)
        var plants = try s.read("cards/Water the plants.md")
        XCTAssertTrue(plants.contains("recurrence: DTSTART:20261123;FREQ=WEEKLY;BYDAY=MO\n"), plants)
        XCTAssertFalse(plants.contains("\nrepeat:"), plants)
        XCTAssertEqual(try s.carousel(["done", "water-the-plants"]).status, 0)
        plants = try s.read("cards/Water the plants.md")
        XCTAssertTrue(plants.contains("complete_instances: [2026-11-23]\n"), plants)
        let json = try s.carousel(["show", "water-the-plants", "--json"]).json()
        XCTAssertEqual(json["next"] as? [String] ?? [], Array((json["next"] as? [String] ?? []).prefix(14)))
        XCTAssertEqual((json["next"] as? [String])?.first, "2026-11-30")
        try s.assertClean()
    }
}
