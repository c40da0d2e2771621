/// One task read from another tool, ready to become a card.
public struct ImportedItem: Sendable, Equatable {
    /// Stable per source item (`todotxt:<hash>`, `taskwarrior:<uuid>`), stored as `import_key:` so
    /// a second run recognises what it already brought in.
    public var key: String
    /// 1-based line (todo.txt) or array position (Taskwarrior) it came from.
    public var line: Int
    public var title: String
    public var importance: Int?
    public var category: String?
    public var tags: [String] = []
    public var due: DateValue?
    public var created: DateValue?
    public var done: DateValue?
    public var repeatRule: String?
    /// When work may start (Taskwarrior `scheduled`), written as `start:`.
    public var start: DateValue?
    /// Hidden until this day (Taskwarrior `wait`, todo.txt `t:`), written as `wait:`.
    public var wait: Day?
    /// Keys of the items this one depends on (Taskwarrior `depends`): they become its children.
    public var dependsOn: [String] = []
    public var body: String = ""
    /// An event (iCalendar VEVENT) or a task; nil for a task.
    public var kind: CardKind?
    public var emoji: String?
    /// `except:` and `also:` dates of a repeating item (iCalendar EXDATE and RDATE).
    public var exceptDates: [Day] = []
    public var alsoDates: [Day] = []
    /// The zone its times are readings of (`tz:`), nil for floating times and dates.
    public var zone: String?
    /// Fields with no Carousel meaning, kept as extra front-matter so nothing is lost.
    public var extras: [(String, String)] = []

    public init(key: String, line: Int, title: String) {
        self.key = key
        self.line = line
        self.title = title
    }

    /// A short hash of everything read for the item, kept as `import_hash:` so a second import
    /// can tell whether the item changed in its source since the card was written.
    public var fingerprint: String {
        let parts: [String] = [key, title, kind?.rawValue ?? "", importance.map(String.init) ?? "", category ?? "", tags.joined(separator: ","),
                               due?.description ?? "", done?.description ?? "", repeatRule ?? "", start?.description ?? "",
                               wait?.iso ?? "", exceptDates.map(\.iso).joined(separator: ","), alsoDates.map(\.iso).joined(separator: ","),
                               body]
        let zoned: [String] = zone.map { ["tz=" + $0] } ?? []
        let more: [String] = extras.map { "\($0.0)=\($0.1)" }
        return ImportRules.hash((parts + zoned + more).joined(separator: "\u{1F}"))
    }

    public static func == (a: ImportedItem, b: ImportedItem) -> Bool {
        a.key == b.key && a.title == b.title && a.importance == b.importance && a.category == b.category && a.tags == b.tags
            && a.due == b.due && a.done == b.done && a.repeatRule == b.repeatRule && a.body == b.body
            && a.start == b.start && a.wait == b.wait && a.dependsOn == b.dependsOn && a.kind == b.kind && a.emoji == b.emoji
            && a.exceptDates == b.exceptDates && a.alsoDates == b.alsoDates && a.zone == b.zone
            && a.extras.map { "\($0.0)=\($0.1)" } == b.extras.map { "\($0.0)=\($0.1)" }
    }
}

/// What an import file holds: the items, and notes for anything that could not be mapped.
public struct ImportPlan: Sendable {
    public var items: [ImportedItem] = []
    /// "line 4: …" notes; the data they mention is kept as extra front-matter or skipped with a reason.
    public var notes: [String] = []
    /// A second import updates the cards it brought in before (iCalendar, keyed by UID) instead
    /// of only counting them; see `Workspace.update(_:with:)` for which fields the source wins.
    public var updatesExisting = false

    public init() {}
}

/// A problem that stops the whole import (nothing is written).
public struct ImportError: Error, Sendable, Equatable {
    public let line: Int
    public let message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}

enum ImportRules {
    /// Translates `rec:`/`recur` periods (`1w`, `+2d`, `weekly`, `biweekly`…) to Carousel rule text,
    /// checked by the recurrence parser; nil when it cannot be expressed.
    /// todo.txt's `rec:` counts from completion unless it starts with `+` (`rec:+1w`, strict);
    /// Taskwarrior's `recur` is always strict (`strictByDefault`).
    static func repeatRule(_ raw: String, strictByDefault: Bool = false) -> String? {
        var t = raw.lowercased().trimmingCharacters(in: .whitespaces)
        var strict = true
        if t.hasPrefix("+") { t.removeFirst() } else if raw.first?.isNumber == true { strict = strictByDefault }
        let named: [String: String] = ["daily": "every day", "day": "every day", "weekly": "every week", "week": "every week",
                                       "weekdays": "every weekday", "biweekly": "every 2 weeks", "fortnight": "every 2 weeks",
                                       "monthly": "every month", "month": "every month", "quarterly": "every 3 months",
                                       "yearly": "every year", "annual": "every year", "year": "every year"]
        var rule = named[t]
        if rule == nil {
            let digits = t.prefix { $0.isNumber }
            let unit = t.dropFirst(digits.count)
            let n = Int(digits) ?? 1
            let units: [String: String] = ["d": "day", "days": "day", "w": "week", "wk": "week", "wks": "week", "weeks": "week",
                                           "m": "month", "mo": "month", "mos": "month", "months": "month", "y": "year", "yrs": "year", "years": "year", "b": "weekday"]
            guard let u = units[String(unit)], n > 0 else { return nil }
            if u == "weekday" {
                // "every 2 business days" has no RFC 5545 form; only a single weekday step maps.
                guard n == 1, strict else { return nil }
                rule = "every weekday"
            } else if strict {
                rule = n == 1 ? "every \(u)" : "every \(n) \(u)s"
            } else {
                rule = "\(n) \(u)\(n == 1 ? "" : "s") after done"
            }
        }
        guard let rule, (try? RecurrenceRule.parse(rule)) != nil else { return nil }
        return rule
    }

    /// A short, stable hash for keys (FNV-1a, 64-bit, hex).
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }
}
