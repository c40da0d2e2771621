import Foundation

/// Reads the JSON array that `task export` prints.
public enum Taskwarrior {
    /// Fields Taskwarrior keeps for itself; they mean nothing outside it and are not kept.
    static let bookkeeping: Set<String> = ["id", "urgency", "modified", "imask", "mask", "uuid", "entry", "end", "status",
                                           "description", "priority", "project", "tags", "due", "recur", "annotations", "parent", "rtype",
                                           "wait", "scheduled", "until", "depends"]

    public static func parse(_ data: Data, timeZone: TimeZone = .current) throws(ImportError) -> ImportPlan {
        let value: Any
        do {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            value = try JSONSerialization.jsonObject(with: data.starts(with: bom) ? data.dropFirst(3) : data)
        } catch {
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error.localizedDescription)"
            throw ImportError(line: 1, message: "this is not valid JSON (\(detail)); expected the output of `task export`")
        }
        guard let array = value as? [Any] else {
            throw ImportError(line: 1, message: "expected a JSON array of tasks (the output of `task export`), found \(value is [String: Any] ? "an object" : "a single value")")
        }
        var plan = ImportPlan()
        for (i, element) in array.enumerated() {
            let n = i + 1
            guard let task = element as? [String: Any] else {
                plan.notes.append("task \(n): not an object, skipped")
                continue
            }
            guard let uuid = task["uuid"] as? String, let description = task["description"] as? String else {
                throw ImportError(line: n, message: "task \(n) has no uuid or description")
            }
            let status = task["status"] as? String ?? "pending"
            if status == "deleted" {
                plan.notes.append("task \(n) (\(description)): deleted in Taskwarrior, not imported")
                continue
            }
            if task["parent"] != nil && status != "recurring" {
                plan.notes.append("task \(n) (\(description)): an instance of a repeating task; its template is imported instead")
                continue
            }
            var item = ImportedItem(key: "taskwarrior:" + uuid, line: n, title: description)
            if let p = task["priority"] as? String { item.importance = ["H": 5, "M": 3, "L": 2][p] }
            if let project = task["project"] as? String { item.category = project }
            item.tags = task["tags"] as? [String] ?? []
            item.due = (task["due"] as? String).flatMap { date($0, timeZone) }
            item.created = (task["entry"] as? String).flatMap { date($0, timeZone) }
            if status == "completed" { item.done = (task["end"] as? String).flatMap { date($0, timeZone) } ?? item.created }
            let until = (task["until"] as? String).flatMap { date($0, timeZone) }
            if let recur = task["recur"] as? String {
                // Taskwarrior repeats from the due date, whatever happens to each instance.
                if let rule = ImportRules.repeatRule(recur, strictByDefault: true) {
                    let ended = until.map { rule + " until \($0.day.iso)" }
                    item.repeatRule = ended.flatMap { (try? RecurrenceRule.parse($0)) != nil ? $0 : nil } ?? rule
                } else {
                    plan.notes.append("task \(n): recur \(recur) cannot be expressed as a Carousel rule; kept as taskwarrior_recur")
                    item.extras.append(("taskwarrior_recur", recur))
                }
            }
            if let until, item.repeatRule == nil {
                // A one-off task's `until` is when Taskwarrior would delete it; kept as a date.
                item.extras.append(("until", until.day.iso))
            }
            item.start = (task["scheduled"] as? String).flatMap { date($0, timeZone) }
            item.wait = (task["wait"] as? String).flatMap { date($0, timeZone) }?.day
            let depends = (task["depends"] as? [String]) ?? (task["depends"] as? String)?.split(separator: ",").map(String.init) ?? []
            item.dependsOn = depends.map { "taskwarrior:" + $0.trimmingCharacters(in: .whitespaces) }
            for a in task["annotations"] as? [[String: Any]] ?? [] {
                let when = (a["entry"] as? String).flatMap { date($0, timeZone) }?.day.iso
                item.body += "- " + (when.map { $0 + ": " } ?? "") + (a["description"] as? String ?? "") + "\n"
            }
            for key in task.keys.sorted() where !bookkeeping.contains(key) {
                let v = task[key]!
                let text: String
                if let s = v as? String { text = (date(s, timeZone)?.description).map { _ in s } ?? s }
                else if let list = v as? [Any] { text = list.map { "\($0)" }.joined(separator: ",") }
                else { text = "\(v)" }
                item.extras.append(("taskwarrior_" + key, text))
            }
            plan.items.append(item)
        }
        return plan
    }

    /// `20261124T230000Z` (UTC) → the local date, with the time when it is not midnight.
    static func date(_ s: String, _ tz: TimeZone) -> DateValue? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        guard let date = f.date(from: s) else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = tz
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard let day = Day(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0) else { return nil }
        let minutes = (c.hour ?? 0) * 60 + (c.minute ?? 0)
        return DateValue(day: day, minutes: minutes == 0 ? nil : minutes)
    }
}
