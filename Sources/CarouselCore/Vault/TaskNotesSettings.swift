import Foundation
import Yams

/// Reads a vault's layout from the two places it may be written: TaskNotes' own settings
/// (`.obsidian/plugins/tasknotes/data.json`: `tasksFolder`, `fieldMapping`, `customStatuses`,
/// `customPriorities`, `taskTag`) and carousel.yaml (`cards_folder:` and `tasknotes:`), which wins
/// key by key. Neither file is ever written by this.
public enum TaskNotesSettings {
    /// TaskNotes' settings file, vault-relative.
    public static let path = ".obsidian/plugins/tasknotes/data.json"

    /// The layout of a vault whose files `read` gives (vault-relative path → text, nil when
    /// missing). A settings file that cannot be read is an error at its line; a vault with
    /// neither file has the standard layout.
    public static func layout(read: (String) -> String?) throws(FileDiagnostic) -> VaultLayout {
        var layout = VaultLayout.standard
        if let text = read(path) {
            try apply(json: Data(text.utf8), to: &layout)
            layout.source = path
        }
        if let text = read(Vault.settingsFile), text.contains("cards_folder") || text.contains("tasknotes") {
            if try apply(yaml: text, to: &layout) { layout.source = Vault.settingsFile }
        }
        return layout
    }

    // MARK: - data.json

    static func apply(json data: Data, to layout: inout VaultLayout) throws(FileDiagnostic) {
        let text = String(decoding: data, as: UTF8.self)
        func at(_ needle: String, _ message: String) -> FileDiagnostic {
            let lines = TextLines.split(text, keepTrailingEmpty: true)
            let index = lines.firstIndex { $0.contains("\"\(needle)\"") } ?? 0
            let column = lines.isEmpty ? 1 : (lines[index].range(of: "\"\(needle)\"").map { lines[index].distance(from: lines[index].startIndex, to: $0.lowerBound) + 1 } ?? 1)
            return FileDiagnostic(path: path, line: index + 1, column: column, message: message,
                                  sourceLine: lines.isEmpty ? nil : String(lines[index]))
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw notJSON(text, error)
        }
        guard let settings = object as? [String: Any] else {
            throw FileDiagnostic(path: path, line: 1, column: 1, message: "TaskNotes' settings must be a JSON object ({…}); Carousel reads its tasksFolder and fieldMapping")
        }
        if let folder = settings["tasksFolder"] {
            guard let name = folder as? String else { throw at("tasksFolder", "tasksFolder must be a folder name like \"TaskNotes/Tasks\"") }
            let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            if !trimmed.isEmpty {
                if let problem = folderProblem(trimmed) { throw at("tasksFolder", problem) }
                layout.cardsFolder = trimmed
            }
        } else {
            layout.cardsFolder = "TaskNotes/Tasks"
        }
        if let mapping = settings["fieldMapping"] {
            guard let pairs = mapping as? [String: Any] else { throw at("fieldMapping", "fieldMapping must map TaskNotes' fields to property names, like {\"due\": \"deadline\"}") }
            var named: [String: String] = [:]
            for (role, value) in pairs {
                // A role this version does not know (a newer TaskNotes) is left for TaskNotes.
                guard let key = VaultLayout.defaultProperties[role] else { continue }
                guard let property = value as? String else {
                    throw at(role, "fieldMapping.\(role) must be a property name, like \"deadline\"")
                }
                if let problem = propertyProblem(property) { throw at(role, "fieldMapping.\(role): \(problem)") }
                named[key] = property
            }
            try rename(&layout, named) { message in at("fieldMapping", message) }
        }
        if let list = settings["customStatuses"] {
            guard let items = list as? [[String: Any]] else { throw at("customStatuses", "customStatuses must be a list of statuses with value and isCompleted") }
            let ordered = items.enumerated().sorted { (($0.element["order"] as? Int) ?? $0.offset, $0.offset) < (($1.element["order"] as? Int) ?? $1.offset, $1.offset) }.map(\.element)
            let values = ordered.compactMap { ($0["value"] as? String).flatMap { $0.isEmpty ? nil : $0 } }
            guard !values.isEmpty else { throw at("customStatuses", "customStatuses has no status with a value") }
            let done = ordered.filter { ($0["isCompleted"] as? Bool) == true }.compactMap { $0["value"] as? String }
            let open = (settings["defaultTaskStatus"] as? String).flatMap { values.contains($0) ? $0 : nil }
                ?? values.first { !done.contains($0) } ?? values[0]
            setStatuses(&layout, all: values, done: done, open: open)
        }
        if let list = settings["customPriorities"] {
            guard let items = list as? [[String: Any]] else { throw at("customPriorities", "customPriorities must be a list of priorities with value and weight") }
            let ordered = items.enumerated().sorted { (($0.element["weight"] as? Double) ?? Double($0.offset), $0.offset) < (($1.element["weight"] as? Double) ?? Double($1.offset), $1.offset) }
            setPriorities(&layout, ordered.compactMap { $0.element["value"] as? String })
        }
        if let tag = settings["taskTag"] as? String, !tag.isEmpty, (settings["taskIdentificationMethod"] as? String ?? "tag") == "tag" {
            layout.taskTag = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
        }
    }

    /// "Invalid value around character 61." → the line and column of byte 61 (the newer
    /// Foundation says "around line 7, column 23." itself).
    static func notJSON(_ text: String, _ error: Error) -> FileDiagnostic {
        let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var line = 1, column = 1
        if let range = detail.range(of: #"line \d+, column \d+"#, options: .regularExpression) {
            let numbers = detail[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 2 { (line, column) = (numbers[0], max(1, numbers[1])) }
        } else if let range = detail.range(of: #"character \d+"#, options: .regularExpression),
           let offset = Int(detail[range].dropFirst("character ".count)) {
            for byte in text.utf8.prefix(offset) {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
        let lines = TextLines.split(text, keepTrailingEmpty: true)
        let reason = detail.range(of: " around")
            .map { String(detail[..<$0.lowerBound]).lowercased() } ?? "it is not valid JSON"
        return FileDiagnostic(path: path, line: line, column: column,
                              message: "TaskNotes' settings are not valid JSON (\(reason)); Carousel reads the tasks folder and field names from them. Fix the file (or let Obsidian write it again)",
                              sourceLine: line <= lines.count ? String(lines[line - 1]) : nil)
    }

    // MARK: - carousel.yaml

    /// Reads `cards_folder:` and `tasknotes:`; whether either was there.
    static func apply(yaml text: String, to layout: inout VaultLayout) throws(FileDiagnostic) -> Bool {
        let lines = TextLines.split(text, keepTrailingEmpty: true)
        func diag(_ node: Node?, _ message: String) -> FileDiagnostic {
            let line = node?.mark?.line ?? 1
            return FileDiagnostic(path: Vault.settingsFile, line: line, column: node?.mark?.column ?? 1, message: message,
                                  sourceLine: line <= lines.count ? String(lines[line - 1]) : nil)
        }
        // Problems with the YAML itself are Settings.parse's to report.
        guard let root = try? YAMLCompose.node(text), let mapping = root.mapping else { return false }
        var found = false
        if let node = mapping["cards_folder"] {
            let name = (node.scalar?.string ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            if let problem = name.isEmpty ? "cards_folder must name a folder, like TaskNotes/Tasks" : folderProblem(name) {
                throw diag(node, "cards_folder: \(problem)")
            }
            layout.cardsFolder = name
            found = true
        }
        guard let node = mapping["tasknotes"] else { return found }
        guard let section = node.mapping else { throw diag(node, "tasknotes must be a mapping with fields, statuses, done_statuses or priorities") }
        func list(_ key: String) throws(FileDiagnostic) -> [String]? {
            guard let value = section[key] else { return nil }
            guard let items = value.sequence?.compactMap(\.scalar?.string), !items.isEmpty else {
                throw diag(value, "tasknotes.\(key) must be a list, like [open, in-progress, done]")
            }
            return items
        }
        for (k, _) in section {
            let key = k.scalar?.string ?? ""
            guard ["fields", "statuses", "done_statuses", "priorities", "task_tag"].contains(key) else {
                throw diag(k, "tasknotes: unknown key \"\(key)\"; the keys are fields, statuses, done_statuses, priorities and task_tag")
            }
        }
        if let fields = section["fields"] {
            guard let pairs = fields.mapping else { throw diag(fields, "tasknotes.fields must map TaskNotes' fields to property names, like {due: deadline}") }
            var named: [String: String] = [:]
            for (k, v) in pairs {
                let role = k.scalar?.string ?? ""
                guard let key = VaultLayout.defaultProperties[role] else {
                    let roles = VaultLayout.defaultProperties.keys.sorted()
                    throw diag(k, "tasknotes.fields: \"\(role)\" is not one of TaskNotes' fields (\(roles.joined(separator: ", ")))" + Nearest.hint(for: role, among: roles))
                }
                let property = v.scalar?.string ?? ""
                if let problem = propertyProblem(property) { throw diag(v, "tasknotes.fields.\(role): \(problem)") }
                named[key] = property
            }
            try rename(&layout, named) { message in diag(fields, message) }
        }
        if let all = try list("statuses") {
            let done = try list("done_statuses") ?? all.filter { layout.completedStatuses.contains($0.lowercased()) }
            if let stray = done.first(where: { !all.contains($0) }) {
                throw diag(section["done_statuses"], "tasknotes.done_statuses: \"\(stray)\" is not in tasknotes.statuses")
            }
            setStatuses(&layout, all: all, done: done, open: all.first { !done.contains($0) } ?? all[0])
        } else if let done = try list("done_statuses") {
            setStatuses(&layout, all: Array(layout.statuses) + done, done: done, open: layout.openStatus)
        }
        if let values = try list("priorities") { setPriorities(&layout, values) }
        if let tag = section["task_tag"]?.scalar?.string, !tag.isEmpty { layout.taskTag = tag }
        return true
    }

    // MARK: - Shared rules

    /// Why `name` cannot be the cards folder, or nil.
    static func folderProblem(_ name: String) -> String? {
        guard PathName.isPlainRelativePath(name), !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
            return "\"\(name)\" is not a folder inside the vault (a plain path like TaskNotes/Tasks, no .. and no hidden folder)"
        }
        let first = name.split(separator: "/")[0].lowercased()
        if [Vault.habitsDir, Vault.journalDir, Vault.attachmentsDir].contains(first) {
            return "\"\(name)\" is inside \(first)/, which holds Carousel's \(first); choose another folder"
        }
        return nil
    }

    /// Why `property` cannot name a front-matter key, or nil.
    static func propertyProblem(_ property: String) -> String? {
        if property.isEmpty || property.contains(where: { $0 == ":" || $0 == "#" || $0.isNewline }) || property.first!.isWhitespace || property.last!.isWhitespace {
            return "\"\(property)\" is not a property name (a plain key like deadline)"
        }
        return nil
    }

    /// Applies a mapping default key → property; two roles under one name are an error.
    static func rename(_ layout: inout VaultLayout, _ named: [String: String], _ fail: (String) -> FileDiagnostic) throws(FileDiagnostic) {
        var all = layout.renamed
        for (key, property) in named { all[key] = property == key ? nil : property }
        var owner: [String: String] = [:]
        for key in VaultLayout.defaultProperties.values.sorted() {
            let property = all[key] ?? key
            if let other = owner[property] {
                throw fail("\(other) and \(key) are both written as \"\(property)\"; each field needs a name of its own")
            }
            owner[property] = key
        }
        layout.renamed = all
    }

    static func setStatuses(_ layout: inout VaultLayout, all: [String], done: [String], open: String) {
        layout.statuses = Set(all.map { $0.lowercased() })
        layout.completedStatuses = Set(done.map { $0.lowercased() })
        layout.doneStatus = done.first ?? layout.doneStatus
        layout.openStatus = open
    }

    static func setPriorities(_ layout: inout VaultLayout, _ values: [String]) {
        guard !values.isEmpty else { return }
        layout.priorities = values
        let standard = VaultLayout.standard
        layout.importanceOfPriority = values.map { $0.lowercased() } == standard.priorities ? standard.importanceOfPriority : VaultLayout.importances(values)
    }
}
