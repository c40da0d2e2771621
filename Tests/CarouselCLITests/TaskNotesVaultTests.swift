import Foundation
import XCTest

/// A vault as TaskNotes writes it: its settings name another tasks folder and rename fields,
/// statuses and priorities of their own. Carousel opens it as it is: every view reads the tasks
/// where they are, every change writes the vault's own property names, and every other key, the
/// body and every note outside the tasks folder stay byte for byte.
final class TaskNotesVaultTests: XCTestCase {
    static let settings = """
        {
          "tasksFolder": "Planner/Tasks",
          "taskTag": "todo",
          "taskIdentificationMethod": "tag",
          "defaultTaskStatus": "todo",
          "fieldMapping": {
            "due": "deadline",
            "status": "state",
            "priority": "prio",
            "scheduled": "when",
            "completedDate": "completedOn",
            "completeInstances": "doneOn",
            "skippedInstances": "skippedOn",
            "dateModified": "updated",
            "blockedBy": "dependsOn"
          },
          "customStatuses": [
            {"id": "todo", "value": "todo", "label": "To do", "isCompleted": false, "order": 0},
            {"id": "doing", "value": "doing", "label": "Doing", "isCompleted": false, "order": 1},
            {"id": "finished", "value": "finished", "label": "Finished", "isCompleted": true, "order": 2}
          ],
          "customPriorities": [
            {"id": "urgent", "value": "urgent", "label": "Urgent", "weight": 3},
            {"id": "low", "value": "low", "label": "Low", "weight": 1},
            {"id": "medium", "value": "medium", "label": "Medium", "weight": 2}
          ],
          "pluginVersion": "4.0.0"
        }

        """

    static let review = """
        ---
        title: Weekly review
        state: todo
        prio: urgent
        tags:
          - todo
        when: 2026-11-16
        recurrence: DTSTART:20261102;FREQ=WEEKLY;BYDAY=MO
        recurrence_anchor: scheduled
        doneOn:
          - 2026-11-09
        skippedOn: [2026-11-16]
        projects:
          - "[[Home]]"
          - "[[Planner/Projects/Quarter|Quarter]]"
        dateCreated: 2026-11-01T09:30:00.000+01:00
        updated: 2026-11-16T08:02:11.000+01:00
        customField: keep me   # a comment
        ---

        Review completed work and plan next week.
        - [ ] inbox to zero

        """

    static let report = """
        ---
        title: Write the report
        state: doing
        prio: medium
        deadline: 2026-11-25
        tags: [todo]
        contexts: ["@office"]
        projects: ["[[Quarterly]]"]
        reminders:
          - id: rem_1
            type: relative
            relatedTo: due
            offset: -PT1H
        dependsOn:
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
        state: todo
        prio: low
        tags: [todo]
        dateCreated: 2026-11-19T10:00:00Z
        ---

        """

    static let welcome = """
        ---
        title: Welcome
        state: todo
        deadline: 2026-11-24
        ---
        A note of mine, not a task.

        """

    static let home = "---\ntags: [project]\n---\n# Home\n"

    /// Writes the vault TaskNotes made, then `carousel init` in it.
    func makeVault() throws -> Sandbox {
        let s = try Sandbox()
        try s.write(".obsidian/plugins/tasknotes/data.json", Self.settings)
        try s.write(".obsidian/app.json", "{}\n")
        try s.write("Planner/Tasks/weekly-review.md", Self.review)
        try s.write("Planner/Tasks/write-the-report.md", Self.report)
        try s.write("Planner/Tasks/prepare-metrics.md", Self.metrics)
        try s.write("Welcome.md", Self.welcome)
        try s.write("Planner/Projects/Home.md", Self.home)
        let before = try s.carousel(["list"])
        XCTAssertNotEqual(before.status, 0)
        XCTAssertTrue(before.stderr.contains("TaskNotes' vault: `carousel init` there"), before.stderr)
        let r = try s.carousel(["init", s.vault.path], vaultFlag: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        return s
    }

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

    func testATaskNotesVaultOpensAsItIsAndKeepsItsOwnFieldNames() throws {
        let s = try makeVault()
        XCTAssertTrue(try s.read("carousel.yaml").contains("format: tasknotes"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("cards").path), "no cards/ folder of Carousel's")
        for (path, text) in [("Planner/Tasks/weekly-review.md", Self.review), ("Planner/Tasks/write-the-report.md", Self.report),
                             ("Planner/Tasks/prepare-metrics.md", Self.metrics)] {
            XCTAssertEqual(try s.read(path), text, "init converts no file")
        }

        // Every view reads the tasks folder, under the vault's names.
        let list = try s.carousel(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stderr, "", "a TaskNotes file reads without a warning")
        let cards = try list.json().cards()
        let bySlug = Dictionary(uniqueKeysWithValues: cards.map { ($0["slug"] as? String ?? "", $0) })
        XCTAssertEqual(Set(bySlug.keys), ["weekly-review", "write-the-report", "prepare-metrics"], "notes outside the tasks folder are not cards")
        XCTAssertEqual(bySlug["weekly-review"]?["importance"] as? Int, 5, "urgent is the highest of three")
        XCTAssertEqual(bySlug["write-the-report"]?["importance"] as? Int, 3)
        XCTAssertEqual(bySlug["prepare-metrics"]?["importance"] as? Int, 1)
        XCTAssertEqual(bySlug["write-the-report"]?["due"] as? String, "2026-11-25", "deadline is the due date")
        XCTAssertEqual(bySlug["write-the-report"]?["blocked"] as? Bool, true, "dependsOn is blockedBy")
        XCTAssertEqual(bySlug["weekly-review"]?["due"] as? String, "2026-11-23", "the open occurrence: 9 Nov done, 16 Nov skipped")

        let today = try s.carousel(["today", "--json"])
        XCTAssertEqual(today.status, 0, today.stderr)
        let board = try s.carousel(["board", "--json"])
        XCTAssertEqual(board.status, 0, board.stderr)
        let onBoard = (try board.json()["columns"] as? [[String: Any]] ?? []).flatMap { ($0["cards"] as? [[String: Any]]) ?? [] }
            .compactMap { $0["slug"] as? String }
        XCTAssertTrue(onBoard.contains("weekly-review") && onBoard.contains("prepare-metrics"), "\(onBoard)")
        XCTAssertFalse(onBoard.contains("write-the-report"), "blocked cards stay off the board")
        let calendar = try s.carousel(["calendar", "--json"])
        XCTAssertEqual(calendar.status, 0, calendar.stderr)
        let days = try calendar.json()["days"] as? [[String: Any]] ?? []
        let onThe25th = days.first { $0["date"] as? String == "2026-11-25" }?["cards"] as? [[String: Any]] ?? []
        XCTAssertTrue(onThe25th.contains { $0["slug"] as? String == "write-the-report" }, "\(days)")
        let show = try s.carousel(["show", "weekly-review", "--json"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertEqual(try show.json()["series_start"] as? String, "2026-11-02")
        XCTAssertEqual(try show.json()["path"] as? String, "Planner/Tasks/weekly-review.md")
        XCTAssertEqual(try show.json()["next"] as? [String] ?? [], Array((try show.json()["next"] as? [String] ?? []).prefix(14)))
        for view in [["board"], ["calendar"], ["timeline"], ["show", "write-the-report"], []] {
            let r = try s.carousel(view)
            XCTAssertEqual(r.status, 0, "\(view): \(r.stderr)")
        }

        // Instances: done and skip write the renamed lists, and the renamed modified stamp.
        XCTAssertEqual(try s.carousel(["done", "weekly-review"]).status, 0)
        var review = try s.read("Planner/Tasks/weekly-review.md")
        XCTAssertTrue(review.contains("doneOn:\n  - 2026-11-09\n  - 2026-11-23\n"), review)
        XCTAssertTrue(review.contains("updated: 2026-11-23T"), review)
        for key in ["complete_instances", "\ncompleted:", "dateModified", "series_start"] { XCTAssertFalse(review.contains(key), "\(key) in\n\(review)") }
        XCTAssertEqual(try s.carousel(["undone", "weekly-review"]).status, 0)
        XCTAssertTrue(try s.read("Planner/Tasks/weekly-review.md").contains("doneOn:\n  - 2026-11-09\nskippedOn"))
        XCTAssertEqual(try s.carousel(["skip", "weekly-review"]).status, 0)
        review = try s.read("Planner/Tasks/weekly-review.md")
        XCTAssertTrue(review.contains("skippedOn: [2026-11-16, 2026-11-23]\n"), review)
        XCTAssertFalse(review.contains("skipped_instances") || review.contains("\nskipped:"), review)
        assertKept(review, Self.review, except: ["doneOn", "  - 2026-11-09", "skippedOn", "id:", "updated:", "due:"])

        // A one-off task: the vault's done and open statuses, and its completion date's name.
        XCTAssertEqual(try s.carousel(["done", "prepare-metrics"]).status, 0)
        var metrics = try s.read("Planner/Tasks/prepare-metrics.md")
        XCTAssertTrue(metrics.contains("state: finished\n") && metrics.contains("completedOn: 2026-11-23\n"), metrics)
        XCTAssertFalse(metrics.contains("status:") || metrics.contains("completedDate") || metrics.contains("\ndone:"), metrics)
        XCTAssertTrue(try s.carousel(["suggest", "--limit", "0", "--json"]).stdout.contains("write-the-report"), "its blocker is done")
        XCTAssertEqual(try s.carousel(["undone", "prepare-metrics"]).status, 0)
        metrics = try s.read("Planner/Tasks/prepare-metrics.md")
        XCTAssertTrue(metrics.contains("state: todo\n"), metrics)
        XCTAssertFalse(metrics.contains("finished") || metrics.contains("completedOn"), metrics)
        assertKept(metrics, Self.metrics, except: ["id:"])

        // set: every role under the vault's name for it.
        for assignment in ["importance=5", "due=2026-11-27", "start=2026-11-24", "blocked_by=weekly-review"] {
            let r = try s.carousel(["set", "write-the-report", assignment])
            XCTAssertEqual(r.status, 0, "\(assignment): \(r.stderr)")
        }
        let report = try s.read("Planner/Tasks/write-the-report.md")
        for line in ["prio: urgent\n", "deadline: 2026-11-27\n", "when: 2026-11-24\n", "dependsOn:\n  - uid: \"[[weekly-review]]\"\n    reltype: FINISHTOSTART\n"] {
            XCTAssertTrue(report.contains(line), "\(line) in\n\(report)")
        }
        for key in ["importance", "priority", "\ndue:", "scheduled", "\nstart:", "blockedBy", "blocked_by"] {
            XCTAssertFalse(report.contains(key), "\(key) in\n\(report)")
        }
        assertKept(report, Self.report, except: ["prio:", "deadline:", "id:", "dependsOn:", "  - uid:", "    reltype:"])
        XCTAssertTrue(report.contains("reminders:\n  - id: rem_1\n    type: relative\n    relatedTo: due\n    offset: -PT1H\n"), report)
        XCTAssertTrue(report.contains("unknownKey: {nested: [1, 2]}\n"), report)

        // A new card goes into the tasks folder with the vault's keys, tag and statuses.
        XCTAssertEqual(try s.carousel(["add", "Call Sam fri #family"]).status, 0)
        let sam = try s.read("Planner/Tasks/Call Sam.md")
        for line in ["state: todo\n", "prio: low\n", "deadline: 2026-11-27\n", "tags: [todo, family]\n"] {
            XCTAssertTrue(sam.contains(line), "\(line) in\n\(sam)")
        }
        for key in ["status:", "priority:", "\ndue:", "\nimportance:"] { XCTAssertFalse(sam.contains(key), "\(key) in\n\(sam)") }

        // Nothing outside the tasks folder was touched.
        XCTAssertEqual(try s.read("Welcome.md"), Self.welcome)
        XCTAssertEqual(try s.read("Planner/Projects/Home.md"), Self.home)
        XCTAssertEqual(try s.read(".obsidian/plugins/tasknotes/data.json"), Self.settings)
        XCTAssertEqual(try s.git(["log", "--format=%s", "--", "Welcome.md", "Planner/Projects", ".obsidian"]).stdout,
                       "init: new vault\n", "committed once, as they were")
        try s.assertClean()
    }

    func testSettingsThatAreNotJSONAreAnErrorAtTheirLine() throws {
        let s = try makeVault()
        let broken = Self.settings.replacingOccurrences(of: "\"due\": \"deadline\",", with: "\"due\": \"deadline\",,")
        try s.write(".obsidian/plugins/tasknotes/data.json", broken)
        let r = try s.carousel(["list"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains(".obsidian/plugins/tasknotes/data.json:7:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("not valid JSON"), r.stderr)
        XCTAssertEqual(try s.read("Planner/Tasks/write-the-report.md"), Self.report, "nothing is read or written")
        let doctor = try s.carousel(["doctor"])
        XCTAssertEqual(doctor.status, 1)
        XCTAssertTrue(doctor.stdout.contains(".obsidian/plugins/tasknotes/data.json:7:"), doctor.stdout)
    }

    func testCarouselYAMLNamesTheCardsFolderAndTheFields() throws {
        let s = try Sandbox()
        try s.initVault()
        var settings = try s.read("carousel.yaml")
        settings += "cards_folder: Tasks\ntasknotes:\n  fields: {due: deadline, status: state}\n  statuses: [todo, finished]\n  done_statuses: [finished]\n"
        try s.write("carousel.yaml", settings)
        try s.write("Tasks/pay-rent.md", "---\ntitle: Pay rent\nstate: todo\ndeadline: 2026-11-24\n---\n")
        try s.git(["add", "-A"])
        try s.git(["commit", "-qm", "tasks"])
        let list = try s.carousel(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(try list.json().cards().map { $0["due"] as? String }, ["2026-11-24"])
        XCTAssertEqual(try s.carousel(["done", "pay-rent"]).status, 0)
        let rent = try s.read("Tasks/pay-rent.md")
        XCTAssertTrue(rent.contains("state: finished\n"), rent)

        try s.write("carousel.yaml", settings.replacingOccurrences(of: "cards_folder: Tasks", with: "cards_folder: ../elsewhere"))
        let bad = try s.carousel(["list"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("carousel.yaml:"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("cards_folder"), bad.stderr)
    }

    func testRecurrenceAnchorCompletionCountsFromTheDayItWasDone() throws {
        let s = try Sandbox()
        try s.initVault()
        let ferns = """
            ---
            title: Water ferns
            status: open
            scheduled: 2026-11-23
            recurrence: DTSTART:20261109;FREQ=WEEKLY;INTERVAL=2
            recurrence_anchor: completion
            complete_instances: [2026-11-09]
            dateCreated: 2026-11-01T09:00:00Z
            ---

            """
        try s.write("cards/water-ferns.md", ferns)
        try s.write("cards/fridays.md", "---\ntitle: Fridays\nstatus: open\nrecurrence: DTSTART:20261106;FREQ=WEEKLY;BYDAY=FR\nrecurrence_anchor: completion\n---\n")
        let list = try s.carousel(["list"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stderr.contains("cards/fridays.md:5:") && list.stderr.contains("recurrence_anchor completion"), list.stderr)
        XCTAssertEqual(try s.carousel(["show", "water-ferns", "--json"]).json()["repeat_summary"] as? String, "2 weeks after done")

        // Done two days late: the next one is two weeks from that day, and DTSTART says so for TaskNotes.
        s.today = "2026-11-25"
        XCTAssertEqual(try s.carousel(["done", "water-ferns"]).status, 0)
        let text = try s.read("cards/water-ferns.md")
        XCTAssertTrue(text.contains("recurrence: DTSTART:20261125;FREQ=WEEKLY;INTERVAL=2\n"), text)
        XCTAssertTrue(text.contains("complete_instances: [2026-11-09, 2026-11-25]\n"), text)
        let card = try s.carousel(["list", "--json"]).json().cards().first { $0["slug"] as? String == "water-ferns" }
        XCTAssertEqual(card?["due"] as? String, "2026-12-09")
        // Taking it back keeps DTSTART where it is (TaskNotes' rule: progress is not rolled back).
        XCTAssertEqual(try s.carousel(["undone", "water-ferns"]).status, 0)
        XCTAssertTrue(try s.read("cards/water-ferns.md").contains("DTSTART:20261125;"))

        // Migrated to Carousel's keys it is an after-done rule, and back again the anchor returns.
        XCTAssertEqual(try s.carousel(["migrate", "--to", "carousel"]).status, 0)
        let migrated = try s.read("cards/water-ferns.md")
        XCTAssertTrue(migrated.contains("repeat: 2 weeks after done\n"), migrated)
        XCTAssertFalse(migrated.contains("recurrence"), migrated)
        XCTAssertEqual(try s.carousel(["migrate", "--to", "tasknotes"]).status, 0)
        let back = try s.read("cards/water-ferns.md")
        XCTAssertTrue(back.contains("recurrence: DTSTART:") && back.contains(";FREQ=WEEKLY;INTERVAL=2\n") && back.contains("recurrence_anchor: completion\n"), back)
    }

    /// The index keeps what it read from each file until the file changes; a new field name must
    /// still be seen at once, though no card file changed.
    func testRenamingAFieldInTheSettingsIsSeenByTheNextCommand() throws {
        let s = try Sandbox()
        try s.initVault()
        try s.write("cards/pay-rent.md", "---\ntitle: Pay rent\ndeadline: 2026-11-30\n---\n")
        XCTAssertEqual(try s.carousel(["list", "--json"]).json().cards().first?["due"] as? String, nil)
        try s.write("carousel.yaml", try s.read("carousel.yaml") + "tasknotes:\n  fields: {due: deadline}\n")
        XCTAssertEqual(try s.carousel(["list", "--json"]).json().cards().first?["due"] as? String, "2026-11-30")
        try s.write("carousel.yaml", try s.read("carousel.yaml").replacingOccurrences(of: "tasknotes:\n  fields: {due: deadline}\n", with: ""))
        XCTAssertEqual(try s.carousel(["list", "--json"]).json().cards().first?["due"] as? String, nil)
    }

    /// TaskNotes completes an instance by its own day; `done --instance` does the same, ahead of
    /// the day or for one that was missed, and the open occurrence stays what it was.
    func testAnInstanceCompletedAheadOfItsDayIsRecordedByItsOwnDay() throws {
        let s = try makeVault()
        let ahead = try s.carousel(["done", "weekly-review", "--instance", "2026-11-30"])
        XCTAssertEqual(ahead.status, 0, ahead.stderr)
        XCTAssertTrue(ahead.stdout.contains("Done for Mon 30 Nov"), ahead.stdout)
        var review = try s.read("Planner/Tasks/weekly-review.md")
        XCTAssertTrue(review.contains("doneOn:\n  - 2026-11-09\n  - 2026-11-30\n"), review)
        XCTAssertFalse(review.contains("complete_instances"), review)
        XCTAssertEqual(try s.log().first, "done: Weekly review for 2026-11-30")
        let open = try s.carousel(["list", "--json"]).json().cards().first { $0["slug"] as? String == "weekly-review" }
        XCTAssertEqual(open?["due"] as? String, "2026-11-23", "today's is still open")
        XCTAssertEqual(open?["done"] as? Bool, false)

        // Today's done passes over the one already completed.
        XCTAssertTrue(try s.carousel(["done", "weekly-review"]).stdout.contains("Next one: Mon 7 Dec"))
        review = try s.read("Planner/Tasks/weekly-review.md")
        XCTAssertTrue(review.contains("doneOn:\n  - 2026-11-09\n  - 2026-11-23\n  - 2026-11-30\n"), review)

        for (args, said) in [(["weekly-review", "--instance", "2026-11-30"], "already has 2026-11-30 completed"),
                             (["weekly-review", "--instance", "2026-12-08"], "not an occurrence of Weekly review; the next ones are 2026-12-07, 2026-12-14, 2026-12-21"),
                             (["prepare-metrics", "--instance", "2026-11-30"], "it does not repeat")] {
            let r = try s.carousel(["done"] + args)
            XCTAssertNotEqual(r.status, 0)
            XCTAssertTrue(r.stderr.contains(said), r.stderr)
        }
        try s.assertClean()
    }
}
