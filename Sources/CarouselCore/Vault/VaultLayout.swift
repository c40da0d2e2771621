import Foundation
import Synchronization

/// Where a vault keeps its cards and what their task keys are called: the folder (`cards/` unless
/// `cards_folder:` or TaskNotes' `tasksFolder` says otherwise) and TaskNotes' field mapping,
/// statuses and priorities (`TaskNotesSettings`). One vault is open per process, and the card
/// rules, the merge and the index all ask the open vault's layout (`VaultLayout.active`), which
/// `Vault.init(at:)` installs.
public struct VaultLayout: Sendable, Equatable {
    /// The cards folder, vault-relative, without slashes at either end (`cards`, `TaskNotes/Tasks`).
    public var cardsFolder = "cards"
    /// TaskNotes' property name for each of its roles, only where it differs from the default
    /// (`due` → `deadline`). Keys are TaskNotes' default property names (`complete_instances`).
    public var renamed: [String: String] = [:] {
        didSet { reverse = Dictionary(renamed.map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
    }
    /// Renamed property → TaskNotes' default key, kept with `renamed` (read for every field of every card).
    private var reverse: [String: String] = [:]
    /// Status values that mean done (TaskNotes' `isCompleted`), lowercased.
    public var completedStatuses: Set<String> = ["done", "completed"]
    /// Every status value TaskNotes knows in this vault, lowercased: a `status:` with one of these
    /// is TaskNotes' completion, any other is the person's own and left alone.
    public var statuses: Set<String> = ["open", "in-progress", "done", "completed", "none", "todo"]
    /// The status written by `done` and by `undone`.
    public var doneStatus = "done"
    public var openStatus = "open"
    /// Priority value (lowercased) → importance 1–5, and the values in order, lowest first.
    public var importanceOfPriority: [String: Int] = ["none": 1, "low": 2, "normal": 3, "medium": 3, "high": 5]
    public var priorities = ["none", "low", "normal", "high"]
    /// The tag TaskNotes finds its tasks by (`taskTag`), which leads a new card's tags.
    public var taskTag = "task"
    /// Where the layout came from, for messages: nil for the defaults.
    public var source: String?

    public init() {}

    public static let standard = VaultLayout()

    /// TaskNotes' roles (the keys of its `fieldMapping`) and the property each is written as by
    /// default. Roles Carousel does not read (`contexts`, `reminders`, …) are listed so that a
    /// mapping of them is accepted; their values are kept as they are either way.
    public static let defaultProperties: [String: String] = [
        "title": "title", "status": "status", "priority": "priority", "due": "due", "scheduled": "scheduled",
        "contexts": "contexts", "projects": "projects", "timeEstimate": "timeEstimate",
        "completedDate": "completedDate", "dateCreated": "dateCreated", "dateModified": "dateModified",
        "recurrence": "recurrence", "recurrenceAnchor": "recurrence_anchor", "archiveTag": "archived",
        "timeEntries": "timeEntries", "completeInstances": "complete_instances",
        "skippedInstances": "skipped_instances", "blockedBy": "blockedBy", "pomodoros": "pomodoros",
        "icsEventId": "icsEventId", "icsEventTag": "icsEventTag", "reminders": "reminders",
    ]

    /// The property a file of this vault writes for TaskNotes' default key `key` (`due` →
    /// `deadline` under a mapping); `key` itself when it is not renamed.
    public func property(_ key: String) -> String { renamed[key] ?? key }

    /// The default key of a renamed property (`deadline` → `due`), or nil.
    public func defaultKey(ofProperty property: String) -> String? { reverse[property] }

    /// The priority written for an importance 1–5: the vault's priority nearest to it.
    public func priority(ofImportance n: Int) -> String {
        if priorities == VaultLayout.standard.priorities { return TaskNotesFields.priority(ofImportance: n) }
        let ranked = priorities.compactMap { p in importanceOfPriority[p.lowercased()].map { (p, $0) } }
        return ranked.min { abs($0.1 - n) < abs($1.1 - n) || (abs($0.1 - n) == abs($1.1 - n) && $0.1 > $1.1) }?.0
            ?? TaskNotesFields.priority(ofImportance: n)
    }

    /// Importance 1–5 for priorities listed lowest first: spread evenly, the lowest 1, the highest 5.
    static func importances(_ values: [String]) -> [String: Int] {
        guard values.count > 1 else { return Dictionary(values.map { ($0.lowercased(), 3) }, uniquingKeysWith: { a, _ in a }) }
        var out: [String: Int] = [:]
        for (i, v) in values.enumerated() where out[v.lowercased()] == nil {
            out[v.lowercased()] = 1 + Int((4.0 * Double(i) / Double(values.count - 1)).rounded())
        }
        return out
    }

    // MARK: - The open vault's layout

    private static let current = Mutex(VaultLayout.standard)

    /// The layout of the vault this process opened last (the defaults before any).
    public static var active: VaultLayout { current.withLock { $0 } }

    /// Makes `layout` the one every card rule reads.
    public static func install(_ layout: VaultLayout) {
        current.withLock { $0 = layout }
    }

    /// A short text that changes whenever the layout does, so the index is rebuilt when it does.
    var fingerprint: String {
        var plain = self
        plain.source = nil
        guard plain != VaultLayout.standard else { return "" }
        return ([cardsFolder] + renamed.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + completedStatuses.sorted() + statuses.sorted() + [doneStatus, openStatus]
            + priorities + [taskTag] + importanceOfPriority.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }).joined(separator: "\u{1f}")
    }
}
