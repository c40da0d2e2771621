@testable import CarouselCore
import XCTest

/// The vault's layout from TaskNotes' settings and carousel.yaml, as `Vault` reads it.
final class TaskNotesSettingsTests: XCTestCase {
    func layout(json: String? = nil, yaml: String? = nil) throws -> VaultLayout {
        try TaskNotesSettings.layout { path in path == TaskNotesSettings.path ? json : path == Vault.settingsFile ? yaml : nil }
    }

    func problem(json: String? = nil, yaml: String? = nil, file: StaticString = #filePath, line: UInt = #line) -> FileDiagnostic? {
        do {
            _ = try layout(json: json, yaml: yaml)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error as? FileDiagnostic
        }
    }

    func testWithoutEitherFileTheLayoutIsTheStandardOne() throws {
        XCTAssertEqual(try layout(), .standard)
        XCTAssertEqual(try layout(yaml: "budget: 10\nformat: tasknotes\n"), .standard)
        XCTAssertEqual(CardIndex.builtVersion, CardIndex.schemaVersion, "the standard layout keeps the index's version")
    }

    func testTaskNotesDefaultsAndItsSettings() throws {
        XCTAssertEqual(try layout(json: "{}").cardsFolder, "TaskNotes/Tasks", "TaskNotes' own default folder")
        let l = try layout(json: """
            {"tasksFolder": "/Work/Tasks/", "taskTag": "#todo", "newSetting": [1],
             "fieldMapping": {"due": "deadline", "completeInstances": "doneOn", "title": "title", "someFutureRole": "x"},
             "customStatuses": [{"value": "finished", "isCompleted": true, "order": 2}, {"value": "todo", "isCompleted": false, "order": 0}],
             "customPriorities": [{"value": "urgent", "weight": 9}, {"value": "low", "weight": 0}, {"value": "mid", "weight": 4}, {"value": "high", "weight": 5}]}
            """)
        XCTAssertEqual(l.cardsFolder, "Work/Tasks")
        XCTAssertEqual(l.taskTag, "todo")
        XCTAssertEqual(l.renamed, ["due": "deadline", "complete_instances": "doneOn"], "only what differs, unknown roles left to TaskNotes")
        XCTAssertEqual(l.defaultKey(ofProperty: "doneOn"), "complete_instances")
        XCTAssertEqual(l.completedStatuses, ["finished"])
        XCTAssertEqual(l.openStatus, "todo")
        XCTAssertEqual(l.doneStatus, "finished")
        XCTAssertEqual(l.priorities, ["low", "mid", "high", "urgent"], "by weight")
        XCTAssertEqual(l.importanceOfPriority, ["low": 1, "mid": 2, "high": 4, "urgent": 5])
        XCTAssertEqual(l.priority(ofImportance: 3), "high", "the nearest, the higher on a tie")
        XCTAssertEqual(l.priority(ofImportance: 1), "low")
        XCTAssertFalse(l.fingerprint.isEmpty)
    }

    func testCarouselYAMLWinsKeyByKey() throws {
        let l = try layout(json: #"{"tasksFolder": "TN", "fieldMapping": {"due": "deadline", "status": "state"}}"#,
                           yaml: "cards_folder: Planner\ntasknotes:\n  fields: {status: phase}\n  priorities: [low, high]\n")
        XCTAssertEqual(l.cardsFolder, "Planner")
        XCTAssertEqual(l.renamed, ["due": "deadline", "status": "phase"])
        XCTAssertEqual(l.importanceOfPriority, ["low": 1, "high": 5])
        XCTAssertEqual(l.source, Vault.settingsFile)
    }

    func testBadSettingsAreErrorsAtTheirLine() {
        let notJSON = problem(json: "{\n  \"tasksFolder\": \"T\",\n  \"fieldMapping\": {\"due\": }\n}")
        XCTAssertEqual(notJSON?.path, TaskNotesSettings.path)
        XCTAssertEqual(notJSON?.line, 3)
        XCTAssertTrue(notJSON?.message.contains("not valid JSON") == true, "\(String(describing: notJSON))")
        let twice = problem(json: "{\n  \"fieldMapping\": {\"due\": \"when\", \"scheduled\": \"when\"}\n}")
        XCTAssertEqual(twice?.line, 2)
        XCTAssertTrue(twice?.message.contains("both written as \"when\"") == true, "\(String(describing: twice))")
        XCTAssertEqual(problem(json: "{\n\n  \"tasksFolder\": \"../out\"\n}")?.line, 3)
        XCTAssertEqual(problem(json: "[1, 2]")?.line, 1)
        let folder = problem(yaml: "budget: 10\ncards_folder: .git/cards\n")
        XCTAssertEqual(folder?.path, Vault.settingsFile)
        XCTAssertEqual(folder?.line, 2)
        XCTAssertEqual(problem(yaml: "cards_folder: habits/x\n")?.line, 1)
        let role = problem(yaml: "tasknotes:\n  fields:\n    deu: deadline\n")
        XCTAssertEqual(role?.line, 3)
        XCTAssertTrue(role?.message.contains("Did you mean 'due'?") == true, "\(String(describing: role))")
        XCTAssertEqual(problem(yaml: "tasknotes:\n  statuses: [open, done]\n  done_statuses: [finished]\n")?.line, 3)
    }

    func testARenamedFieldReadsAsItsRoleAndIsNamedAsWrittenInMessages() throws {
        var layout = VaultLayout.standard
        layout.renamed = ["due": "deadline", "priority": "prio"]
        VaultLayout.install(layout)
        defer { VaultLayout.install(.standard) }
        let card = try CardParser.parse(text: "---\ntitle: Rent\ndeadline: 2026-11-30\ndue: 2026-12-01\nprio: high\n---\n", path: "cards/rent.md").card
        XCTAssertEqual(card.due?.day.iso, "2026-11-30", "the vault's name wins over the default one")
        XCTAssertEqual(card.importance, 5)
        XCTAssertEqual(try CardParser.parse(text: "---\ndue: 2026-12-01\n---\n", path: "cards/a.md").card.due?.day.iso, "2026-12-01",
                       "a card with only the default name still reads")
        XCTAssertThrowsError(try CardParser.parse(text: "---\ntitle: Rent\ndeadline: someday soon\n---\n", path: "cards/rent.md")) { error in
            let d = error as? FileDiagnostic
            XCTAssertEqual(d?.line, 3)
            XCTAssertTrue(d?.message.hasPrefix("deadline must be a date") == true, "\(String(describing: d))")
        }
    }
}
