/// The units a habit's amounts may be counted in.
/// What a habit counts in: one of the units Carousel knows (count, sec, min, hours, km, steps,
/// kcal, g, ml, oz) or any plain word a person counts in ("pages", "glasses", "laps").
public struct HabitUnit: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    /// A plain word: letters only (hyphens inside), at most 20, lowercased. Nil for anything else.
    public init?(rawValue: String) {
        let word = rawValue.trimmingCharacters(in: .whitespaces).lowercased()
        guard (1...20).contains(word.count), word.first!.isLetter, word.last!.isLetter,
              word.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        self.rawValue = word
    }

    private init(known: String) { rawValue = known }

    public static let count = HabitUnit(known: "count"), sec = HabitUnit(known: "sec"), min = HabitUnit(known: "min"),
        hours = HabitUnit(known: "hours"), km = HabitUnit(known: "km"), steps = HabitUnit(known: "steps"),
        kcal = HabitUnit(known: "kcal"), g = HabitUnit(known: "g"), ml = HabitUnit(known: "ml"), oz = HabitUnit(known: "oz")
    /// The units Carousel knows the spellings of (`25 min`, `3 hrs`).
    public static let known = [count, sec, min, hours, km, steps, kcal, g, ml, oz]
    public static let list = known.map(\.rawValue).joined(separator: ", ")
}

/// The span a habit's target covers: one day, a week (Monday to Sunday) or a calendar month.
public enum HabitPeriod: String, Sendable, CaseIterable {
    case day, week, month
}

/// One day in a habit's log: an amount, or a skip with an optional note.
public enum HabitLogEntry: Equatable, Sendable {
    case amount(Double)
    /// A skip. With a note the day leaves the 40% rule; without one it counts as missed.
    case skip(note: String?)

    public var amount: Double {
        if case let .amount(a) = self { return a }
        return 0
    }

    public var isSkip: Bool {
        if case .skip = self { return true }
        return false
    }

    /// A skip that carries a reason: the day is excused, not missed.
    public var isExcused: Bool {
        if case let .skip(note) = self { return !(note ?? "").isEmpty }
        return false
    }

    /// The value as written in the file: `2`, `12.5`, `skip` or `skip — note`.
    public var text: String {
        switch self {
        case let .amount(a): return HabitLogEntry.format(a)
        case let .skip(note): return note.map { $0.isEmpty ? "skip" : "skip — \($0)" } ?? "skip"
        }
    }

    /// `2` for a whole number, `12.5` otherwise.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// One habit as read from `habits/<slug>.md`.
public struct Habit: Sendable, Equatable {
    public var id: String?
    public var slug: String
    /// Path relative to the vault root, e.g. `habits/brush-teeth.md`.
    public var path: String
    public var title: String
    /// The rule text as written; `every day` when the file has none.
    public var repeatText: String = "every day"
    public var rule: RecurrenceRule = RecurrenceRule(frequency: .daily)
    /// The amount to reach in each `period`.
    public var target: Double = 1
    public var period: HabitPeriod = .day
    public var unit: HabitUnit = .count
    public var start: Day?
    public var end: Day?
    public var archived = false
    public var created: DateValue?
    public var icon: String?
    public var color: String?
    /// The log, one entry per date.
    public var log: [Day: HabitLogEntry] = [:]
    /// `paused:` spans of days the habit is not scheduled (`HabitPause`).
    public var pauses: [HabitPause] = []

    public init(slug: String, path: String, title: String) {
        self.slug = slug
        self.path = path
        self.title = title
    }

    /// The recurrence anchor (DTSTART): `start`, else the `created` date, else the first logged day.
    public var anchor: Day? { start ?? created?.day ?? log.keys.min() }

    /// Whether the habit asks for a repetition on `day`: inside start…end, not archived, and on the rule.
    public func isScheduled(on day: Day) -> Bool {
        guard !archived else { return false }
        if let start, day < start { return false }
        if let end, day > end { return false }
        if pauses.contains(where: { $0.contains(day) }) { return false }
        return rule.occurs(on: day, anchor: anchor ?? day)
    }

    /// The amount logged on `day` (0 for a skip or nothing).
    public func amount(on day: Day) -> Double { log[day]?.amount ?? 0 }
}
