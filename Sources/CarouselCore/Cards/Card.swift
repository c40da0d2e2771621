/// What a card is: a task to do, an idea to keep, or an event to count down to.
public enum CardKind: String, Sendable, CaseIterable, Codable {
    case task, idea, event
}

/// One card as read from `cards/**/<slug>.md`. Only the contract fields are typed here; the
/// file keeps everything else, and writes go through `FrontMatterDocument` so nothing is lost.
public struct Card: Sendable, Equatable {
    /// Stable id (a ULID), nil for a hand-made file that has not been written by Carousel yet.
    public var id: String?
    /// File name without `.md`. Never changes when the title does.
    public var slug: String
    /// Path relative to the vault root, e.g. `cards/work/finish-the-report.md`.
    public var path: String
    public var title: String
    public var kind: CardKind = .task
    /// Energy cost, 1–5.
    public var spoons: Int = 1
    /// 1–5.
    public var importance: Int = 1
    public var category: String?
    public var tags: [String] = []
    public var due: DateValue?
    public var start: DateValue?
    public var duration: String?
    /// `tz:` the zone `due` and `start` are readings of (an Olson name or `UTC`); nil for
    /// floating times (see `ZonedTime`).
    public var timeZone: String?
    /// The recurrence rule text as written; nil when the card does not repeat.
    public var repeatRule: String?
    /// Slug or id of the parent card.
    public var parent: String?
    /// The day the card was pulled into Today. It only counts on that day.
    public var today: Day?
    /// Completion date-time of a one-off card.
    public var done: DateValue?
    /// Completed occurrence dates of a repeating card.
    public var completed: [Day] = []
    /// Skipped occurrence dates of a repeating card.
    public var skipped: [Day] = []
    /// `except:` dates a repeating card's rule would give but that are left out (RFC 5545 EXDATE).
    public var exceptDates: [Day] = []
    /// `also:` dates a repeating card occurs on besides its rule's (RFC 5545 RDATE).
    public var alsoDates: [Day] = []
    /// The first day a repeating card's rule counts from (`series_start`); nil when not stored,
    /// and then derived (see `Series.start(of:)`).
    public var seriesStart: Day?
    /// `wait:` (as in Taskwarrior): the card stays out of the carousel, board and home until this day.
    public var wait: Day?
    public var created: DateValue?
    public var emoji: String?
    /// `first_step:` the first physical step ("open the laptop"), shown in place of the whole task.
    public var firstStep: String?
    public var color: String?
    /// `blocked_by:` the cards this one waits for, as written (TaskNotes' dependencies).
    public var blockedBy: [Blocker] = []
    /// The names in `blockedBy` whose card is not done (or cannot be found), as the index worked
    /// them out when the card was read; never stored in the file. Empty for a card parsed from
    /// its text alone.
    public var openBlockers: [String] = []

    public init(slug: String, path: String, title: String) {
        self.slug = slug
        self.path = path
        self.title = title
    }

    /// The handle used for hashing and references: the id, or the path while there is none.
    public var key: String { id ?? path }

    public var isRepeating: Bool { repeatRule != nil }

    /// Whether the card can be fixed at a time of day: it has a start time, or it is an event
    /// (what the timeline and the day's clock read, `DayClock.fixedStart`).
    public var canBeFixed: Bool { kind == .event || start?.minutes != nil }

    /// Whether the card counts as done on `day`: a one-off card once `done` is set, a repeating
    /// card when that day's occurrence is completed or skipped.
    public func isDone(on day: Day) -> Bool {
        if isRepeating { return completed.contains(day) || skipped.contains(day) }
        return done != nil
    }

    /// Whether the card is in Today's list on `day`.
    public func isPulled(on day: Day) -> Bool { today == day }

    /// Whether the card waits for another that is not done yet: it stays out of the carousel,
    /// suggestions, `pick` and the board until then.
    public var isBlocked: Bool { !openBlockers.isEmpty }

    /// The emoji or icon to show before the title.
    public var icon: String? { emoji }
}
