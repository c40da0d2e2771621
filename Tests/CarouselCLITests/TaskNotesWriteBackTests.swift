import Foundation
import XCTest

/// What `carousel` writes into a vault TaskNotes made, tried as a TaskNotes user would: no field
/// the task did not have, stamps with the offset TaskNotes writes, new tasks named by their
/// title, and a zoned occurrence near midnight recorded on its own day.
final class TaskNotesWriteBackTests: XCTestCase {
    static let settings = """
        {
          "tasksFolder": "TaskNotes/Tasks",
          "fieldMapping": {"due": "deadline"},
          "pluginVersion": "4.0.0"
        }

        """

    static let weekly = """
        ---
        title: Water the plants
        status: open
        priority: normal
        tags:
          - task
        recurrence: DTSTART:20261102;FREQ=WEEKLY;BYDAY=MO
        complete_instances: []
        dateCreated: 2026-11-01T09:30:00.000+01:00
        dateModified: 2026-11-01T09:30:00.000+01:00
        ---

        """

    func makeVault(zone: String = "Europe/Berlin") throws -> Sandbox {
        let s = try Sandbox()
        // The stamps are read on the zone's clock, which needs a process of its own.
        s.inProcess = false
        s.extraEnvironment["TZ"] = zone
        try s.write(".obsidian/plugins/tasknotes/data.json", Self.settings)
        try s.write("TaskNotes/Tasks/Water the plants.md", Self.weekly)
        let r = try s.carousel(["init", s.vault.path], vaultFlag: false)
        XCTAssertEqual(r.status, 0, r.stderr)
        return s
    }

    func testDoneOnAWeeklyTaskAddsNoDueDateItNeverHad() throws {
        let s = try makeVault()
        let r = try s.carousel(["done", "Water the plants"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try s.read("TaskNotes/Tasks/Water the plants.md")
        XCTAssertTrue(text.contains("complete_instances: [2026-11-23]\n"), text)
        XCTAssertFalse(text.contains("deadline:") || text.contains("\ndue:"), "a due date the task never had:\n\(text)")
        let show = try s.carousel(["show", "Water the plants", "--json"]).json()
        XCTAssertEqual((show["next"] as? [String])?.first, "2026-11-30", "the next occurrence still reads from the rule")
        try s.assertClean()
    }

    func testDateModifiedIsWrittenWithTheOffsetTaskNotesWrites() throws {
        let s = try makeVault()
        XCTAssertEqual(try s.carousel(["skip", "Water the plants"]).status, 0)
        let text = try s.read("TaskNotes/Tasks/Water the plants.md")
        XCTAssertNotNil(text.range(of: #"\ndateModified: 2026-11-23T\d\d:\d\d:\d\d\.000\+01:00\n"#, options: .regularExpression), text)
        XCTAssertTrue(text.contains("dateCreated: 2026-11-01T09:30:00.000+01:00\n"), "the creation stamp as it was:\n\(text)")
        let ny = try makeVault(zone: "America/New_York")
        XCTAssertEqual(try ny.carousel(["add", "Book MOT"]).status, 0)
        let mot = try ny.read("TaskNotes/Tasks/Book MOT.md")
        XCTAssertNotNil(mot.range(of: #"\ndateCreated: 2026-11-23T\d\d:\d\d:\d\d\.000-05:00\n"#, options: .regularExpression), mot)
        XCTAssertNotNil(mot.range(of: #"\ndateModified: 2026-11-23T\d\d:\d\d:\d\d\.000-05:00\n"#, options: .regularExpression), mot)
    }

    func testANewTaskIsNamedByItsTitleSoAWikiLinkFindsIt() throws {
        let s = try makeVault()
        XCTAssertEqual(try s.carousel(["add", "Book MOT"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("TaskNotes/Tasks/Book MOT.md").path),
                      "[[Book MOT]] resolves to the new task")
        XCTAssertEqual(try s.carousel(["add", "Pay: the car/van tax?"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("TaskNotes/Tasks/Pay the car van tax.md").path),
                      "what a file name or a link cannot hold is taken out")
        XCTAssertEqual(try s.carousel(["add", "Book MOT"]).status, 0, "a second task of the same title")
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.vault.appendingPathComponent("TaskNotes/Tasks/Book MOT-2.md").path))
        let done = try s.carousel(["done", "Book MOT"])
        XCTAssertEqual(done.status, 0, done.stderr)
        try s.assertClean()
    }

    func testAZonedOccurrenceNearMidnightIsRecordedOnItsOwnDay() throws {
        let s = try makeVault(zone: "America/New_York")
        // 00:30 in Berlin is 18:30 the evening before in New York: on 23 November this device
        // shows the occurrence of 24 November.
        try s.write("TaskNotes/Tasks/Call home.md", """
            ---
            title: Call home
            status: open
            tz: Europe/Berlin
            scheduled: 2026-11-20T00:30
            recurrence: DTSTART:20261120;FREQ=DAILY
            complete_instances: [2026-11-20, 2026-11-21, 2026-11-22, 2026-11-23]
            dateCreated: 2026-11-01T09:30:00.000+01:00
            ---

            """)
        try s.git(["add", "-A"])
        try s.git(["commit", "-q", "-m", "a zoned task"])
        let r = try s.carousel(["done", "Call home"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try s.read("TaskNotes/Tasks/Call home.md")
        XCTAssertTrue(text.contains("complete_instances: [2026-11-20, 2026-11-21, 2026-11-22, 2026-11-23, 2026-11-24]\n"), text)
        try s.write("TaskNotes/Tasks/Call home.md", text.replacingOccurrences(of: ", 2026-11-24]", with: "]"))
        try s.git(["commit", "-qam", "taken back"])
        XCTAssertEqual(try s.carousel(["skip", "Call home"]).status, 0)
        let skipped = try s.read("TaskNotes/Tasks/Call home.md")
        XCTAssertTrue(skipped.contains("skipped_instances: [2026-11-24]\n"), skipped)
    }
}
